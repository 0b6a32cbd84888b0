"""Round 25's playtest (#28): an action's timing says what its option says in battle."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.query import Query
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.cards import describe_card
from unbroken.words.vocabulary import timing_words

RULES = load_ruleset()


def test_cold_logic_says_on_the_sheet_what_its_battle_option_says() -> None:
    # Round 25: "Cold Logic (Action, any time)" on the New game sheet read as "free,
    # whenever"; in battle its option said "(pay 2 cunning, 1 ability use; it takes your
    # turn)".
    game = Scenario("helena").resources(se=10, cunning=3).monster("hyena").start("battle")
    use = act.Use("base:sage", "cold-logic")
    said = option_text(use, "", game.state, RULES)
    assert "it takes your turn" in said.partition(": ")[0], said
    logic = RULES.ability("base:sage", "cold-logic")
    assert logic is not None
    sheet = timing_words(logic)
    assert "any time" not in sheet
    assert sheet == "Action, Preparation or battle; in battle it takes your turn"
    cards = "\n".join(describe_card(RULES, "base:sage"))  # `i`, `unbroken cards`
    assert f"  Cold Logic ({sheet})\n" in cards, cards


def test_every_actions_timing_says_it_takes_the_turn_exactly_when_its_option_does() -> None:
    # Over every action of the cards loaded: its timing words say "it takes your turn"
    # where the core ends the battle turn on it, and not where it gives another turn
    # (Grim Determination's "then take another turn") or is only for travel.
    checked = 0
    for source, abilities in [
        *((c.id, c.abilities) for c in RULES.classes.values()),
        *((s.id, s.abilities) for s in RULES.skills.values()),
    ]:
        for ability in abilities:
            if ability.type != "action":
                continue
            says = "it takes your turn" in timing_words(ability)
            if ability.timing == "travel":
                assert not says, ability.id
                continue
            game = (
                Scenario("helena")
                .resources(**{k: 5 for k in m.RESOURCES if k != "time"})
                .skills(*([source] if source in RULES.skills else []))
                .monster("hyena")
                .start("battle")
            )
            use = act.Use(source, ability.id)
            if use not in game.legal_actions():
                continue  # another class's: its sheet is checked by the same rule
            assert says == Query(RULES, game.state).ends_turn(use), ability.id
            checked += 1
    assert checked >= 4
