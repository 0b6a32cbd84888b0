"""README playtest round 20 (#28): decisions taken for the player, said as such."""

from __future__ import annotations

import asyncio
import io

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.pointless import NO_EFFECT, SAME_RESULT
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.events import Narrator
from unbroken.words.passing import passed_line

RULES = load_ruleset()
LUCKY = act.Use("base:lucky", "lucky-reroll")
ASKED_AMBUSHER = act.Use("base:ambusher", "ambusher-first-blood")


def _log(events: list[ev.Event], narrator: Narrator) -> list[str]:
    return [line for e in events if (line := narrator.describe(e))]


def at_the_goblins_roll(*dice: int) -> tuple[Game, Narrator]:
    """Tomu (Lucky) in Lucky's window at the Goblin's first roll, the log said so far."""
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=3)
        .skills("lucky")
        .monster("goblin")
        .dice(*dice)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "after_monster_roll":
        game.apply(act.Skip() if act.Skip() in game.legal_actions() else act.Pass())
    narrator = Narrator(RULES)
    _log(game.events, narrator)
    assert LUCKY in game.legal_actions()
    return game, narrator


def test_a_reroll_that_comes_up_the_same_is_said_taken_for_you() -> None:
    # #28 round 20: Lucky re-rolled the same 5; "Keep which result?" was not asked (both
    # are the same), but the log said only "The roll is now 5 [Lucky]." — a choice taken
    # for the player, not said as one.
    game, narrator = at_the_goblins_roll(6, 6, 6, 6, 6, 6)
    roll = game.state.roll
    lines = _log(game.apply(LUCKY), narrator)
    taken = [line for line in lines if line.startswith("Taken for you: ")]
    assert len(taken) == 1, lines
    assert f"Keep the {roll}" in taken[0] and SAME_RESULT in taken[0], lines
    assert not [line for line in lines if line.startswith("The roll is now")], lines


def test_a_reroll_that_comes_up_different_is_asked_not_taken() -> None:
    game, narrator = at_the_goblins_roll(6, 3)
    assert game.state.roll == 6
    lines = _log(game.apply(LUCKY), narrator)
    assert not [line for line in lines if "Taken for you" in line], lines
    assert "Rolled again: keep 6 or 3?" in lines


def at_battle_start(monster: str, *skills: str) -> Game:
    """Huckdorf (a Hunter: Snare) with `skills` at the start of a battle on level 2."""
    return (
        Scenario("huckdorf", level=2)
        .resources(se=10, cunning=2)
        .skills(*skills)
        .monster(monster)
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )


def test_passing_a_response_that_could_act_is_said() -> None:
    # #28 round 20: a Pass at the battle's opening "Use a Response?" left no line in the log
    # (Ambusher's 2 wounds thrown away unsaid). A Response that would do nothing here (Snare
    # against the Abomination's 0 armor) is not named.
    game = at_battle_start("abomination", "ambusher")
    legal = game.legal_actions()
    assert ASKED_AMBUSHER in legal and act.Pass() in legal
    line = passed_line(act.Pass(), legal, game.state, RULES)
    assert line.startswith("You pass: ") and "Ambusher" in line, line
    assert "Snare" not in line, line
    # Not a Pass, or nothing that could act: nothing said.
    assert passed_line(ASKED_AMBUSHER, legal, game.state, RULES) == ""
    snare_only = at_battle_start("abomination")
    assert passed_line(act.Pass(), snare_only.legal_actions(), snare_only.state, RULES) == ""


def test_the_text_game_says_a_pass() -> None:
    from unbroken.play.text import TextGame

    game = at_battle_start("abomination", "ambusher")
    options = [a for a, why in game.options() if not why]
    text = TextGame.resumed(game.ruleset, game, None)
    out = io.StringIO()
    text.loop(io.StringIO(f"{options.index(act.Pass()) + 1}\n"), out)
    said = " ".join(out.getvalue().split())
    assert "You pass: Ambusher not used." in said, said


def test_the_full_screen_game_says_a_pass() -> None:
    from textual.widgets import RichLog

    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.game import GameScreen

    game = at_battle_start("abomination", "ambusher")
    app = UnbrokenApp(load_ruleset(), animate=False, game=game, record=False)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            index = [a for a, _ in screen.offered].index(act.Pass())
            told = len(screen.said)
            screen.take(index)
            if len(screen.said) == told:  # a costly Pass is marked first (round 20's keys)
                screen.take(index)
            await pilot.pause()
            lines = [str(line.text) for line in screen.query_one("#log", RichLog).lines]
            said = "".join(lines).replace(" ", "")
            assert "Youpass:Ambushernotused." in said, lines

    asyncio.run(play())


def test_a_pass_taken_for_you_names_the_response_it_skipped() -> None:  # R-DIGI-4
    # #28 round 20: "Taken for you: Pass (use nothing more) — it would do nothing here." did
    # not say it was Snare (against a monster with no armor) that was skipped.
    from unbroken.play.session import GameSession

    session = GameSession(at_battle_start("abomination"))
    session.auto_pass = True
    assert session.for_player() == (act.Pass(), NO_EFFECT)
    lines: list[str] = []
    session.take_for_player(lambda line, events: lines.append(line))
    assert lines[0].startswith("Taken for you: Pass ("), lines
    assert "Snare [Hunter]" in lines[0], lines
    # Why, as Snare's option says it ("(no use now: the monster has no armor)"), once
    # (#28 round 27: no "— it would do nothing here" after it).
    assert "no armor" in lines[0] and NO_EFFECT not in lines[0], lines


def test_a_pending_delve_is_said_on_its_option_and_on_explore() -> None:
    # #28 round 20: "8 8" took Delve twice (6 more cards) and nothing on screen said one
    # was already pending. Delve's option and Explore's say so once one is.
    from pathlib import Path

    from unbroken.testing import expansions_from_source
    from unbroken.words.actions import option_text

    plugins = Path(__file__).resolve().parents[2] / "plugins"
    with expansions_from_source(plugins, {"unearthed": "unbroken_unearthed"}) as rules:
        game = Scenario("unearthed:hesk-marrow", ruleset=rules).resources(se=10).start()
        delve = next(
            a for a in game.legal_actions() if isinstance(a, act.Use) and a.ability == "dig-deep"
        )

        def said(action: act.Action) -> str:
            return option_text(action, "", game.state, rules)

        assert "pending" not in said(delve) and "pending" not in said(act.Explore())
        game.apply(delve)
        assert "3 more cards pending" in said(delve).partition(": ")[0], said(delve)
        assert "3 more cards pending" in said(act.Explore()), said(act.Explore())
        assert "3 more cards pending" in said(act.Orienteer()), said(act.Orienteer())


def test_the_text_game_says_what_the_killing_blow_asked() -> None:
    # #28 round 20: the plain-text game (the campaign's) ended with the held resources only;
    # the full-screen game over says what asked for more than was held, and so does it now.
    from unbroken.play.text import TextGame
    from unbroken.words.endings import how_lost

    game = (
        Scenario("maxyn-zenma", level=2)
        .resources(se=1, me=0, le=0)
        .monster("goblin")
        .dice(6, 6, 6, 6, 6, 6)
        .start("battle")
    )
    while True:  # skip and pass up to the decision whose answer dies
        answer = act.Skip() if act.Skip() in game.legal_actions() else act.Pass()
        fork = game.fork()
        fork.apply(answer)
        if fork.is_over:
            break
        game.apply(answer)
    index = [a for a, _ in game.options()].index(answer)
    text = TextGame.resumed(game.ruleset, game, None)
    out = io.StringIO()
    text.loop(io.StringIO(f"{index + 1}\n"), out)
    game = text.session.game
    assert game.is_over and game.outcome is not None and not game.outcome.won
    said = " ".join(out.getvalue().split())
    lost = how_lost(game.events, game.state, game.ruleset)
    assert "asked for more effort than you had" in lost and "short" in lost, lost
    assert lost in said, said
