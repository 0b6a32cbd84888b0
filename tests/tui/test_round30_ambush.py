"""Round 30's playtest (#28, 30a-19): after "Taken for you: Rest … — time ran out: the
monster ambushed you." the next question came at once, and what the ambush did was only in
the log, out of sight at 80x24 under "The battle begins. Round 1.": the prompt says it with
what was taken, and keeps it until a key, as it keeps what was taken."""

from __future__ import annotations

from pilot import game_screen_of, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.pace import KeyPace
from unbroken.tui.widgets import OPTION_KEYS
from unbroken.words.forecast import AMBUSHED

#: The player's beat after decisions taken for them; the game's first question the test's.
PACE = KeyPace(first_new=False)


@sync
async def test_what_the_ambush_did_stays_in_sight_after_a_rest_taken_for_you() -> None:
    assert save_settings(Settings(hints=False)) == ""
    # The Abandoned Hovel kept at 0 SE: Rest alone is left, taken; its time (1) runs the
    # track out, and the die (5) picks the Shrieking Fungus, whose ambush costs 2 time.
    game = (
        Scenario("tomu", seed=3)
        .resources(se=0, me=0, le=0, time=1, cunning=5, food=3)
        .encounters("abandoned-hovel", "metal-scraps", "a-safe-place")
        .dice(5, *[3] * 20)
        .start("exploration")
    )
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False, key_pace=PACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        hovel = act.ChooseEncounter("base:abandoned-hovel")
        await pilot.press(
            next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == hovel)
        )
        await settle(pilot)
        assert game.state.monster is not None and game.state.monster.id == "base:shrieking-fungus"
        assert game.decision is not None  # the battle's first question, asked
        ambush = "You lose 2 time [Shrieking Fungus's ambush]."
        assert ambush in screen.said  # the log says it
        panel = screen.decision_panel
        for over in (panel.settle_over, panel.careful_over):  # the beat, then the window over
            said = " ".join(prompt(screen).split())
            assert f"{AMBUSHED}. {ambush}" in said, said
            over()
            await settle(pilot)
        said = " ".join(prompt(screen).split())
        assert f"{AMBUSHED}. {ambush}" in said, said  # until a key
