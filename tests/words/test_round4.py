"""Playtest round 4 (#28): what the options say against what the rules then do."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.ruleset import Ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail, option_text
from unbroken.words.cards import describe_skill
from unbroken.words.events import Narrator
from unbroken.words.forecast import shown_ability


def test_revealing_more_cards_while_committed_says_it_is_no_use(unearthed: Ruleset) -> None:
    # R-TRAVEL-7: committed, the next Exploration reveals exactly 1 card: Delve (reveal 3
    # more) would spend its SE and an ability use for nothing, as Orienteer says it would.
    for committed in (True, False):
        sc = Scenario("unearthed:orla-vane", level=2, ruleset=unearthed).resources(se=10)
        game = (sc.commit() if committed else sc).start()
        delve = act.Use("unearthed:gravedigger", "dig-deep")
        assert delve in game.legal_actions()
        text = option_text(delve, "", game.state, game.ruleset)
        assert ("(no use now: you are committed to 1 card)" in text) is committed, text


def test_paralyzed_at_six_tokens_is_said_once_to_take_every_turn_left() -> None:
    # R-COND-2 + the Paralyzed card: a turn is lost unless the die shows more than the
    # tokens; at 6 no roll does. The Basilisk's GAZE takes 5 tokens to 6: the option
    # warns, and the log says it once as the tokens get there (#28 round 4: 17 rounds
    # went by with "You will lose your next turn." and nothing more).
    game = (
        Scenario("caellahan", level=4)
        .resources(se=30)
        .monster("basilisk")
        .condition("paralyzed", tokens=3)  # 5 once the Petrifying Gaze acts
        .dice(*[1, 2] * 12)  # each round: the check fails, the monster GAZEs
        .start("battle")
    )
    assert game.state.conditions[0].tokens == 5 and game.query().turn_lock() is None
    text = option_text(act.Pass(), "", game.state, game.ruleset)
    assert text.endswith("⚠ Paralyzed 6: you cannot act again this fight"), text
    detail = option_detail(act.Pass(), game.state, game.ruleset)
    # Its own words first, the warning after (round 27).
    assert "⚠ Paralyzed at 6 tokens: no roll of the die is higher" in detail, detail
    narrator = Narrator(game.ruleset)
    said = []
    for _ in range(4):
        said += [narrator.describe(e) or "" for e in game.apply(act.Pass())]
    locked = [line for line in said if "you lose every turn left in this fight" in line]
    assert len(locked) == 1 and locked[0].startswith("Paralyzed: 6 tokens. "), said
    assert game.query().turn_lock() == ("base:paralyzed", 9)
    # Once it holds, the options no longer repeat it (the log said it).
    assert "cannot act again" not in option_text(act.Pass(), "", game.state, game.ruleset)


def test_a_card_paid_with_what_it_gains_says_so_where_it_is_kept() -> None:
    # R-RES-4: short of ME, Burying a Friend's 1 ME is paid with 1 LE, to gain 1 LE: the
    # keep step says so, as Resolve and Inspiration do (#28 round 4).
    for me, wasted in ((0, True), (1, False)):
        scenario = Scenario("tomu", level=2).resources(me=me, le=3)
        game = scenario.encounters("burying-a-friend").start()
        game.apply(act.Explore())
        keep = act.ChooseEncounter("base:burying-a-friend")
        text = option_text(keep, "", game.state, game.ruleset)
        note = (  # round 16, 24
            "; no use now: needs 1 ME, you have 0, so LE pays it all: 1 LE to gain 1 LE:"
            " rest, gain 1 SE)"
        )
        assert text.endswith(note) is wasted, text


def test_a_skills_ability_is_named_in_the_card_as_in_the_options() -> None:
    # One name per card (#28 round 4): the options said "Grim Determination (pay 3 SE)"
    # and the inspector "Press On (Battle action)".
    rules = Scenario().rules
    for skill in rules.skills.values():
        lines = describe_skill(rules, skill)
        for ability in skill.abilities:
            shown = shown_ability(rules, skill.id, ability.name)
            heads = [line.strip() for line in lines if line.startswith("  ") and "(" in line]
            assert any(h.startswith(shown.removesuffix(")")) for h in heads), (shown, lines)
    grim = describe_skill(rules, rules.skills["base:grim-determination"])
    assert "  Grim Determination (Battle action)" in grim, grim
    scenario = Scenario("caellahan", level=2).skills("grim-determination").monster("goblin")
    game = scenario.start("battle")
    use = act.Use("base:grim-determination", "grim-determination-press")
    assert option_text(use, "", game.state, game.ruleset).startswith("Grim Determination (")
