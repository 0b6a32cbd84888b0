"""A seeded fuzzer of recordings and content packs: hostile and damaged files, as issue #17 found.

It mutates real recordings (the goldens, plain and gzip-compressed) and the
base content pack the way an attacker or an unlucky disk would — flipped and
inserted bytes, cut and swapped lines, changed JSON values, deep nesting,
huge lines, escape sequences, compressed bombs, bad UTF-8 — and reads each
through what the game does with such a file. It counts:

- tracebacks: any exception other than the one-line error the reader raises
  (a verify problem that is the batch's catch-all, "cannot be verified (…)",
  counts as one too);
- hangs: a file that takes more than `limit` seconds;
- wrongly accepted: a recording `verify` passes although its game changed
  (the text before the footer, or the footer's fields, differ from the original).

The mutations are in `unbroken.fuzz.mutations`. `tests/test_fuzz.py` runs a
few dozen of each in the suite; `bench/fuzz.py` runs thousands and prints the
figures.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import signal
import time
import traceback
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import msgspec

from unbroken.content import base_content_dir
from unbroken.core.ruleset import Ruleset
from unbroken.fuzz.mutations import mutate_pack, mutate_recording

#: Seconds one file may take before it counts as a hang.
LIMIT = 20.0


@dataclass
class Tally:
    """What a fuzz run found."""

    tried: int = 0
    reported: int = 0
    accepted: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    wrongly_accepted: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def line(self, what: str) -> str:
        """Return the figures in one line."""
        return (
            f"{self.tried} {what} tried: {self.reported} reported, {self.accepted} accepted; "
            f"{len(self.tracebacks)} tracebacks, {len(self.hangs)} hangs, "
            f"{len(self.wrongly_accepted)} wrongly accepted; {self.seconds:.1f} s"
        )


class Hang(Exception):
    """A file took longer than the limit."""


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise Hang in the block when it runs longer than `seconds` (main thread, POSIX)."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --------------------------------------------------------------------------- recordings


def goldens(directory: Path | None = None) -> list[Path]:
    """Return the golden recordings (the repository's replays/)."""
    # lazy: only what this fuzz target drives
    from unbroken.testing import GOLDEN_DIR

    return sorted((directory or GOLDEN_DIR).glob("*.jsonl"))


def _expected(original: bytes) -> tuple[bytes, Any]:
    """Return what a recording's game is: the text before its footer, and the footer's fields."""
    # lazy: only what this fuzz target drives
    from unbroken.replay import Footer

    body, _, last = original.rstrip(b"\n").rpartition(b"\n")
    return body, msgspec.json.decode(last, type=Footer)


def _game_of(data: bytes) -> tuple[bytes, Any] | None:
    """Return the game a file that verified holds, as `_expected` says it (None: unreadable)."""
    # lazy: only what this fuzz target drives
    from unbroken.replay import Footer, ReplayError, unpack

    try:
        text = unpack(data)
        body, _, last = text.rstrip(b"\n").rpartition(b"\n")
        return body, msgspec.json.decode(last, type=Footer)
    except (ReplayError, msgspec.DecodeError, UnicodeDecodeError):
        return None


def check_recording(
    path: Path, ruleset: Ruleset, original: bytes, tally: Tally, deep: bool = False
) -> None:
    """Read one mutated recording as verify, the listing (and with `deep`, the viewer and
    resume) do, and count what happened in `tally`."""
    # lazy: only what this fuzz target drives
    from unbroken.replay import ReplayError, read_info, resume, verify_file
    from unbroken.replay.viewing import watch

    tally.tried += 1
    try:
        with deadline(LIMIT):
            problem = verify_file(path, ruleset)
            for step in [read_info] + ([lambda p: watch(p, ruleset)] if deep else []):
                with contextlib.suppress(ReplayError):
                    step(path)
            if deep:
                copy = path.with_name("resumed-" + path.name)
                shutil.copyfile(path, copy)
                try:
                    game, recorder = resume(copy, ruleset)
                    recorder.close()
                except (ReplayError, OSError):
                    pass
                finally:
                    copy.unlink(missing_ok=True)
    except Hang:
        tally.hangs.append(str(path))
        return
    except Exception:  # noqa: BLE001 - what the fuzzer is looking for
        tally.tracebacks.append(f"{path}: {traceback.format_exc()}")
        return
    if problem is None:
        tally.accepted += 1
        if _game_of(path.read_bytes()) != _expected(original):
            tally.wrongly_accepted.append(str(path))
        return
    tally.reported += 1
    if "cannot be verified (" in problem or "\n" in problem or not problem.startswith(str(path)):
        tally.tracebacks.append(f"{path}: {problem}")


def fuzz_recordings(
    count: int, seed: int, ruleset: Ruleset, workdir: Path, keep: bool = False
) -> Tally:
    """Mutate `count` recordings (seeded) in `workdir` and check each; return the tally.

    Every tenth is also opened in the viewer's model and resumed. Each batch of
    files is then verified as one `unbroken verify` and listed as `unbroken
    replays` would be, so a bad file is seen to stop no batch.
    """
    rng = random.Random(seed)
    sources = [(p, p.read_bytes()) for p in goldens()]
    tally = Tally()
    start = time.perf_counter()
    batch = workdir / "batch"
    batch.mkdir(parents=True, exist_ok=True)
    for n in range(count):
        source, original = rng.choice(sources)
        data, how = mutate_recording(rng, original)
        suffix = ".jsonl.gz" if data.startswith(b"\x1f\x8b") else ".jsonl"
        path = batch / f"{n:06d}_{how}{suffix}"
        path.write_bytes(data)
        check_recording(path, ruleset, original, tally, deep=n % 10 == 0)
        if (n + 1) % 200 == 0 or n + 1 == count:
            _check_batch(batch, ruleset, tally)
            if not keep:
                shutil.rmtree(batch)
                batch.mkdir()
    tally.seconds = time.perf_counter() - start
    return tally


def _check_batch(batch: Path, ruleset: Ruleset, tally: Tally) -> None:
    """Verify and list a folder of mutated recordings as one batch: every file is reported."""
    # lazy: only what this fuzz target drives
    from unbroken.replay import recorded_games, verdicts

    files = sorted(batch.iterdir())
    try:
        with deadline(LIMIT * 10):
            results = list(verdicts(files, ruleset, jobs=1))
            infos, problems = recorded_games(batch)
    except Hang:
        tally.hangs.append(f"batch {batch}")
        return
    except Exception:  # noqa: BLE001 - what the fuzzer is looking for
        tally.tracebacks.append(f"batch {batch}: {traceback.format_exc()}")
        return
    if len(results) != len(files) or len(infos) + len(problems) != len(files):
        tally.tracebacks.append(f"batch {batch}: a file was left out of the batch")


# --------------------------------------------------------------------------- content packs


def check_pack_folder(folder: Path, tally: Tally, as_plugin: bool = False) -> None:
    """Check one mutated pack as `unbroken content check` does (and load it as a plugin)."""
    # lazy: only what this fuzz target drives
    from unbroken.cli.command import main
    from unbroken.plugins import load_plugins
    from unbroken.testing import FolderPlugin

    tally.tried += 1
    out, err = io.StringIO(), io.StringIO()
    try:
        with (
            deadline(LIMIT),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("ignore")
            status = main(["content", "check", str(folder)])
            if as_plugin:
                load_plugins(["base", "fz"], extra=[("fz", FolderPlugin(folder))])
    except Hang:
        tally.hangs.append(str(folder))
        return
    except BaseException:  # noqa: BLE001 - what the fuzzer is looking for (SystemExit too)
        tally.tracebacks.append(f"{folder}: {traceback.format_exc()}")
        return
    text = out.getvalue() + err.getvalue()
    if status not in (0, 1) or "Traceback" in text:
        tally.tracebacks.append(f"{folder}: exit {status}: {text[-2000:]}")
    elif status == 0:
        tally.accepted += 1
    else:
        tally.reported += 1


def fuzz_packs(count: int, seed: int, workdir: Path) -> Tally:
    """Mutate the base pack `count` times (seeded) in `workdir`, check each; return the tally."""
    rng = random.Random(seed)
    base = {p.name: p.read_bytes() for p in sorted(base_content_dir().glob("*.toml"))}
    tally = Tally()
    start = time.perf_counter()
    for n in range(count):
        files, _ = mutate_pack(rng, base)
        folder = workdir / "fz"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for name, data in files.items():
            (folder / name).write_bytes(data)
        check_pack_folder(folder, tally, as_plugin=n % 4 == 0)
    shutil.rmtree(workdir / "fz", ignore_errors=True)
    tally.seconds = time.perf_counter() - start
    return tally


def isolated(workdir: Path) -> None:
    """Point the user dirs (data, config, cache) into `workdir`: a fuzz run touches nothing else."""
    for name in ("DATA", "CONFIG", "CACHE"):
        os.environ[f"UNBROKEN_{name}_DIR"] = str(workdir / name.lower())
