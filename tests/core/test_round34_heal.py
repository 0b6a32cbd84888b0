"""#28 playtest round 34 (34b-3): the Grave Warden at 5/5, "2. Fight the monster now —
Relentless: heals to 5/5", in the Response prompt ("Pass — …; Relentless: heals to 5/5")
and in the log ("The monster is at full health (Relentless): 5/5"): a heal that cannot
change anything was warned of. A rule's heal of 0 does not act: the forecast names no
rule for it and the log says nothing of it. A heal that changes the health is named as
before; a rolled HEAL row at full health is still said (its roll is)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario
from unbroken.words.actions import option_text
from unbroken.words.events import Narrator

CONTENT = (
    Path(__file__).resolve().parents[2] / "plugins/unbroken-gauntlet/src/unbroken_gauntlet/content"
)
WARDEN = "gauntlet:grave-warden"


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The base game and the Gauntlet's keywords and monsters (its skills need its code)."""
    folder = tmp_path_factory.mktemp("gauntlet")
    for name in ("keywords.toml", "monsters.toml"):
        shutil.copy(CONTENT / name, folder / name)
    return load_plugins(["base", "gauntlet"], extra=[("gauntlet", FolderPlugin(folder))]).ruleset


def warden(rules: Ruleset, at: str) -> Game:
    """Maxyn against the Grave Warden at full health (5/5), its rolls all MISSes."""
    scenario = Scenario("maxyn-zenma", level=3, ruleset=rules).resources(se=20, me=3)
    return scenario.monster(WARDEN).dice(*[1] * 8).start(at)


def lines(game: Game) -> list[str]:
    q = game.query()
    legal = game.legal_actions()
    return [
        option_text(a, why, game.state, game.ruleset, q.forecast(a))
        for a, why in game.options()
        if a in legal
    ]


def relentless(f: object) -> bool:
    return any(a.rule == "Relentless" for a in getattr(f, "rules", ()))


def test_fight_at_full_health_names_no_heal(rules: Ruleset) -> None:
    game = warden(rules, "preparation")
    mo = game.state.monster
    assert mo is not None and mo.health == mo.max_health == 5
    fight = next(a for a in game.legal_actions() if isinstance(a, act.Fight))
    f = game.query().forecast(fight)
    assert not relentless(f), f.rules
    assert f.healed == 0
    said = "\n".join(lines(game))
    assert "Fight the monster now" in said and "Relentless" not in said and "heals" not in said, (
        said
    )


def test_the_response_prompt_at_full_health_names_no_heal(rules: Ruleset) -> None:
    game = warden(rules, "battle")
    game.apply(act.Skip())  # the Warden rolls a 1 (MISS): its window, then your turn
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    assert not relentless(game.query().forecast(act.Pass()))
    said = "\n".join(lines(game))
    assert "Relentless" not in said and "heals to 5/5" not in said, said


def test_the_log_says_nothing_of_a_heal_of_nothing(rules: Ruleset) -> None:
    game = warden(rules, "battle")
    narrator = Narrator(rules)
    for event in game.events:
        narrator.describe(event)
    taken = game.apply(act.Skip()) + game.apply(act.Pass())
    heals = [e for e in taken if isinstance(e, ev.MonsterChanged) and e.why == "heal"]
    assert heals and heals[0].health == 5  # Relentless acted on the game: it changed nothing
    said = [line for e in taken if (line := narrator.describe(e))]
    assert not any("Relentless" in line or "full health" in line for line in said), said


def test_a_heal_that_heals_is_still_named(rules: Ruleset) -> None:
    # Wounded to 4/5: Relentless heals 1 before your turn, said on the option and in the log.
    game = warden(rules, "battle")
    game.apply(act.Attack("shove"))  # its armor broken
    while game.decision is not None and game.decision.kind == "response":
        game.apply(act.Pass())
    attack = next(a for a in game.legal_actions() if isinstance(a, act.Attack))
    game.apply(attack)
    while (
        game.decision is not None
        and game.decision.kind == "response"
        and game.decision.trigger != "after_monster_roll"
    ):
        game.apply(act.Pass())
    mo = game.state.monster
    assert mo is not None and mo.health < mo.max_health, mo
    f = game.query().forecast(act.Pass())
    assert relentless(f) and f.healed == 1, f.rules
    assert any("Relentless: heals to" in line for line in lines(game)), lines(game)
