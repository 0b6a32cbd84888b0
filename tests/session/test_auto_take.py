"""A decision with exactly one answer is taken for the player (the auto-take setting, on by
default) and said in the log; an optional Response that can be used is never passed for
them; taking back the player's decision takes back those taken after it."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings, settings_path
from unbroken.play.session import GameSession
from unbroken.plugins import current_plugins, load_plugins
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.words.actions import label


def starving_session() -> GameSession:
    """Hunger at level 2 with no food and no SE: 'Eat 0 food' is the only answer."""
    game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")
    return GameSession(game)


def test_only_answer_is_offered_only_when_on_and_single() -> None:
    session = starving_session()
    assert session.game.legal_actions() == [act.Eat(0)]
    assert session.only_answer() is None  # off unless the front end turns it on
    session.auto_take = True
    assert session.only_answer() == act.Eat(0)
    session.apply(act.Eat(0), auto=True)
    assert session.game.is_over and session.only_answer() is None


def test_an_optional_response_that_can_be_used_is_never_taken_for_the_player() -> None:
    # Daring at the battle start: Use or Pass is a choice.
    game = (
        Scenario("tomu", level=2)
        .resources(se=5, me=0, le=0)
        .weapon("knife")
        .skills("daring")
        .monster("crazed-survivor")
        .dice(2)
        .start("battle")
    )
    session = GameSession(game)
    session.auto_take = True
    assert game.decision is not None and game.decision.kind == "response"
    assert session.only_answer() is None


def test_taking_back_a_decision_takes_back_those_taken_for_the_player_after_it() -> None:
    session = GameSession.start(current_plugins(), "caellahan", "normal", seed=3, keep=False)
    session.auto_take = True
    # Find a decision that leads to one taken for the player: Preparation, Explore, keep a
    # card; then Resolve or Rest. Play the first legal action until an auto-take happens.
    taken: list[act.Action] = []
    for _ in range(60):
        start = session.game.state.decisions
        action = session.game.legal_actions()[0]
        session.apply(action)
        while (only := session.only_answer()) is not None:
            session.apply(only, auto=True)
            taken.append(only)
        if taken and not session.why_not_take_back():
            before = start
            break
        taken.clear()
    else:
        raise AssertionError("no decision followed by an auto-taken one could be taken back")
    assert session.take_back() == action
    assert session.game.state.decisions == before


def test_the_full_screen_game_takes_a_single_answer_and_says_so() -> None:
    from textual.widgets import RichLog

    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.gameover import GameOverScreen

    game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")
    app = UnbrokenApp(current_plugins().ruleset, animate=False, game=game, record=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)  # Eat 0 was the only answer
            app.pop_screen()
            await pilot.pause()
            lines = [str(line.text) for line in app.screen.query_one("#log", RichLog).lines]
            assert any("Taken for you: Eat 0 food." in line for line in lines)
            # The full log (`l`) shows what the log panel wrote, this line too.
            await pilot.press("l")
            full = app.screen.query_one("#full-log", RichLog).lines
            assert any("Taken for you: Eat 0 food." in str(line.text) for line in full)

    asyncio.run(look())


def test_with_auto_take_off_the_single_answer_waits() -> None:
    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.game import GameScreen

    assert save_settings(Settings(auto_take=False), settings_path()) == ""
    game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")
    app = UnbrokenApp(current_plugins().ruleset, animate=False, game=game, record=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and not game.is_over

    asyncio.run(look())


def test_the_text_game_takes_a_single_answer_and_says_so() -> None:
    from unbroken.play.text import TextGame

    game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")
    text = TextGame.resumed(game.ruleset, game, None)
    out = io.StringIO()
    assert text.loop(io.StringIO(""), out) == 0
    assert "Taken for you: Eat 0 food.\nYou eat 0 of the 2 food you need." in out.getvalue()
    assert game.is_over


def test_a_committed_card_that_cannot_be_paid_is_shown_not_forfeited_for_the_player() -> None:
    # R-TRAVEL-7: committed (Eavesdropping) to the next card, Bribing the Whelps, with no
    # treasure: keeping the one card is taken and said; accepting that it cannot be paid
    # waits for the player, naming the card, what it asked and the time it costs; the
    # line of the card kept says what comes next, not that nothing was gained (#28 round 4).
    game = (
        Scenario("tomu")
        .resources(se=13, treasure=0)
        .encounters("bribing-the-whelps")
        .commit()
        .start("exploration")
    )
    session = GameSession(game)
    session.auto_take = session.auto_pass = True
    lines: list[str] = []
    session.take_for_player(lambda line, events: lines.append(line))
    assert lines == [
        "Taken for you: keep Bribing the Whelps (1 treasure -> 2 SE + 1 cunning,"
        " time 1; cannot pay: you will gain nothing from it)."
    ]
    assert game.legal_actions() == [act.Forfeit()]
    assert session.for_player() is None
    assert label(act.Forfeit(), game.state, game.ruleset) == (
        "Accept that you cannot pay Bribing the Whelps's 1 treasure: gain nothing, lose 1 time"
    )


def test_a_committed_card_that_can_be_paid_is_shown_not_resolved_for_the_player() -> None:
    # R-TRAVEL-7, #28 round 5: committed to the next card, Cold Spring, with the SE to pay:
    # keeping the one card revealed is taken and said, but its exchange waits for the
    # player, who had not seen the card (it was revealed and resolved in one key press).
    game = Scenario("tomu").resources(se=13).encounters("cold-spring").commit().start("exploration")
    session = GameSession(game)
    session.auto_take = session.auto_pass = True
    lines: list[str] = []
    session.take_for_player(lambda line, events: lines.append(line))
    assert len(lines) == 1 and lines[0].startswith("Taken for you: keep Cold Spring")
    assert game.legal_actions() == [act.Resolve()]
    assert session.for_player() is None
    assert game.state.chosen == "base:cold-spring"


HEAVY = """
[[conditions]]
id = "heavy"
name = "Heavy Boots"
text = "Each Exploration step reveals 1 fewer card."

[[conditions.abilities]]
id = "heavy-boots"
name = "Heavy Boots"
type = "passive"
text = "Exploration reveals 1 fewer card."
modifiers = [{ kind = "reveal", amount = -1 }]
"""


def test_rest_on_a_card_the_player_was_not_shown_waits(tmp_path: Path) -> None:
    # #28 round 16 (Grave Dirt): one card revealed, kept for the player (free, the only
    # one), then Rest, the only answer with no SE, was taken too: 2 time gone on a card
    # seen only in the log. Keeping it is still taken; the Rest waits for the player.
    plugin = FolderPlugin(write_pack(tmp_path / "x", {"conditions.toml": HEAVY}))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    game = (
        Scenario("tomu", seed=3, ruleset=rules)
        .resources(se=0, me=0, le=0)
        .condition("x:heavy")
        .encounters("a-safe-place", "metal-scraps")
        .start("exploration")
    )
    session = GameSession(game)
    session.auto_take = True
    assert game.legal_actions() == [act.ChooseEncounter("base:a-safe-place")]
    taken = session.only_answer()
    assert taken == act.ChooseEncounter("base:a-safe-place")  # free: kept for the player
    session.apply(taken, auto=True)
    assert game.legal_actions() == [act.Rest()]  # A Safe Place costs 1 SE: only Rest
    assert session.only_answer() is None  # 3 time on a card not yet shown: it waits


def test_rest_on_a_card_the_player_chose_is_still_taken() -> None:
    # The player chose the card among two: Rest, its only answer, is theirs already.
    game = (
        Scenario("tomu", seed=3)
        .resources(se=0, me=0, le=0)
        .encounters("abandoned-hovel", "metal-scraps")
        .start("exploration")
    )
    session = GameSession(game)
    session.auto_take = True
    session.apply(act.ChooseEncounter("base:abandoned-hovel"))
    assert session.only_answer() == act.Rest()
