"""The forecast follows each Response usable once an attack is chosen (#28 round 19).

A playtester held Plate Splitter (+2 power against an Armored monster, a Response after
the attack is chosen) and the attack's line said "wound 1": the forecast passed the
window and said nothing of what using it would do. Now it forecasts the line of each
Response usable there (`Forecast.if_used`), held to what the game does by
`check_forecasts` like the line passing every window.
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, check_forecasts


def brawler_at_cut() -> Game:
    """Caellahan (Brawler: Power Through, +1 power for 1 ME) with Brute Force (Heave: +2
    power for 1 ME), a Sword, against the Abomination (no armor, 5 health)."""
    return (
        Scenario("caellahan", level=2, ruleset=load_ruleset())
        .resources(se=10, me=3)
        .skills("brute-force")
        .weapon("base:sword")
        .monster("abomination")
        .start("battle")
    )


def test_an_attack_forecasts_each_response_to_choosing_it() -> None:
    game = brawler_at_cut()
    f = game.query().forecast(act.Attack("cut"))
    assert f.power == 2 and f.passes == 1 and f.used is None  # the window passed
    lines = {line.used: line for line in f.if_used}
    assert set(lines) == {
        act.Use("base:brawler", "power-through"),
        act.Use("base:brute-force", "brute-force-heave"),
    }
    through = lines[act.Use("base:brawler", "power-through")]
    heave = lines[act.Use("base:brute-force", "brute-force-heave")]
    assert (through.power, through.wounds, through.paid) == (3, 3, {"se": 2, "me": 1})
    assert (heave.power, heave.wounds, heave.defeated) == (4, 4, False)
    assert through.used_at == heave.used_at == 0  # at the first window


def test_each_line_is_what_the_game_does_with_it() -> None:
    game = brawler_at_cut()
    assert check_forecasts(game) == len(game.legal_actions())  # the lines too, on forks
    fork = game.fork()
    fork.apply(act.Attack("cut"))
    fork.apply(act.Use("base:brawler", "power-through"))
    fork.apply(act.Pass())
    assert fork.state.monster is not None and fork.state.monster.health == 5 - 3


def test_options_without_such_a_window_have_no_lines() -> None:
    game = brawler_at_cut()
    for action in game.legal_actions():
        if not isinstance(action, act.Attack):
            assert game.query().forecast(action).if_used == ()
