"""Round 30's playtest (#28, 30b-16): `m`'s page shown stays until the player presses `m`:
the Iron Beetle's "table 1 of 1 (m: fold)" went back to "rules 1 of 1 (m: table)" at the
Rewards step without a key."""

from __future__ import annotations

from pathlib import Path

from pilot import played, settle, sync
from scenes import three_responses

from unbroken.core import actions as act
from unbroken.core.state import StepName
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import expansions_from_source
from unbroken.tui.stage import StagePanel


@sync
async def test_the_page_shown_stays_into_the_rewards_step() -> None:
    assert save_settings(Settings(hints=False)) == ""
    plugins = Path(__file__).resolve().parents[2] / "plugins"
    with expansions_from_source(plugins, {"gauntlet": "unbroken_gauntlet"}) as rules:
        game = three_responses(rules)
        assert game.state.monster is not None
        game.state.monster.health = 1  # the Sword's Cut defeats it
        # at 80x22 its rules and its table are a page each (as in the playtest at 80x24)
        async with played(game, rules=rules, size=(80, 22)) as (pilot, screen):
            stage = screen.query_one(StagePanel)
            titles = []
            for _ in range(4):  # to the table's page
                await pilot.press("m")
                await settle(pilot)
                titles.append(str(stage.border_title))
                if titles[-1].startswith("Stage table"):
                    break
            shown = titles[-1]
            assert shown.startswith("Stage table") and "(m: fold)" in shown, titles
            assert any(title.startswith("Stage rules") for title in titles), titles
            state = screen.game.state
            for _ in range(6):  # the Cut, then any Response passed
                if screen.game.state.step != StepName.BATTLE:
                    break
                offered = [i for i, (_, why) in enumerate(screen.offered) if not why]
                cut = [i for i in offered if screen.offered[i][0] == act.Attack("cut")]
                screen.take((cut or offered)[-1])
                await settle(pilot)
                state = screen.game.state
            assert state.step == StepName.REWARDS, (state.step, screen.offered)
            assert str(stage.border_title) == shown, (titles, stage.border_title)
