"""#28 playtest round 28 (28a-17): the viewer's close question said "closing now loses it",
the player answered `y`, yet 7 minutes later the viewer showed that 100-game analysis at
once: it had run on in its thread after the close and was kept when done. Closing stops
it, and nothing is kept."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pilot import closing_the_viewer, sync

from unbroken.advisor.analysis import Analysis
from unbroken.plugins import load_ruleset
from unbroken.tui import analysis

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


class _Slow:
    """An analysis of 20 decisions: the first weighed at once, the rest once the chart is
    gone (the viewer closed)."""

    def __init__(self) -> None:
        self.gone = threading.Event()
        self.weighed = 0
        self.stopped_by: BaseException | None = None

    def __call__(self, *_: Any, progress: Callable[[int, int], None], **__: Any) -> object:
        try:
            for done in range(1, 21):
                if done > 1:
                    self.gone.wait(30)
                self.weighed = done
                progress(done, 20)
            return Analysis(100, 20, 20, "lost", [])
        except BaseException as exc:
            self.stopped_by = exc
            raise


def test_closing_the_viewer_stops_its_analysis_and_keeps_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slow, kept_ones = _Slow(), []
    monkeypatch.setattr(analysis, "analyze", slow)
    monkeypatch.setattr(analysis, "kept_one", lambda *_: None)
    monkeypatch.setattr(analysis, "keep", lambda *args: kept_ones.append(args))
    own = getattr(analysis.ChanceChart, "on_unmount", None)

    def unmounted(chart: analysis.ChanceChart) -> None:
        if own is not None:
            own(chart)
        slow.gone.set()

    monkeypatch.setattr(analysis.ChanceChart, "on_unmount", unmounted, raising=False)
    run_close()
    assert slow.gone.is_set()
    # It stopped at the next decision weighed: nothing kept for the viewer to show later.
    assert slow.weighed < 20 and kept_ones == [], (slow.weighed, slow.stopped_by)
    assert type(slow.stopped_by).__name__ == "Closed"


@sync
async def run_close() -> None:
    async with closing_the_viewer(RULES, SHORT) as (pilot, app):
        said = " ".join(str(app.screen.query_one("Static").render()).split())
        assert "closing now loses it" in said
        await pilot.press("y")
        await pilot.pause()
