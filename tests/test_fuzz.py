"""Fuzzing recordings and content packs (issue #17): no traceback, no hang, every change reported.

A short, seeded run of `unbroken.fuzz` (a few seconds); `bench/fuzz.py`
runs the same fuzzer over thousands of files.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from unbroken import replay
from unbroken.core.ruleset import Ruleset
from unbroken.fuzz import runs as fuzzing
from unbroken.plugins import load_ruleset
from unbroken.replay import bounds, reader


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset()


def test_mutated_recordings_are_reported_never_a_traceback_a_hang_or_a_change_accepted(
    ruleset: Ruleset, tmp_path: Path
) -> None:
    tally = fuzzing.fuzz_recordings(120, seed=17, ruleset=ruleset, workdir=tmp_path)
    assert (tally.tracebacks, tally.hangs, tally.wrongly_accepted) == ([], [], [])
    assert tally.tried == 120 and tally.reported > 100
    assert tally.accepted > 0  # changes that leave the game as it was (the footer's extra keys)


def test_mutated_content_packs_are_reported_never_a_traceback_or_a_hang(tmp_path: Path) -> None:
    tally = fuzzing.fuzz_packs(16, seed=17, workdir=tmp_path)
    assert (tally.tracebacks, tally.hangs) == ([], [])
    assert tally.tried == 16 and tally.reported > 0


def test_the_fuzzer_finds_a_reader_without_its_nesting_limit(
    ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fuzz test can fail: with the limit and the decoder's guard gone, it finds the crash."""
    monkeypatch.setattr(bounds, "MAX_DEPTH", 10**9)
    monkeypatch.setattr(reader, "_BAD_LINE", (msgspec.DecodeError, UnicodeDecodeError))
    tally = fuzzing.fuzz_recordings(120, seed=17, ruleset=ruleset, workdir=tmp_path)
    assert any("RecursionError" in t for t in tally.tracebacks)


def test_the_fuzzer_finds_a_change_that_verify_would_accept(
    ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With verify accepting everything, every mutation that changed the game is caught."""
    monkeypatch.setattr(replay, "verify_file", lambda path, rules, others=None: None)
    tally = fuzzing.fuzz_recordings(20, seed=17, ruleset=ruleset, workdir=tmp_path)
    assert len(tally.wrongly_accepted) >= 15
