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
    assert kept.plain.endswith(f"{t} left ▼-{cost}"), kept.plain
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Rest)))
    after, _ = time_row(game.state, RULES, {"time": -cost}, False)
    assert after.plain.endswith(f"{t - cost} left ▼-{cost}"), after.plain  # the change made
