"""The forecast in words, playtest round 3 (#28): the monster's row being resolved is in
every option's preview, and a death is said the same way on every option of a decision,
certain or ("if you use no Response") not."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.testing import Scenario, play
from unbroken.words.actions import option_detail, option_text
from unbroken.words.events import Narrator


def goblin_wounds(se: int) -> Game:
    """The Brawler against the Goblin, its WOUND row (lose 2 SE) rolled; `se` before the
    Club's Crack (1 SE). The window after the monster's roll (I've Seen Worse) is open."""
    game = (
        Scenario("caellahan", level=2)
        .resources(se=se, food=2)
        .weapon("club")
        .monster("goblin")
        .dice(6, 6, 6)
        .start("battle")
    )
    play(game, act.Attack("crack"))
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    return game


def lines(game: Game) -> dict[act.Action, tuple[str, str]]:
    """Return each option that can be taken: its line and its detail line."""
    s, rules = game.state, game.ruleset
    return {
        a: (option_text(a, why, s, rules), option_detail(a, s, rules))
        for a, why in game.options()
        if not why
    }


def test_the_rolled_wound_row_is_in_every_options_preview_in_the_wound_loss_window() -> None:
    # R-BATTLE-6, R-EFFECT-2: the WOUND row's loss waits for the wound_loss Responses; Pass
    # there (and Just a Scratch) still say what the row takes.
    game = goblin_wounds(se=6)
    assert "Goblin's WOUND: lose 2 SE" in lines(game)[act.Pass()][0]
    game.apply(act.Pass())  # I've Seen Worse not used
    assert game.decision is not None and game.decision.trigger == "wound_loss"
    said = lines(game)
    assert "Goblin's WOUND: lose 2 SE" in said[act.Pass()][0]
    assert "Goblin's WOUND: lose 2 SE" in said[act.Pass()][1]
    scratch = act.Use("base:brawler", "just-a-scratch")
    assert "Goblin's WOUND: lose 1 SE" in said[scratch][0]


def dies(game: Game, action: act.Action) -> bool:
    f = game.query().forecast(action)
    return any(isinstance(e, ev.GameOver) and not e.won for e in f.events)


def test_every_option_that_kills_says_so_and_no_other_does() -> None:
    # R-RES-5: 1 SE left, the WOUND row takes 2. Passing both windows kills; Just a Scratch
    # (lose 1 less) saves. Each option of each decision says it the same way.
    game = goblin_wounds(se=2)
    first = lines(game)
    line, detail = first[act.Pass()]
    # Not certain: Just a Scratch may still be used in the window after.
    assert line.endswith("⚠ you die (Goblin's WOUND) if you use no Response"), line
    assert detail.endswith(  # its own words first, the warning after (round 27)
        "⚠ You die if you then use no Response (Just a Scratch [Brawler]): "
        "Goblin's WOUND takes effort you do not have."
    ), detail
    game.apply(act.Pass())
    second = lines(game)
    assert second[act.Pass()][0].endswith("⚠ you die (Goblin's WOUND)")
    assert "⚠ You die: Goblin's WOUND takes effort" in second[act.Pass()][1]
    for said in (first, second):
        for action, (line, detail) in said.items():
            killed = dies(game, action) if said is second else action == act.Pass()
            assert ("you die" in line) == killed, line
            assert ("You die" in detail) == killed, detail
            assert "die" not in line.replace("you die", "")


def test_a_kept_result_that_kills_says_so() -> None:
    # R-RES-5 with I've Seen Worse's two results: keeping the WOUND (lose 2 SE) with 1 SE
    # left kills (no wound_loss Response left: Just a Scratch's uses are gone).
    game = (
        Scenario("caellahan", level=2)
        .resources(se=2, food=2)
        .ability_uses(1)
        .weapon("club")
        .monster("goblin")
        .dice(6, 1)
        .start("battle")
    )
    play(game, act.Attack("crack"), act.Use("base:brawler", "ive-seen-worse"))
    said = lines(game)
    assert said[act.PickRoll(6)][0].endswith("⚠ you die (Goblin's WOUND)"), said
    assert "die" not in said[act.PickRoll(1)][0]


def test_a_rule_that_acts_as_the_battle_starts_is_named_with_its_kind() -> None:
    # R-EFFECT-2 (battle_start): the Basilisk's Petrifying Gaze acts as the battle starts,
    # not as an ambush; the Fight option's preview and the log say "(at battle start)".
    game = Scenario("maxyn-zenma", level=4).resources(se=10).monster("basilisk").start()
    line = option_text(act.Fight(), "", game.state, game.ruleset)
    assert "Petrifying Gaze (at battle start): gain Paralyzed with 2 tokens now" in line, line
    narrator = Narrator(game.ruleset)
    for event in game.events:
        narrator.describe(event)
    said = [narrator.describe(e) for e in game.apply(act.Fight())]
    assert "Petrifying Gaze (at battle start): you gain Paralyzed with 2 tokens now." in said, said
    # The same line outside the battle's start is not named after it.
    assert Narrator(game.ruleset).describe(ev.ConditionGained("base:paralyzed", True, 2)) == (
        "You gain Paralyzed with 2 tokens now."
    )


def test_a_scouted_monsters_extra_attack_cost_is_noted_for_the_battle() -> None:
    # R-BATTLE-3: the Shaman's Hex of Heaviness (+1 SE a weapon attack) is in play only in
    # the Combat phase; scouted in Travel, the Hand notes what the battle will add.
    from unbroken.words.monster import battle_cost_note

    game = Scenario("maxyn-zenma", level=4).monster("shaman").start()
    assert battle_cost_note(game.state, game.ruleset) == "+1 SE in battle: Hex of Heaviness"
    battle = Scenario("maxyn-zenma", level=4).monster("shaman").dice(1, 1).start("battle")
    assert battle_cost_note(battle.state, battle.ruleset) == ""  # in the costs already
    orc = Scenario("maxyn-zenma", level=3).monster("orc").start()
    assert battle_cost_note(orc.state, orc.ruleset) == ""
