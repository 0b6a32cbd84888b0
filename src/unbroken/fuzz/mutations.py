"""The fuzzer's mutations (`unbroken.fuzz.runs`): what an attacker or a failing disk does to a file.

Each takes a seeded `random.Random` and a file's bytes and returns them
changed: bytes flipped, inserted and cut, lines dropped, doubled and swapped,
a JSON value or key changed, deep nesting, huge lines, too many lines, escape
sequences (recordings); TOML values, dotted keys and table headers (content
packs). `mutate_recording` and `mutate_pack` pick a few, weighted.
"""

from __future__ import annotations

import functools
import gzip
import json
import random
from collections.abc import Callable
from typing import Any

from unbroken.replay.bounds import MAX_LINE, MAX_LINES, MAX_TEXT

# --------------------------------------------------------------------------- recordings

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
