"""#28 playtest round 29: a key on a costly option of no use now marked it (a second key
a second on, in the window: "1 marked" on Beat aside, 29b-5) or took it at once (3 s on,
no window: Resolve Sacred Pool, 4 time for nothing, 29a-9); one key on the last level's
Hunger step ended the game at once (29a-20); a stray key after "Taken for you" on an
option that cannot be taken got only "Not now", not the options-changed notice (29b-15);
after "Taken for you" the line under the list said the first option's "No use now" (29b-20)."""

from __future__ import annotations

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import OPTION_KEYS


def no_use_inspiration() -> Scenario:
    """The Preparation with Inspiration of no use now (no ME to spend: 2 LE for 1 LE)."""
    return Scenario("tomu", seed=3).resources(se=13, me=0, le=3)


@sync
async def test_in_the_window_a_key_on_a_no_use_option_is_dropped_whatever_the_time() -> None:
    # 29b-5: "1 marked: press 1 again (or Enter)" on "Attack with Beat aside (no use now)":
    # the key came a second after the question, past the double press's time.
    game = no_use_inspiration().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        screen.decision_panel.open_careful("new")
        screen.decision_panel.draw()
        key = key_of(screen, act.Inspiration)
        await pilot.press(key)
        await settle(pilot)
        said = prompt(screen)
        assert screen.decision_panel.marked is None, said
        assert f"New question: {key} not marked: no use now; again marks it." in said, said
        await marks(pilot, screen, key)


@sync
async def test_with_no_window_one_key_never_takes_a_costly_no_use_option() -> None:
    # 29a-9: one key 3 s after the question took "Resolve Sacred Pool … (time 4; no use
    # now: no condition in play)". Now: the notice, then the key again marks, then takes.
    game = no_use_inspiration().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        assert not panel.careful
        key = key_of(screen, act.Inspiration)
        assert panel.no_use[OPTION_KEYS.index(key)], panel.no_use
        decisions = game.state.decisions
        await pilot.press(key)
        await settle(pilot)
        said = prompt(screen)
        assert game.state.decisions == decisions and game.state.res["le"] == 3, said
        assert said.startswith(f"{key} not marked: no use now; again marks it."), said
        await marks(pilot, screen, key)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.res["le"] == 2, prompt(screen)  # taken, as asked three times


@sync
async def test_with_no_window_another_key_after_the_notice_takes_at_once() -> None:
    # The notice marks nothing else first: Rest, costly, is taken by its key at once.
    game = no_use_inspiration().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Inspiration))
        await settle(pilot)
        decisions = game.state.decisions
        await pilot.press(key_of(screen, act.Explore))
        await settle(pilot)
        assert game.state.decisions > decisions, prompt(screen)


@sync
async def test_an_option_that_ends_the_game_marks_first_whatever_the_time() -> None:
    # 29a-20: at the last level's Hunger step, one key on "Eat 1 food — score 106", more
    # than 3 s after the question, ended the game at once.
    game = Scenario("tomu", level=4).resources(food=3).no_time_track().start("hunger")
    async with played(game, CAREFUL) as (pilot, screen):
        assert not screen.decision_panel.careful
        key = OPTION_KEYS[0]
        await marks(pilot, screen, key)
        assert not game.is_over, prompt(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert game.is_over


@sync
async def test_a_key_after_taken_for_you_on_a_dimmed_option_says_the_options_changed() -> None:
    # 29b-15: `1` after "Taken for you: Rest … New options" got "Not now: Attack with Pry
    # (no armor to break)", where README says "Not taken: the options changed".
    game = no_use_inspiration().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        panel.hold(["Taken for you: Pass."], 60.0)
        panel.settle_over()  # the beat over: the window after it still open
        await settle(pilot)
        dimmed = next(i for i, (_, why) in enumerate(screen.offered) if why)
        await pilot.press(OPTION_KEYS[dimmed])
        await settle(pilot)
        said = " ".join(" ".join(str(box.render()).split()) for box in screen.query(HintBox))
        # Round 32: said alone, whole ("Not now: …" with it ran on and was cut: 32a-7).
        assert "Not taken: the options changed (decisions were taken for you)." in said, said
        assert "Not now" not in said, said


@sync
async def test_after_taken_for_you_the_highlight_starts_on_an_option_of_use() -> None:
    # 29b-20: after "Taken for you: Pass … New options" the line under the list was Beat
    # aside's "No use now: with Weak Spot, wounding weapon attacks ignore armor".
    game = (
        Scenario("tomu", level=2, seed=3)
        .resources(se=10, me=3, le=1)
        .weapon("knife")
        .skills("weak-spot")
        .monster("goblin")
        .dice(*[3] * 30)
        .start("battle")
    )
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        assert panel.no_use[0] and not panel.no_use[1], panel.no_use
        panel.hold(["Taken for you: Pass."], 60.0)
        panel.show_offer()  # as taking's refresh draws it, the keys held a beat
        await settle(pilot)
        detail = str(screen.query_one("#detail").render())
        assert "No use now" not in detail, detail  # not the first option's, dimmed
        panel.settle_over()
        await settle(pilot)
        detail = str(screen.query_one("#detail").render())
        assert panel.highlighted == 1, (panel.highlighted, detail)
        assert "No use now" not in detail, detail
