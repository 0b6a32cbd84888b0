"""Round 10's words (#28): what an option's line says when the README playtester met it."""

from __future__ import annotations

from test_round5 import wound_window

from unbroken.advisor.analysis import Analysis
from unbroken.cli.analyze import text_report
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.state import ConditionState, Phase, StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.inspector import named_cards
from unbroken.words.actions import label, option_detail, option_text
from unbroken.words.cards import condition_in_play
from unbroken.words.effects import effect_text
from unbroken.words.events import Narrator


def test_a_loss_the_player_cannot_pay_is_said_as_death_not_as_lose_nothing() -> None:
    # #28 round 10: at the Lich's WOUND with 1 SE and 1 ME, Pass read "Lich's WOUND: lose
    # nothing — ⚠ you die (Lich's WOUND)": the loss was never paid, the game ended.
    game = wound_window("tomu", se=1, me=0)
    assert game.decision is not None and game.state.pending_loss == 2
    f = game.query().forecast(act.Pass())
    text = option_text(act.Pass(), "", game.state, game.ruleset, f)
    assert "lose nothing" not in text
    assert text.endswith(" — ⚠ you die (Goblin's WOUND)")
    # The engine agrees: the game ends lost to the WOUND.
    events = game.apply(act.Pass())
    assert any(isinstance(e, ev.GameOver) and not e.won for e in events)


def test_a_permanent_condition_gained_for_the_next_level_is_said_to_stay() -> None:
    # #28 round 10: the Hobgoblin's reward read "Armored next level" and the log "You gain
    # Armored for the next level", while `unbroken cards conditions` says it stays until
    # removed (R-COND-1: permanent conditions stay). A one-level condition is unchanged.
    rules = load_ruleset()
    hob = rules.monsters["base:hobgoblin"]
    assert [effect_text(e, rules) for e in hob.rewards] == [
        "gain 1 metal",
        "gain Armored from the next level on",
    ]
    daze = [e for row in hob.table for e in row.effects if getattr(e, "condition", "")]
    assert effect_text(daze[0], rules) == "gain Crippled for the next level"
    narrator = Narrator(rules)
    gained = ev.ConditionGained(condition="base:armored", active=False)
    assert narrator.describe(gained) == "You gain Armored from the next level on."
    crippled = ev.ConditionGained(condition="base:crippled", active=False)
    assert narrator.describe(crippled) == "You gain Crippled for the next level."
    held = ConditionState(id="base:armored", active=False)
    assert condition_in_play(held, rules)[0] == "Armored (from next level on)"


def test_the_inspector_names_the_conditions_a_monster_rewards() -> None:
    # #28 round 10: `i` on the Hobgoblin named Crippled and Amnesia (its table) but not
    # Armored, its reward.
    rules = load_ruleset()
    assert "base:armored" in named_cards(rules, ["base:hobgoblin"])


def test_a_monster_that_cannot_be_tricked_says_so_at_the_trickery_step() -> None:
    # #28 round 10: the Lich's "Trickery: not possible" showed neither on the stage nor in
    # the log at the Trickery step (the Mound Crawler's unpaid trick was said).
    rules = load_ruleset()
    untrickable = next(mo for mo in rules.monsters.values() if mo.trickery is None)
    narrator = Narrator(rules)
    narrator.describe(ev.MonsterRevealed(untrickable.id, untrickable.armor, untrickable.health))
    said = [
        narrator.describe(ev.StepEntered(phase=Phase.COMBAT, step=StepName.TRICKERY)),
        narrator.describe(ev.StepEntered(phase=Phase.COMBAT, step=StepName.BATTLE)),
    ]
    assert said[1] == f"The {rules.card_name(untrickable.id)} cannot be tricked."


def test_analyzes_header_says_when_taken_may_read_above_chance() -> None:
    # #28 round 10: the header said Taken is "never above" Chance, and a certain option's
    # Taken (the next position's chance, on other futures) read 11 % under a Chance of 4 %.
    header = " ".join(text_report(Analysis(100, 20, 0, "won"), "a game").splitlines()[:4])
    assert "never above it, or where" not in header
    # (round 25: what it allows for where the race stopped early is said inside the brackets)
    assert "(so never above it;" in header
    assert "against its own); but where nothing random came between" in header
    assert "it may read above this one" in header


def test_the_levels_last_ability_use_says_which_responses_it_leaves_without() -> None:
    # #28 round 11: Take a Peek took the level's only ability use and Dodge then could not
    # respond, said only afterwards ("could respond, but no ability use is left"). The
    # detail line says it before (the option line stays short: at level 1 every use is the
    # last).
    peek = act.Use("base:sneak", "take-a-peek")
    last = Scenario("maxyn-zenma").ability_uses(1).start()
    spare = Scenario("maxyn-zenma").ability_uses(2).start()
    said = option_detail(peek, last.state, last.ruleset)
    assert said.endswith(
        " Your last ability use this level: none left for Flexible (skill-draw Response) or"
        " Dodge (battle Response)."
    ), said
    assert "last ability use" not in option_detail(peek, spare.state, spare.ruleset)
    assert "your last" not in label(peek, last.state, last.ruleset)


def test_analyzes_verdicts_take_the_width_they_are_given() -> None:
    # #28 round 11: with COLUMNS=250 every verdict was still cut at 40 characters.
    from dataclasses import replace

    from unbroken.advisor.chances import Estimate, Figure
    from unbroken.advisor.choice import Choice
    from unbroken.advisor.paired import Difference

    choice = Choice(
        5, 1, "preparation", 3, "Forage", "Rest", "Forage", Estimate(40, 100),
        Figure.of(Estimate(30, 100)), Difference(2, 14, 100),
    )  # fmt: skip
    choice = replace(choice, taken_changes="pays 2 time, gains 1 food", best_changes="gains 2 SE")
    verdict = choice.verdict()
    assert len(verdict) > 40
    narrow = text_report(Analysis(100, 20, 9, "won", [choice]), "a game").splitlines()[6]
    wide = text_report(Analysis(100, 20, 9, "won", [choice]), "a game", 250).splitlines()[6]
    assert narrow.endswith("…") and not narrow.endswith(verdict)
    assert wide.endswith(verdict)


def test_a_kill_by_an_ability_is_said_as_a_weapons_kill() -> None:
    # #28 round 11: a killing Heroic Effort read "— reward 2 treasure" where a killing
    # weapon attack reads "— defeats it: 1 ME + 2 treasure".
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, le=2)
        .skills("heroic-perseverance")
        .monster("troglodyte")
        .dice(1, 1, 1, 1)
        .start("battle")
    )
    while game.decision is not None and game.decision.kind != "player_turn":
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else act.Pass())
    assert game.state.monster is not None and game.state.monster.health <= 3
    effort = act.Use("base:heroic-perseverance", "heroic-perseverance-effort")
    text = option_text(effort, "", game.state, game.ruleset)
    assert " — defeats it: " in text and "reward" not in text, text
