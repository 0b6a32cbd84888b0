"""Round 16's playtest (#28): the log's "could respond, but no ability use is left" asks the
core what a Response could have done (`Query.cannot_help`), as the options and the
pointless check do, on the state its events fold to."""

from __future__ import annotations

import dataclasses

import msgspec

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.pointless import MISSED, SAME_ROW
from unbroken.core.query import Query
from unbroken.core.reducer import fold
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, mixed_walk
from unbroken.words.actions import label
from unbroken.words.events import Narrator

ROLLS = (m.ModifyRoll, m.Reroll)


def _said(game: Game) -> list[str]:
    narrator = Narrator(game.ruleset)
    return [line for e in game.events if (line := narrator.describe(e))]


def _check_window(game: Game) -> tuple[int, int]:
    """At a window right after the monster's roll, check each roll Response on offer (see
    the test); return how many were asked and how many the pointless check agreed on."""
    rules = game.ruleset
    d = game.decision
    if d is None or d.kind != "response" or d.trigger != "after_monster_roll":
        return 0, 0
    at = max(
        i
        for i, e in enumerate(game.events)
        if isinstance(e, ev.DieRolled) and e.purpose == "combat"
    )
    die = game.events[at]
    assert isinstance(die, ev.DieRolled)
    if len([e for e in game.events[at:] if isinstance(e, ev.RollSet)]) != 1:
        return 0, 0  # changed since by a Response: the log spoke before it
    folded = Query(rules, fold(game.events[: at + 1]))
    uses = [a for a in game.legal_actions() if isinstance(a, act.Use)]
    asked = agreed = 0
    for use in uses:
        ability = rules.ability(use.source, use.ability)
        assert ability is not None
        if not all(isinstance(e, ROLLS) for e in ability.effects):
            continue
        window = Query(rules, game.state).cannot_help(ability.effects)
        assert folded.cannot_help(ability.effects, die.value) == window
        asked += 1
        found = game.pointless()
        if len(uses) == 1 and found and found[1] in (SAME_ROW, MISSED):
            assert window == found[1]
            agreed += 1
    return asked, agreed


def test_the_log_asks_at_the_die_what_the_window_asks_after_it() -> None:
    # Over bot games: at every window after the monster's roll, each roll Response on offer
    # gets the same answer from the state folded up to the die's event with the die's value
    # (what the log has when it speaks) as from the game's state at the window; where the
    # window is pointless for the roll (SAME_ROW, MISSED) with one Response, the same why.
    rules = load_ruleset()
    characters = sorted(rules.characters)
    asked = agreed = 0
    for i in range(24):
        seed = 1_600 + i
        game = Game.new(rules, characters[i % len(characters)], "normal", seed)
        for _ in mixed_walk(game, seed):
            found = _check_window(game)
            asked, agreed = asked + found[0], agreed + found[1]
    assert asked > 20 and agreed > 3, (asked, agreed)


def test_dodge_is_not_said_where_lowering_the_roll_lands_on_a_row_doing_the_same() -> None:
    # The Troll's rows 2 and 3 both lose 3 SE: Dodge lowering a 3 changes nothing, so no
    # "Dodge could respond" (before: said, the words compared only a roll already at 1).
    # Lowering a 6 (WOUND) to a 5 (STEAL) would have changed it: said. A 4 is a HEAL at
    # full health, which does nothing: lowering it to a WOUND only costs (round 19).
    for die, said in ((3, False), (6, True), (4, False)):
        scenario = Scenario("mae-el", level=4).resources(se=20).ability_uses(0)
        game = scenario.monster("troll").dice(die, *[6] * 9).start("battle")
        game.apply(act.Skip())
        log = _said(game)
        assert any("Dodge [Sneak] could respond" in line for line in log) is said, log


def test_power_through_is_not_said_on_an_attack_that_defeats_the_monster_anyway() -> None:
    # Round 16: "Power Through could respond, but no ability use is left" on a killing
    # blow, where +1 power could not have changed anything. Said where it could have.
    # The Gibberling has health 3 and no armor: the Heavy Blow (3) defeats it, the Bash (2)
    # does not.
    for attack, said in (("heavy-blow", False), ("bash", True)):
        scenario = Scenario("caellahan", level=1).resources(se=20, me=3).ability_uses(0)
        game = scenario.weapon("club").monster("gibberling").dice(*[6] * 9).start("battle")
        game.apply(act.Attack(attack))
        log = _said(game)
        assert any("Power Through [Brawler] could respond" in line for line in log) is said, log


def _sidestep_label(die: int, rules: Ruleset | None = None) -> str:
    """Return the Sidestep option's line after the Troll's roll of `die` (with I've Seen
    Worse on offer too, so the window is not pointless)."""
    scenario = Scenario("caellahan", level=4, ruleset=rules).resources(se=20).ability_uses(3)
    game = scenario.skills("sidestep").monster("troll").dice(die, *[3] * 9).start("battle")
    game.apply(act.Skip())
    step = act.Use("base:sidestep", "sidestep-step")
    assert step in game.legal_actions()
    return label(step, game.state, game.ruleset)


def test_sidestep_is_marked_no_use_where_the_lower_row_does_the_same() -> None:
    # Round 16: against the Troll, Sidestep (pay 2 SE, lower the roll) was offered with no
    # word where its 3 and 2 both lose 3 SE; marked as the MISS case is. Where the row
    # lowered to does something else (6 WOUND to 5 STEAL), it is not. Round 19: the 4 is a
    # HEAL at full health, which does nothing: lowered to a WOUND it only costs.
    assert _sidestep_label(3).endswith("(no use now: rows 2 and 3 do the same)")
    assert "no use now" not in _sidestep_label(6)
    assert _sidestep_label(4).endswith("(no use now: the Troll's HEAL does nothing now)")


def test_a_row_with_the_same_loss_and_another_effect_is_not_the_same() -> None:
    # The rows are compared by all they do: a WOUND 3 that also adds a Paralyzed token is
    # not the WOUND 3 above it; it is worse (round 19: a loss as large and a bad token).
    base = load_ruleset()  # shared: changed only on a copy
    troll = base.monsters["base:troll"]
    table = list(troll.table)
    token = m.AddTokens(condition="base:paralyzed", amount=1)
    table[1] = msgspec.structs.replace(table[1], effects=[*table[1].effects, token])
    changed = msgspec.structs.replace(troll, table=table)
    rules = dataclasses.replace(base, monsters={**base.monsters, "base:troll": changed})
    text = _sidestep_label(3, rules)
    assert "do the same" not in text and text.endswith("(no use now: row 2 is worse for you)")
