"""Round 36's playtest (#28, 36a-7): on Hard, after "Taken for you: Rest … You lose 2 SE
[Hyena's ambush]." the Display read "SE ▼−1", and the Hyena's first strike (STEAL: −2 SE)
was only in the log; the marks did not add up from what the screen said. The prompt now
says each change by its cause where the mark is explained, adding up to the mark."""

from __future__ import annotations

import re

from pilot import game_screen_of, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.pace import KeyPace
from unbroken.tui.widgets import OPTION_KEYS, marks_of
from unbroken.words.mark_causes import change_causes

#: The player's beat after decisions taken for them; the game's first question the test's.
PACE = KeyPace(first_new=False)


@sync
async def test_a_rest_taken_for_you_says_what_its_marks_add_up_from() -> None:
    assert save_settings(Settings(hints=False)) == ""
    # Bribing the Whelps kept with no treasure: Rest alone is left, taken (+1 SE); its time
    # runs the track out, the Hyena ambushes (no food: −2 SE) and on Hard strikes first
    # (3: STEAL, no food: −2 SE).
    game = (
        Scenario("tomu", seed=3, difficulty="hard")
        .resources(se=10, time=1)
        .encounters("bribing-the-whelps", "metal-scraps", "a-safe-place")
        .monster("hyena")
        .dice(*[3] * 20)
        .start("exploration")
    )
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False, key_pace=PACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        whelps = act.ChooseEncounter("base:bribing-the-whelps")
        await pilot.press(
            next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == whelps)
        )
        await settle(pilot)
        assert game.state.monster is not None and game.state.monster.id == "base:hyena"
        said = " ".join(prompt(screen).split())
        causes = "SE ▼−3: +1 Rest, −2 Hyena's ambush, −2 Hyena's STEAL (first strike)."
        assert causes in said, said
        # The parts add up to the Display's mark for SE.
        mark = marks_of(screen.last).change["se"]
        parts = re.search(r"SE ▼−\d+: (.*?)\.", said)
        assert parts is not None
        total = sum(
            int(n) * (1 if sign == "+" else -1) for sign, n in re.findall(r"([+−])(\d+) ", parts[1])
        )
        assert total == mark == -3, (total, mark)


def test_an_ambush_conditions_cost_is_named_by_the_condition() -> None:
    # 36b-1: the Giant Spider's ambush gives Poisoned, whose 1 SE the battle's first round
    # takes: the mark's cause is the condition, said so even where it is the only one.
    game = (
        Scenario("tomu", seed=3)
        .resources(se=10, time=1)
        .monster("giant-spider")
        .encounters("metal-scraps", "abandoned-hovel", "a-safe-place")
        .dice(*[3] * 30)
        .start("exploration")
    )
    game.apply(act.ChooseEncounter("base:abandoned-hovel"))
    since = len(game.events)
    game.apply(act.Resolve())
    assert change_causes(game.events[since:], game.ruleset) == (
        "SE ▼−2: −1 Abandoned Hovel, −1 Poisoned."
    )
    lost = [e for e in game.events[since:] if isinstance(e, ev.Lost) and e.amounts.get("se")]
    assert change_causes(lost, game.ruleset) == "SE ▼−1: −1 Poisoned."
