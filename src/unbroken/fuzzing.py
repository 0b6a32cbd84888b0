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

`tests/test_fuzz.py` runs a few dozen of each in the suite; `bench/fuzz.py`
runs thousands and prints the figures.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import json
import os
import random
import shutil
import signal
import time
import traceback
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import msgspec

from unbroken.content import base_content_dir
from unbroken.core.ruleset import Ruleset
from unbroken.recording_limits import MAX_LINE, MAX_LINES, MAX_TEXT

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


# --------------------------------------------------------------------------- byte mutations

Mutation = Callable[[random.Random, bytes], bytes]

_NASTY = [
    b"\x00",
    b"\xff",
    b"\n",
    b"\x1b[2J",
    b"\\u001b]0;pwned\\u0007",
    "\u202e".encode(),
    b'"',
    b"{",
    b"]",
    b"\xc3",
    b"1e999",
    b"-0",
    b"99999999999999999999999",
]


def flip_byte(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return b"x"
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]


def delete_span(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + data[i + rng.randint(1, 64) :]


def insert_bytes(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    junk = rng.choice(_NASTY) if rng.random() < 0.7 else rng.randbytes(rng.randint(1, 16))
    return data[:i] + junk + data[i:]


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def drop_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return b"\n".join(lines)


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def deep_nesting(rng: random.Random, data: bytes) -> bytes:
    """Put 1,000 nested arrays (or objects) in an unknown key of a line."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    depth = rng.choice([65, 1000, 5000])
    deep = (
        b"[" * depth + b"]" * depth
        if rng.random() < 0.5
        else b'{"a":' * depth + b"1" + b"}" * depth
    )
    if lines[i].startswith(b"{"):
        lines[i] = b'{"zz":' + deep + b"," + lines[i][1:]
    else:
        lines[i] = deep
    return b"\n".join(lines)


def huge_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    lines.insert(
        rng.randrange(len(lines) + 1), b'{"kind":"x","pad":"' + b"a" * (MAX_LINE + 10) + b'"}'
    )
    return b"\n".join(lines)


def many_lines(rng: random.Random, data: bytes) -> bytes:
    return data + b"{}\n" * (MAX_LINES + 1)


def json_value(rng: random.Random, data: bytes) -> bytes:
    """Change one value, key or type in one JSON line (what a hand edit or an attacker does)."""
    lines = _lines(data)
    candidates = [i for i, line in enumerate(lines) if line.startswith(b"{")]
    if not candidates:
        return insert_bytes(rng, data)
    i = rng.choice(candidates)
    try:
        value = json.loads(lines[i])
    except (ValueError, RecursionError):  # already damaged (or nested past json's reach)
        return insert_bytes(rng, data)
    _mutate_json(rng, value)
    lines[i] = json.dumps(value, separators=(",", ":"), ensure_ascii=rng.random() < 0.5).encode()
    return b"\n".join(lines)


def _mutate_json(rng: random.Random, value: Any) -> None:
    """Change one leaf (or key) somewhere inside `value`, a dict or list, in place."""
    path: list[tuple[Any, Any]] = []
    node = value
    while isinstance(node, (dict, list)) and node:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        if rng.random() < 0.3:
            break
        node = node[key]
    if not path:
        return
    parent, key = path[-1]
    old = parent[key]
    choice = rng.random()
    if isinstance(parent, dict) and choice < 0.1:
        del parent[key]
    elif isinstance(parent, dict) and choice < 0.2:
        parent["zz" + str(rng.randrange(10))] = _random_value(rng)
    elif isinstance(old, bool):
        parent[key] = not old
    elif isinstance(old, int):
        parent[key] = rng.choice([old + 1, old - 1, 0, -1, 2**63, -(2**70), old * 7])
    elif isinstance(old, str):
        parent[key] = rng.choice(
            [old + "x", "", old[::-1], "\x1b]0;pwned\x07\x1b[2J", "\u202e" + old, "base:nope"]
        )
    else:
        parent[key] = _random_value(rng)


def _random_value(rng: random.Random) -> Any:
    return rng.choice(
        [None, 0, -1, 1.5, "", "x" * 100, [], {}, [1, [2, [3]]], {"a": {"b": 1}}, True, "\x00"]
    )


def footer_extra(rng: random.Random, data: bytes) -> bytes:
    """Add an unknown key to the footer: not a change to the game (readers ignore it)."""
    body, _, last = data.rstrip(b"\n").rpartition(b"\n")
    if not last.startswith(b'{"kind":"footer"'):
        return data
    return body + b"\n" + last[:-1] + b',"zz":' + rng.choice([b"1", b'"x"', b"[]"]) + b"}\n"


RECORDING_MUTATIONS: list[tuple[Mutation, int]] = [
    (footer_extra, 2),
    (flip_byte, 10),
    (delete_span, 5),
    (insert_bytes, 8),
    (truncate, 4),
    (drop_line, 5),
    (duplicate_line, 4),
    (swap_lines, 4),
    (json_value, 30),
    (deep_nesting, 4),
    (huge_line, 1),
    (many_lines, 1),
]


def _pick(rng: random.Random, table: list[tuple[Mutation, int]]) -> Mutation:
    return rng.choices([m for m, _ in table], [w for _, w in table])[0]


def mutate_recording(rng: random.Random, text: bytes) -> tuple[bytes, str]:
    """Return a mutated recording's file bytes (gzip or plain) and what was done to it."""
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        mutation = _pick(rng, RECORDING_MUTATIONS)
        text = mutation(rng, text)
        done.append(mutation.__name__)
    data = text
    roll = rng.random()
    if roll < 0.4:
        data = gzip.compress(text, mtime=0)
        done.append("gzip")
        if rng.random() < 0.3:  # damage the compressed bytes too
            data = rng.choice([flip_byte, truncate, insert_bytes])(rng, data)
            done.append("damaged gzip")
        elif rng.random() < 0.1:
            data += gzip.compress(rng.choice([b"", b"\n", text[:100]]), mtime=0)
            done.append("two members")
    elif roll < 0.42:
        data = bomb(rng.choice([MAX_TEXT + 1, 200 * 1024 * 1024]))
        done = ["bomb"]
    return data, "+".join(done)


@functools.cache
def bomb(size: int) -> bytes:
    """Return gzip data that inflates to `size` bytes of one header line that never ends."""
    import zlib

    deflate = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = [deflate.compress(b'{"kind":"header","format":1,"x":"')]
    block = b" " * (1024 * 1024)
    for _ in range(size // len(block) + 1):
        parts.append(deflate.compress(block))
    parts.append(deflate.flush())
    return b"".join(parts)


# --------------------------------------------------------------------------- recordings


def goldens(directory: Path | None = None) -> list[Path]:
    """Return the golden recordings (the repository's replays/)."""
    from unbroken.replay import GOLDEN_DIR

    return sorted((directory or GOLDEN_DIR).glob("*.jsonl"))


def _expected(original: bytes) -> tuple[bytes, Any]:
    """Return what a recording's game is: the text before its footer, and the footer's fields."""
    from unbroken.replay import Footer

    body, _, last = original.rstrip(b"\n").rpartition(b"\n")
    return body, msgspec.json.decode(last, type=Footer)


def _game_of(data: bytes) -> tuple[bytes, Any] | None:
    """Return the game a file that verified holds, as `_expected` says it (None: unreadable)."""
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
    from unbroken.replay import ReplayError, read_info, resume, verify_file
    from unbroken.viewing import watch

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
    from unbroken.replay import recorded_games, verify_files

    files = sorted(batch.iterdir())
    try:
        with deadline(LIMIT * 10):
            results = list(verify_files(files, ruleset, jobs=1))
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


def toml_value(rng: random.Random, data: bytes) -> bytes:
    """Replace the value of one `key = value` line with another TOML value (or junk)."""
    lines = _lines(data)
    candidates = [i for i, line in enumerate(lines) if b" = " in line]
    if not candidates:
        return insert_bytes(rng, data)
    i = rng.choice(candidates)
    key = lines[i].split(b" = ", 1)[0]
    value = rng.choice(
        [
            b"0",
            b"-1",
            b"99999999999999999999",
            b'""',
            b'"base:nope"',
            b'"\\u001b]0;pwned\\u0007"',
            b"[]",
            b"{}",
            b"[1, [2, [3]]]",
            b'{ kind = "gain", res = { se = 1 } }',
            b"true",
            b"1.5",
            b"[" * 1000 + b"]" * 1000,
            b"{ a = " * 200 + b"1" + b" }" * 200,
            b"nan",
            b"\xff\xfe",
        ]
    )
    lines[i] = key + b" = " + value
    return b"\n".join(lines)


def dotted_key(rng: random.Random, data: bytes) -> bytes:
    return data + b"\n" + b".".join([b"a"] * rng.choice([70, 3000])) + b" = 1\n"


def table_header(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    headers = [i for i, line in enumerate(lines) if line.startswith(b"[")]
    if headers:
        i = rng.choice(headers)
        lines[i] = rng.choice([b"[[monsterz]]", b"[settings]", b"[[weapons]]", b"[x.y]", b"[["])
    return b"\n".join(lines)


CONTENT_MUTATIONS: list[tuple[Mutation, int]] = [
    (flip_byte, 8),
    (delete_span, 4),
    (insert_bytes, 6),
    (truncate, 2),
    (drop_line, 8),
    (duplicate_line, 6),
    (swap_lines, 4),
    (toml_value, 30),
    (dotted_key, 2),
    (table_header, 4),
]


def mutate_pack(rng: random.Random, files: dict[str, bytes]) -> tuple[dict[str, bytes], str]:
    """Return the pack's files with one or more mutated, and what was done."""
    files = dict(files)
    done = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        name = rng.choice(sorted(files))
        mutation = _pick(rng, CONTENT_MUTATIONS)
        files[name] = mutation(rng, files[name])
        done.append(f"{mutation.__name__}({name})")
    return files, "+".join(done)


def check_pack_folder(folder: Path, tally: Tally, as_plugin: bool = False) -> None:
    """Check one mutated pack as `unbroken content check` does (and load it as a plugin)."""
    from unbroken.cli import main
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
