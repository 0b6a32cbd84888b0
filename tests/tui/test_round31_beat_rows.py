"""#28 playtest round 31 (31a-1): the options laid out once after "Taken for you: …".
While the keys waited their beat every option was dimmed and fitted as one that cannot be
taken ("8. Downgrade: giv… (back to your Bare Hands)", "7. Scout: pay 2 SE + 2 time,
reveal the mon…" cut inside a word), then re-flowed a second on ("8. Downgrade: give up the
Knife for good" whole, "9. Craft the Sword: pay… (cannot pay)"). The beat's options are
fitted as they are after it, in the rows they keep after it."""

from __future__ import annotations

import re

from pilot import played, prompt, settle, sync

from unbroken.testing import Scenario
from unbroken.tui.careful import TAKEN, careful_cue, waiting_cue
from unbroken.tui.pace import KeyPace

#: The beat after "Taken for you" held until the test ends it (`settle_over`).
BEAT = KeyPace(settle=600.0, careful=60.0, quick=0.0, first_new=False)
#: Preparations whose options are cut to fit 80x24 (a Knife to give up, a Sage's abilities).
SCENES = {
    "knife": Scenario("caellahan", level=2, seed=3).resources(se=10).weapon("bare-hands", "knife"),
    "sage": Scenario("helena", level=2, seed=3).resources(se=10),
    "level 4": Scenario("caellahan", level=4, seed=3).resources(se=10),
}


def cut_in_a_word(row: str, line: str) -> bool:
    """Return whether a row shown cuts its option's line (`line`) inside a word."""
    flat = " ".join(row.split())
    for before in flat.split("…")[:-1]:
        words = before.split()
        if not before[-1:].isalnum():  # "(…)": a part left out whole
            continue
        if words and not re.search(rf"(^|\W){re.escape(words[-1])}(\W|$)", line):
            return True
    return False


@sync
async def test_the_options_are_laid_out_in_the_beat_as_after_it() -> None:
    for name, scene in SCENES.items():
        game = scene.start("preparation")
        async with played(game, BEAT) as (pilot, screen):
            panel = screen.decision_panel
            panel.hold(["Taken for you: Rest (gain 3 SE)."], BEAT.settle)
            screen.refresh_all()  # as the decision's outcome draws it
            await settle(pilot)
            assert "a key takes nothing yet" in prompt(screen), prompt(screen)
            during = panel.row_shown_all()
            lines = panel.offered_now()[0]
            assert not any(map(cut_in_a_word, during, lines)), (name, during)
            panel.settle_over()
            await settle(pilot)
            assert "a key takes nothing yet" not in prompt(screen), prompt(screen)
            assert panel.row_shown_all() == during, (name, during, panel.row_shown_all())


def test_the_beats_cue_is_no_longer_than_the_cue_after_it() -> None:
    # The prompt keeps its rows over the beat, so the options keep theirs (31a-1: "a key
    # takes nothing yet, then a key or Enter marks a costly option" ran 14 letters longer).
    for taken in (("Taken for you: Rest (gain 3 SE).",), ("Taken for you: Pass.",) * 2):
        assert len(waiting_cue(taken, True)) <= len(careful_cue(None, TAKEN, taken, True))
