"""Round 17's playtest (#28): after "You keep Weapon Rack" the Display's time row still read
"7 left" until Resolve or Rest; the time to come is shown while a card is kept."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.display_chips import time_row

RULES = load_ruleset()


def test_the_time_row_shows_the_time_a_kept_card_will_take() -> None:
    game = Scenario("caellahan").encounters("weapon-rack").start("exploration")
    t = game.state.res["time"]
    before, _ = time_row(game.state, RULES, {}, False)
    assert before.plain.endswith(f"{t} left"), before.plain
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    assert game.state.res["time"] == t  # R-TRAVEL-6: it goes afterwards
    kept, _ = time_row(game.state, RULES, {}, False)
    cost = RULES.encounters["base:weapon-rack"].time
    # Round 19: "7 left ▼-2" read as already paid; the cost is said as one to come.
    assert kept.plain.endswith(f"{t} left, −{cost} to come"), kept.plain
    assert "▼" not in kept.plain, kept.plain
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Rest)))
    after, _ = time_row(game.state, RULES, {"time": -cost}, False)
    assert after.plain.endswith(f"{t - cost} left ▼−{cost}"), after.plain  # the change made


def test_the_time_to_come_fits_an_80_column_display() -> None:
    """At 80x24 the Display has 32 cells: "7 left, −2 to come" wrapped under the bar. Round
    21: the bar keeps its cells, the time to come is the note under it (it gave up cells
    here before)."""
    game = Scenario("caellahan").encounters("weapon-rack").start("exploration")
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    line, note = time_row(game.state, RULES, {}, False, 32)
    assert len(line.plain) <= 32, line.plain
    assert line.plain.count("█") + line.plain.count("░") == 6, line.plain
    assert note == "−2 to come", note
    full, _ = time_row(game.state, RULES, {}, False, 80)
    assert full.plain.count("█") + full.plain.count("░") == 6  # the whole bar where it fits
