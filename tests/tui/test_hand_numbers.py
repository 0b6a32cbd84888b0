"""#28 playtest: the Hand showed an attack's printed numbers while the options said the
effective ones (a Passive's change ignored). In a battle the Hand now shows the
forecast's numbers for every attack that can be taken, with the card that changes
them by its own name, as the option's line does."""

from __future__ import annotations

from pilot import sync

from unbroken.core import actions as act
from unbroken.core.query import Query
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.game import GameScreen
from unbroken.tui.hand import attack_lines
from unbroken.tui.widgets import HandText
from unbroken.words.actions import label

RULES = load_ruleset()


@sync
async def test_the_hand_shows_the_attacks_effective_numbers_in_a_battle() -> None:
    # R-COND: Weakened (Feeble) takes 1 from wounding attacks' power.
    game = (
        Scenario("tomu", seed=3)
        .resources(se=12)
        .weapon("knife")
        .condition("weakened")
        .monster("gibberling")
        .dice(*[3] * 20)
        .start("battle")
    )
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = " ".join(str(screen.query_one(HandText).render()).split())  # unwrapped
        assert "Stab: wound 1 (Weakened −1) ← 2 SE" in hand, hand
        assert "Quick cut: wound 0 (Weakened −1) ← 1 SE" in hand, hand
        options = " ".join(
            " ".join(str(o.prompt).split())
            for o in screen.query_one("#decisions", DecisionPanel).options
        )
        # Cut to one row, its cost kept before the bracket (#28 round 28; the detail line says it).
        assert "Stab: wound 1… - pay 2 SE" in options  # the same numbers as the option


@sync
async def test_outside_a_battle_the_hand_shows_the_printed_numbers() -> None:
    game = Scenario("tomu", seed=3).resources(se=12).weapon("knife").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Stab: wound 2 ← 2 SE" in str(screen.query_one(HandText).render())


def test_the_hand_shows_the_effective_numbers_of_attacks_not_on_offer_now() -> None:
    # Round 16: the Hand said "Bash: wound 2" while the option said "wound 1 (Thick Hide
    # −1)": an attack with no forecast now (the Bugbear Warlord's armor up, a Response
    # window, a cost not held) showed its printed power. It shows the power after the
    # Passives in play, named as the option names them; once Bash is on offer the two agree.
    game = (
        Scenario("caellahan", level=3)
        .resources(se=20, me=0)
        .weapon("club")
        .monster("bugbear-warlord")
        .dice(*[3] * 40)
        .start("battle")
    )
    assert act.Attack("bash") not in game.legal_actions()  # armor 1 up
    lines = attack_lines(game.state, RULES, {})
    assert "Bash: wound 1 (Thick Hide −1) ← 3 SE" in lines, lines
    assert "Heavy blow: wound 2 (Thick Hide −1) ← 1 ME" in lines, lines  # no ME held
    game.apply(act.Attack("crack"))
    while act.Attack("bash") not in game.legal_actions():
        game.apply(act.Pass() if act.Pass() in game.legal_actions() else act.Skip())
    query = Query(RULES, game.state)
    forecasts = {a: query.forecast(a) for a in game.legal_actions()}
    assert "Bash: wound 1 (Thick Hide −1) ← 3 SE" in attack_lines(game.state, RULES, forecasts)
    assert "Bash: wound 1 (Thick Hide −1)" in label(act.Attack("bash"), game.state, RULES)
