"""Ids in a safe alphabet, and file names built from ids that stay in their folder (#19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay.recorder import Recorder
from unbroken.testing import write_pack

SHEET = """\
[[characters]]
id = IDENT
name = "Digger"
cls = "sneak"
text = "Digs where the others walk."
"""


@pytest.mark.parametrize(
    ("ident", "shown", "like"),
    [
        ('"../../evil"', "'../../evil'", "'evil'"),
        ('"a/b"', "'a/b'", "'a-b'"),
        ('"with space"', "'with space'", "'with-space'"),
        ('"dot.dot"', "'dot.dot'", "'dot-dot'"),
        ('"' + "x" * 65 + '"', repr("x" * 65), repr("x" * 64)),
    ],
)
def test_an_id_outside_the_safe_alphabet_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ident: str, shown: str, like: str
) -> None:
    folder = write_pack(tmp_path / "burrow", {"characters.toml": SHEET.replace("IDENT", ident)})
    assert main(["content", "check", str(folder), "--name", "burrow"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{folder / 'characters.toml'}:2: a [[characters]] id {shown} is not allowed: an id is "
        f"letters, digits, '-' and '_' (at most 64), like {like}"
    ]


def test_a_recording_s_name_never_leaves_its_folder(tmp_path: Path) -> None:
    game = Game.new(load_ruleset(), "tomu", "easy", 5)
    game.state.character = "evil:../../../outside"  # as an unchecked plugin might say
    folder = tmp_path / "replays"
    recorder = Recorder.start(game, game.ruleset, directory=folder)
    recorder.close()
    assert recorder.path.parent == folder
    assert recorder.path.name.split("_")[1] == "outside"
    assert list(tmp_path.iterdir()) == [folder]
