"""The end-of-game story, written beside a game's replay as a `.txt` file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from unbroken.records.rows import GameRow
from unbroken.replay import recording_stem
from unbroken.words.story import story

if TYPE_CHECKING:
    from unbroken.core.events import Event
    from unbroken.core.ruleset import Ruleset


def story_path_for(replay: Path) -> Path:
    """Return where the end-of-game story of a replay goes: beside it, as `.txt`.

    `game_lost.jsonl.gz` and `game_lost.jsonl` both get `game_lost.txt`.
    """

    return replay.with_name(recording_stem(replay) + ".txt")


def write_story(row: GameRow, events: list[Event], ruleset: Ruleset, replay: Path) -> None:

    target = story_path_for(replay)
    try:
        target.write_text(story(events, ruleset), encoding="utf-8")
    except OSError as exc:
        row.story_error = f"cannot write the game summary {target}: {exc.strerror or exc}"
    else:
        row.story_path = str(target)
