"""#28 playtest round 36's keys and notices: "4 not marked: no use now; again marks it"
went with the careful window's cue 3 s on, and the key looked dead (36a-2); a committed
Exploration's only option, of no use now, took three keys (36a-3); the first highlight
skipped a card kept only to rest on, which is of use (36a-4); after crafting in battle,
"Options changed" did not say the monster had rolled WOUND between (36b-5)."""

from __future__ import annotations

from typing import Any

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import KeyPace


def no_use_inspiration() -> Scenario:
    """The Preparation with Inspiration of no use now (no ME to spend: 2 LE for 1 LE)."""
    return Scenario("tomu", seed=3).resources(se=13, me=0, le=3)


@sync
async def test_a_dropped_key_s_notice_stays_once_the_window_s_time_is_over() -> None:
    game = no_use_inspiration().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        panel.open_careful("new")
        panel.draw()
        key = key_of(screen, act.Inspiration)
        await pilot.press(key)
        await settle(pilot)
        assert f"{key} not marked: no use now; again marks it." in prompt(screen)
        panel.careful_over()  # the window's 3 s over, no key since
        await settle(pilot)
        said = prompt(screen)
        assert f"{key} not marked: no use now; again marks it." in said, said
        await marks(pilot, screen, key)  # the state kept: the key again marks it, as said


def committed_herbs() -> Scenario:
    """A committed Exploration (R-TRAVEL-7) whose only card is Healing Herbs, no condition
    in play: "no use now … committed: 1 food paid for nothing", and no other option."""
    return Scenario("tomu").resources(food=2).encounters("healing-herbs").commit()


async def revealed(pilot: Any, screen: GameScreen, asked_ago: float) -> None:
    """Open the window of cards just revealed by the player's Explore, `asked_ago` s on."""
    panel = screen.decision_panel
    panel.open_careful("new", lasting=True)
    panel.asked_at -= asked_ago
    panel.draw()
    await settle(pilot)


@sync
async def test_a_forced_only_option_of_no_use_is_taken_by_one_key() -> None:
    game = committed_herbs().start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        assert len(screen.offered) == 1 and screen.decision_panel.no_use[0], screen.offered
        await revealed(pilot, screen, 120)
        decisions = game.state.decisions
        await pilot.press(OPTION_KEYS[0])
        await settle(pilot)
        assert game.state.decisions > decisions, prompt(screen)
        assert game.state.res["food"] == 1, game.state.res  # kept and resolved: 1 food paid


@sync
async def test_a_forced_only_option_of_no_use_is_taken_by_enter() -> None:
    game = committed_herbs().start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        await revealed(pilot, screen, 120)
        decisions = game.state.decisions
        await pilot.press("enter")
        await settle(pilot)
        assert game.state.decisions > decisions, prompt(screen)


@sync
async def test_a_forced_only_option_still_marks_a_double_press_s_second_key() -> None:
    # "1 1": Explore, then the second key on the cards just revealed, unread.
    game = committed_herbs().start("exploration")
    async with played(game, KeyPace(settle=0.0, careful=60.0, quick=60.0)) as (pilot, screen):
        await revealed(pilot, screen, 0)
        await marks(pilot, screen, OPTION_KEYS[0])


@sync
async def test_the_highlight_starts_on_a_card_kept_to_rest_on_that_gains() -> None:
    # 36a-4: "Sacred Pool (time 4; no use now: no condition in play: rest, gain 4 SE)" is of
    # use, as README says: the highlight (Enter) started on the card after it.
    game = Scenario("tomu").resources(se=10).encounters("sacred-pool", "abandoned-hovel")
    async with played(game.start("exploration"), CAREFUL) as (_, screen):
        panel = screen.decision_panel
        pool = [a for a, _ in screen.offered].index(act.ChooseEncounter("base:sacred-pool"))
        assert panel.no_use[pool] and "rest, gain 4 SE" in panel.offered_now()[0][pool]
        assert panel.highlighted == pool, panel.highlighted


@sync
async def test_the_highlight_skips_a_card_whose_rest_gains_nothing() -> None:
    # At SE 20/20 the rest gains nothing (35a-3): of no use, the highlight goes past it.
    game = Scenario("tomu").resources(se=20).encounters("sacred-pool", "abandoned-hovel")
    async with played(game.start("exploration"), CAREFUL) as (_, screen):
        panel = screen.decision_panel
        pool = [a for a, _ in screen.offered].index(act.ChooseEncounter("base:sacred-pool"))
        assert panel.no_use[pool] and panel.highlighted != pool, panel.highlighted


@sync
async def test_options_changed_by_a_craft_in_battle_name_the_monster_s_roll_between() -> None:
    # 36b-5: crafting the Club ended the turn, the monster rolled WOUND, and the next turn
    # said only "Chosen: Craft the Club. Options changed", the roll read nowhere near.
    game = (
        Scenario("tomu", level=2, seed=3)
        .resources(se=15, me=3, le=2, wood=3, metal=3)
        .monster("goblin")
        .dice(*[2] * 40)
        .start("battle")
    )
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Craft))
        await settle(pilot)
        said = " ".join(prompt(screen).split())
        assert game.state.weapons[-1] == "base:club", said
        assert "Options changed: the monster rolled WOUND. A key or Enter marks" in said, said
