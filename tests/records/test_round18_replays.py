"""`unbroken replays` at 80 columns names each character whole (#28 round 18: a name cut
to "Kirilla el Kae", no "…")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from unbroken.cli.command import main
from unbroken.plugins import load_ruleset
from unbroken.replay import Recorder
from unbroken.testing import Scenario

RULES = load_ruleset()


def test_the_replays_list_names_each_character_whole(capsys: pytest.CaptureFixture[str]) -> None:
    for minute, who in enumerate(("kirilla-el-kaer", "tomu")):
        game = Scenario(who, level=2).resources(se=0, food=0).start("hunger")
        began = datetime(2026, 11, 27, 14, 30 + minute, tzinfo=UTC)
        recorder = Recorder.start(game, RULES, created=began)
        action = game.legal_actions()[0]
        recorder.record(action, game.apply(action), game)
        recorder.finish(game)
    assert main(["replays"]) == 0
    head, *rows = capsys.readouterr().out.splitlines()
    assert any("Kirilla el Kaer " in row for row in rows[:2]), rows
    # The columns line up under their titles, within 80 columns.
    for title in ("difficulty", "outcome", "score"):
        at = head.index(title)
        assert all(row[at - 1] == " " for row in rows[:2]), (title, rows)
    assert max(len(line) for line in [head, *rows[:2]]) <= 80
