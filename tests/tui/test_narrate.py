"""The words of the game: decision labels and the log's sentences (unbroken.words)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import label
from unbroken.words.events import Narrator

RULES = load_ruleset()


def said(game_events: list[ev.Event], narrator: Narrator) -> list[str]:
    return [line for e in game_events if (line := narrator.describe(e))]


def test_orienteer_while_committed_says_it_reveals_nothing_more() -> None:
    # R-TRAVEL-7: committed, the next Exploration reveals exactly 1 card, whatever
    # Orienteer adds; the choice and the log say so instead of promising 2 more cards.
    for committed in (False, True):
        scenario = Scenario("caellahan")
        game = (scenario.commit() if committed else scenario).start()
        narrator = Narrator(RULES)
        said(game.events, narrator)
        orienteer = next(a for a in game.legal_actions() if isinstance(a, act.Orienteer))
        text = label(orienteer, game.state, RULES)
        assert text.startswith("Orienteer: pay 1 SE, reveal 2 more cards")
        assert ("no use now: you are committed" in text) is committed
        lines = said(game.apply(orienteer), narrator)
        promise = "The next Exploration reveals 2 more cards."
        assert (promise in lines) is not committed
        assert any("you are committed" in line for line in lines) is committed
        game.apply(act.Explore())
        assert len(game.state.revealed) == (1 if committed else 4)


def test_orienteer_unused_at_the_fight_is_said_to_be_lost() -> None:
    # R-TRAVEL-8: the log says the extra cards are lost when the Travel Phase ends.
    game = Scenario("caellahan").monster("kobold").dice(1, 1, 1, 1).start()
    narrator = Narrator(RULES)
    said(game.events, narrator)
    said(game.apply(act.Orienteer()), narrator)
    lines = said(game.apply(act.Fight()), narrator)
    assert "2 extra cards to reveal lost, unused." in lines
    # Used by an Exploration, nothing is lost and nothing is said.
    game = Scenario("caellahan").start()
    narrator = Narrator(RULES)
    said(game.events, narrator)
    lines = said(game.apply(act.Orienteer()), narrator) + said(game.apply(act.Explore()), narrator)
    assert not [line for line in lines if "lost" in line]


def test_a_skill_offered_says_when_its_response_happens() -> None:
    # Second Wind's printed text is "Gain 3 SE.": offered as a skill it must not read
    # as an immediate gain. Texts that already say when are left as printed.
    offer = act.ChooseSkill("base:second-wind")
    game = Scenario("caellahan").start()
    text = label(offer, game.state, RULES)
    assert text == "Keep Second Wind: When the monster is defeated: gain 3 SE."
    for skill in RULES.skills.values():
        said = label(act.ChooseSkill(skill.id), game.state, RULES)
        for ability in skill.abilities:
            assert ability.text[1:] in said  # the printed words are all there
            if ability.type == "response":
                lowered = said.lower()
                assert any(w in lowered for w in ("after", "when", "at the start", "once per"))
    ambusher = label(act.ChooseSkill("base:ambusher"), game.state, RULES)
    assert ambusher.count("Battle step") == 1  # not said twice


def test_using_an_ability_named_like_its_card_names_it_once() -> None:
    from unbroken.core import events as ev

    narrator = Narrator(RULES)
    line = narrator.describe(ev.AbilityUsed("base:second-wind", "second-wind-victory", False, ""))
    assert line == "You use Second Wind."
    # #28: as the option names it (a skill by its card; with its ability when it has several).
    line = narrator.describe(ev.AbilityUsed("base:wrecker", "wrecker-follow-up", False, "turn"))
    assert line == "You use Wrecker (Follow Up)."
    line = narrator.describe(ev.AbilityUsed("base:lucky", "lucky-reroll", False, "battle"))
    assert line == "You use Lucky."  # the option says "Lucky", not "Lucky Break [Lucky]"


def test_a_condition_without_tokens_is_not_said_to_have_0() -> None:
    from unbroken.core import events as ev

    narrator = Narrator(RULES)
    narrator.describe(ev.ConditionGained("base:frightened", True, 0, 2))
    line = narrator.describe(ev.ConditionChanged("base:frightened", 0, 1))
    assert line == "Frightened: for 1 round."  # outside the battle's rounds, as the Hand says
    narrator.describe(ev.ConditionGained("base:poisoned", True, 3, 0))
    assert narrator.describe(ev.ConditionChanged("base:poisoned", 2, 0)) == "Poisoned: 2 tokens."
    assert narrator.describe(ev.ConditionChanged("base:poisoned", 0, 0)) == "Poisoned: 0 tokens."


def test_keeping_a_rerolled_result_names_the_row_it_points_at() -> None:
    # I've Seen Worse: roll again, keep either; each choice says what it will do.
    game = Scenario("caellahan").monster("kobold").dice(2, 5).start("battle")
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Skip)))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Use)))
    assert game.state.decision == "pick_roll"
    table = RULES.monsters["base:kobold"].table
    labels = [label(a, game.state, RULES) for a in game.legal_actions()]
    assert labels[0].startswith(f"Keep the 2: {table[1].result} (")
    assert labels[1].startswith(f"Keep the 5: {table[4].result} (")
    # With a bonus on the monster's roll, the row is the one the result comes to.
    game.state.roll_bonus = 1
    assert label(game.legal_actions()[0], game.state, RULES).startswith(
        f"Keep the 2 → 3: {table[2].result} ("
    )


def test_an_encounter_detail_names_its_group_in_words() -> None:
    from unbroken.core.game import Game
    from unbroken.tui.details import detail

    card = next(c for c in RULES.encounters.values() if c.group == "se")
    game = Game.new(RULES, "tomu", seed=1)
    assert detail(act.ChooseEncounter(card.id), game).startswith(f"{card.name} (SE, time ")


def test_dodge_on_a_roll_of_1_says_it_can_do_nothing() -> None:
    # R-EFFECT-4: 1 - 1 is clamped back to 1; Dodge would cost 1 SE and a use for nothing.
    for roll, useless in ((1, True), (2, False), (6, False)):
        game = Scenario("maxyn-zenma").monster("kobold").dice(roll).start("battle")
        game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Skip)))
        dodge = next(a for a in game.legal_actions() if isinstance(a, act.Use))
        text = label(dodge, game.state, RULES)
        assert text.startswith("Dodge [Sneak] (pay 1 SE, 1 ability use)")
        assert ("(no use now: the roll comes to 1 either way)" in text) is useless


def test_what_an_ability_does_is_tagged_with_the_ability_not_its_class_card() -> None:
    # A class card has three abilities: "[Sage]" does not say which one gave the time.
    game = Scenario("tomu").resources(cunning=1).dice(6).start()
    narrator = Narrator(RULES)
    said(game.events, narrator)
    lines = said(game.apply(act.Use("base:sage", "dangerous-idea")), narrator)
    assert lines[0] == "You use Dangerous Idea [Sage] (one ability use)."
    assert "You gain 1 time [Dangerous Idea]." in lines
    # The next decision's changes are tagged afresh: Focus pays as "Focus".
    lines = said(game.apply(act.Focus()), narrator)
    assert lines[0].endswith("[Focus].")


def test_a_roll_outside_1_to_6_is_said_to_be_kept_within_them() -> None:
    from unbroken.core import events as ev

    narrator = Narrator(RULES)
    line = narrator.describe(ev.RollSet(0, [], "base:sneak"))
    assert line == "The roll is now 0, kept within 1-6 [Sneak]."
    assert narrator.describe(ev.RollSet(5, [], "base:sneak")) == "The roll is now 5 [Sneak]."


def test_the_text_game_marks_the_row_the_roll_comes_to() -> None:
    # The plain-text table marks the row as the full-screen one does: bonus included,
    # only while the monster's roll may still be changed.
    from unbroken.play.text import TextGame

    scenario = Scenario("caellahan").condition("frightened").monster("kobold").dice(2, 5)
    game = scenario.start("battle")
    text_game = TextGame.resumed(RULES, game, None)
    assert not [line for line in text_game.display().splitlines() if line.startswith("   >")]
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Skip)))
    marked = [line for line in text_game.display().splitlines() if line.startswith("   >")]
    assert len(marked) == 1 and marked[0].startswith("   >3 ")


def test_resolving_a_remedy_with_no_condition_in_play_says_it_does_nothing() -> None:
    for conditions in ((), ("crippled",)):
        scenario = Scenario("caellahan").resources(food=3, se=10).encounters("healing-herbs")
        for c in conditions:
            scenario = scenario.condition(c)
        game = scenario.start("exploration")
        game.apply(act.ChooseEncounter("base:healing-herbs"))
        resolve = next(a for a in game.legal_actions() if isinstance(a, act.Resolve))
        text = label(resolve, game.state, RULES)
        assert text.startswith("Resolve Healing Herbs: ")
        assert ("; no use now: no condition in play)" in text) is (not conditions)


def test_the_text_game_wraps_between_words_at_80_columns() -> None:
    import io

    from unbroken.play.text import TextGame

    out = io.StringIO()
    game = TextGame(RULES, "tomu", "normal", 7, {}, record=False)
    assert game.loop(io.StringIO("\n" * 400), out) == 0  # Enter: the first that can be taken
    # Input is not echoed here, so a prompt and the next line share one line.
    lines = [line for line in out.getvalue().splitlines() if "q to quit]: " not in line]
    assert lines and max(len(line) for line in lines) <= 80
    text = out.getvalue()
    # Round 28: an action's row says what it does in short (its card's words in `i`).
    option = "   8. Dangerous Idea [Sage] (1 ability use): roll the die: if it is above the\n"
    assert option in text
    assert "\n      level, gain 1 time\n" in text
    assert "MISS: nothing" not in text and "MISS: no effect" in text  # as the full screen


def test_a_class_ability_says_it_takes_an_ability_use() -> None:
    # R-ABILITY-1: a class card's abilities share the level's pool of uses; a skill's do not.
    game = Scenario("huckdorf").skills("trapper").resources(wood=1).start()
    labels = {a.source: label(a, game.state, RULES) for a in game.legal_actions()
              if isinstance(a, act.Use)}  # fmt: skip
    assert labels["base:hunter"].startswith("Forage [Hunter] (pay 2 time, 1 ability use): ")
    # A skill by its own name (not "Set Traps [Trapper]"), as the card in hand reads.
    assert labels["base:trapper"].startswith("Trapper (pay 1 wood + 1 time): ")


def test_an_encounter_you_cannot_pay_for_keeps_its_resolve_option_dimmed() -> None:
    # R-TRAVEL-5: Resolve is not legal without the spend; it stays listed, saying why.
    from unbroken.words.actions import option_text

    for le in (0, 1):
        game = Scenario("caellahan").resources(le=le).encounters("juicy-bats").start("exploration")
        game.apply(act.ChooseEncounter("base:juicy-bats"))
        offered = game.options()
        assert [a for a, _ in offered] == [act.Resolve(), act.Rest()]  # the same keys
        assert (act.Resolve() in game.legal_actions()) is bool(le)
        resolve = option_text(act.Resolve(), offered[0][1], game.state, RULES)
        assert resolve.startswith("Resolve Juicy Bats: 1 LE -> ")
        assert resolve.endswith(" (cannot pay)") is (not le)


def test_the_text_game_names_the_setup_once() -> None:
    # R-SETUP-3: the Easy skill choice comes before the first step; "Setup: Setup" said it twice.
    from unbroken.core.game import Game
    from unbroken.play.text import TextGame

    game = Game.new(RULES, "helena", "easy", 20)
    text_game = TextGame.resumed(RULES, game, None)
    assert text_game.display().splitlines()[0] == "Level 1 | Setup | time 7 | ability uses 1"
    game.apply(game.legal_actions()[0])
    assert text_game.display().splitlines()[0].startswith("Level 1 | Travel: Preparation | ")


def test_snare_against_a_monster_without_armor_says_it_does_nothing() -> None:
    # R-EFFECT-2: Snare breaks armor; against no armor it costs 2 SE and a use for nothing.
    for monster, useless in (("wererat", True), ("kobold", False)):
        game = Scenario("huckdorf").monster(monster).start("battle")
        snare = act.Use("base:hunter", "snare")
        assert snare in game.legal_actions()
        text = label(snare, game.state, RULES)
        assert text.startswith("Snare [Hunter] (pay 2 SE, 1 ability use)")
        assert ("(no use now: the monster has no armor)" in text) is useless


def test_a_remedy_that_could_only_remove_a_helpful_condition_says_so() -> None:
    # R-COND-1: Shake It Off must remove a condition; with only Armored it would take that.
    for conditions, warned in ((("armored",), True), (("armored", "crippled"), False)):
        scenario = Scenario("caellahan").resources(me=2).encounters("shake-it-off")
        for c in conditions:
            scenario = scenario.condition(c)
        game = scenario.start("exploration")
        game.apply(act.ChooseEncounter("base:shake-it-off"))
        text = label(act.Resolve(), game.state, RULES)
        assert text.startswith("Resolve Shake It Off: ")
        assert ("; it would remove Armored, which helps you)" in text) is warned


def test_a_weapon_back_from_being_knocked_aside_is_not_said_to_be_in_hand() -> None:
    # R-WEAPON-4: it returns to its own place in the stack, under a weapon crafted meanwhile.
    from unbroken.core import events as ev

    narrator = Narrator(RULES)
    assert narrator.describe(ev.SetAsideTicked(["base:club"])) == "The Club comes back."
    both = narrator.describe(ev.SetAsideTicked(["base:club", "base:knife"]))
    assert both == "The Club and the Knife come back."
    assert narrator.describe(ev.SetAsideTicked([])) is None


def test_an_option_that_cannot_be_taken_now_says_why_in_a_short_line() -> None:
    # R-DIGI-3: listed in its place, with the reason; an ability's what it does kept as
    # Focus's, then why (37b-5).
    from unbroken.words.actions import option_text

    game = Scenario("tomu").resources(se=3).monster("hyena").start("battle")
    assert game.decision is not None
    assert game.decision.kind == "player_turn"
    texts = {a: option_text(a, why, game.state, RULES) for a, why in game.options()}
    assert texts[act.Attack("shove")] == "Attack with Shove (no armor to break)"
    assert texts[act.Focus()] == "Focus: pay 4 SE, gain 1 ME (cannot pay)"
    cold_logic = act.Use("base:sage", "cold-logic")
    cunning = RULES.card_abilities("base:sage")[1].cost["cunning"]  # Cold Logic's cost
    assert texts[cold_logic] == (
        f"Cold Logic [Sage] (pay {cunning} cunning, 1 ability use): gain 1 SE + 1 ME (cannot pay)"
    )
    assert texts[act.Attack("punch")] == "Attack with Punch: wound 1 - pay 2 SE"
    assert texts[act.Downgrade()] == "Downgrade (nothing to give up)"
    assert texts[act.Skip()] == "Skip your turn"


def test_trickery_that_costs_a_weapon_reads_as_a_sentence() -> None:
    # R-COMBAT-2: the Crazed Survivor is tricked by giving up your weapon, not by paying it.
    survivor = Scenario("caellahan").weapon("club").monster("crazed-survivor").start("trickery")
    assert label(act.Trick(), survivor.state, RULES) == (
        "Trick the Crazed Survivor: downgrade your weapon; no battle, no rewards"
    )
    kobold = Scenario("caellahan").resources(cunning=3).monster("kobold").start("trickery")
    assert label(act.Trick(), kobold.state, RULES).startswith("Trick the Kobold: pay 2 cunning;")


def test_a_trick_that_cannot_be_paid_is_said_not_skipped_in_silence() -> None:
    # R-COMBAT-2: with too little cunning the Trickery step offers nothing; the log says why.
    for cunning, offered in ((0, False), (2, True)):
        game = Scenario("caellahan").resources(cunning=cunning).monster("kobold").start()
        narrator = Narrator(RULES)
        said(game.events, narrator)
        lines = said(game.apply(act.Fight()), narrator)
        note = "You cannot trick the Kobold (2 cunning)."
        assert (note in lines) is not offered, lines
        assert game.decision is not None
        assert (game.decision.kind == "trickery") is offered


def test_an_encounter_you_cannot_pay_for_is_marked_before_you_keep_it() -> None:
    # R-TRAVEL-5: keeping a card you cannot pay for leaves only Rest (or, committed, nothing).
    game = Scenario("caellahan").encounters("juicy-bats", "abandoned-hovel").start("exploration")
    texts = [label(a, game.state, RULES) for a in game.legal_actions()]
    # What the rest gives is said there (#28 round 10: read only in the inspector).
    bats = RULES.encounters["base:juicy-bats"]
    rest = f" (cannot pay: rest, gain {bats.time} SE)"
    assert texts[0].startswith("Juicy Bats: ") and texts[0].endswith(rest)
    assert texts[1].startswith("Abandoned Hovel: ") and "cannot pay" not in texts[1]


def test_an_option_paid_with_higher_effort_says_what_it_takes() -> None:
    # R-RES-4: short of SE, ME pays the rest (forced, never chosen): the option says so,
    # and why, before you pick it; one that pays with what it gains says it is no use.
    from unbroken.words.actions import option_detail, option_text

    game = Scenario("tomu").resources(se=3, me=1, le=2, cunning=0).start("preparation")
    texts = {a: option_text(a, why, game.state, RULES) for a, why in game.options()}
    assert texts[act.Plan()] == "Plan: pay 4 SE, gain 1 cunning (paid as 3 SE + 1 ME: short of SE)"
    assert option_detail(act.Plan(), game.state, RULES).endswith(
        "Paid as 3 SE + 1 ME: short of SE, ME pays the rest."
    )
    assert texts[act.Focus()] == (
        "Focus: pay 4 SE, gain 1 ME (no use now: needs 4 SE, you have 3, so ME pays the rest:"
        " 3 SE + 1 ME to gain 1 ME)"
    )
    assert texts[act.Inspiration()] == (  # round 16: what is missing first
        "Inspiration: pay 2 ME, gain 1 LE (no use now: needs 2 ME, you have 1, so LE pays the"
        " rest: 1 ME + 1 LE to gain 1 LE)"
    )
    rich = Scenario("tomu").resources(se=10, me=0, le=2).start("preparation")
    texts = {a: option_text(a, why, rich.state, RULES) for a, why in rich.options()}
    assert texts[act.Focus()] == "Focus: pay 4 SE, gain 1 ME"  # SE enough: as printed


def test_a_cost_that_cannot_be_paid_says_what_could_pay_it() -> None:
    # R-RES-4: ME and LE pay what SE lacks, for a weapon attack too; the reason says what
    # is held (a player read "cannot pay" at 0 SE with 3 ME as "attacks take SE only").
    from unbroken.words.actions import option_text

    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=0, me=1)
        .weapon("club")
        .monster("shaman")
        .dice(1, 1, 1)
        .start("battle")
    )
    texts = {a: option_text(a, why, game.state, RULES) for a, why in game.options()}
    # Hex of Heaviness: weapon attacks cost 1 SE more; it is named with the cost.
    assert texts[act.Attack("crack")] == (
        "Attack with Crack: break 1 armor - pay 2 SE (Hex of Heaviness +1; "
        "cannot pay 2 SE: you have 1 ME, which pays only 1 SE)"
    )
    assert texts[act.Focus()] == (
        "Focus: pay 4 SE, gain 1 ME (cannot pay 4 SE: you have 1 ME, which pays only 1 SE)"
    )


def test_an_effort_loss_paid_with_higher_effort_says_what_was_asked() -> None:
    # R-RES-4: Poisoned's "lose 1 SE" at 0 SE takes 1 ME; the log says why.
    from unbroken.core import events as ev

    narrator = Narrator(RULES)
    line = narrator.describe(ev.Lost({"me": 1}, "base:poisoned", {"se": 1}))
    assert line == ("You lose 1 ME [Poisoned] (1 SE asked: short of SE, ME pays it all).")


def test_a_committed_exploration_is_not_headed_resolve_or_rest() -> None:
    # R-TRAVEL-7: committed, there is no Rest; the menu's heading says so.
    from unbroken.words.prompts import prompt_text

    for committed in (False, True):
        scenario = Scenario("caellahan").encounters("metal-scraps")
        game = (scenario.commit() if committed else scenario).start("exploration")
        game.apply(act.ChooseEncounter("base:metal-scraps"))
        assert game.decision is not None
        text = prompt_text(game.decision.prompt, game.state)
        want = "committed, resolve the encounter" if committed else "resolve the encounter or rest"
        assert text == f"Exploration: {want}"


def test_the_text_game_names_an_option_it_refuses_and_the_one_enter_takes() -> None:
    import io

    from unbroken.play.text import TextGame

    out = io.StringIO()
    game = TextGame(RULES, "tomu", "normal", 7, {}, record=False)
    assert game.loop(io.StringIO("4\n\nq\n"), out) == 0  # 4: Inspiration, with no ME
    text = out.getvalue()
    assert "  Not now: Inspiration: pay 2 ME, gain 1 LE (cannot pay).\n" in text
    assert "  1. Explore (go to the Exploration step)\n" in text.split("Not now")[1]


def test_a_skill_is_offered_by_its_own_name() -> None:
    # Issue #18: "Brute Force", not "Heave [Brute Force]".
    game = Scenario("huckdorf").skills("brute-force").start()
    use = act.Use("base:brute-force", "brute-force-heave")
    assert label(use, game.state, RULES).startswith(
        "Brute Force (pay 1 ME, once per turn): After choosing"
    )
