"""What a plugin's distribution needs of the game: its `Requires-Dist: unbroken...`.

A small PEP 440 and PEP 508 of our own (`packaging` is not a dependency):
plain release versions compared as numbers, the usual operators, and
environment markers. What it cannot read raises UncheckedRequirement, and the
plugin host then loads the plugin with a warning instead of refusing it.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping

from unbroken import __version__


class UncheckedRequirement(ValueError):
    """A version, specifier or marker too rich to check here (`===`, `1.0rc1`, `1.0+local`)."""


#: One version clause: an operator, a plain release, maybe `.*` (`>=0.2`, `==1.*`).
_CLAUSE = re.compile(r"(~=|==|!=|<=|>=|<|>)\s*(\d+(?:\.\d+)*)(\.\*)?")
#: One Requires-Dist line: the distribution name, any extras, then the rest.
_REQUIREMENT = re.compile(
    r"\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?(.*)", re.S
)
#: One token of an environment marker: a quoted string, an operator or paren, or a word.
_MARKER_TOKEN = re.compile(r"""\s*('[^']*'|"[^"]*"|===|==|!=|<=|>=|~=|<|>|\(|\)|[A-Za-z_][\w.]*)""")


def release(version: str) -> tuple[int, ...]:
    """Return the release segments of a plain version: `1.10` gives (1, 10).

    Raises UncheckedRequirement for anything else (an epoch, a pre-, post- or
    dev release, a local version).
    """
    text = version.strip()
    if not re.fullmatch(r"\d+(?:\.\d+)*", text):
        raise UncheckedRequirement(f"version {version!r}")
    return tuple(int(part) for part in text.split("."))


def _padded(segments: tuple[int, ...], length: int) -> tuple[int, ...]:
    """Return `segments` with zeros appended up to `length` (1.0 is 1.0.0)."""
    return segments + (0,) * (length - len(segments))


def _meets(have: tuple[int, ...], clause: str) -> bool:
    """Return whether release `have` meets one clause (`>=0.2`, `~=1.4`, `!=1.*`)."""
    found = _CLAUSE.fullmatch(clause)
    if found is None:
        raise UncheckedRequirement(f"specifier {clause!r}")
    op, text, prefix = found.groups()
    want = release(text)
    if prefix:
        if op not in ("==", "!="):
            raise UncheckedRequirement(f"specifier {clause!r}")
        return (_padded(have, len(want))[: len(want)] == want) == (op == "==")
    if op == "~=":  # ~=1.4.2 is >=1.4.2, ==1.4.*
        if len(want) < 2:
            raise UncheckedRequirement(f"specifier {clause!r}")
        return _meets(have, f">={text}") and _meets(have, f"=={text.rpartition('.')[0]}.*")
    size = max(len(have), len(want))
    a, b = _padded(have, size), _padded(want, size)
    return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def version_satisfies(version: str, specifiers: str) -> bool:
    """Return whether `version` meets every clause of `specifiers` (`>=0.2,<1`; "" is any).

    A small PEP 440 for plain releases: segments compare as numbers (1.10 >
    1.9) and missing ones are zeros (1.0 == 1.0.0); the operators are ==, !=,
    <, <=, >, >=, ~= and == or != with a trailing `.*`. A clause that fails
    decides; otherwise one it cannot read (`===`, a pre-release or local
    version, an epoch) raises UncheckedRequirement.
    """
    have = release(version)
    clauses = [c.strip() for c in specifiers.split(",")] if specifiers.strip() else []
    unread: UncheckedRequirement | None = None
    for clause in clauses:
        try:
            if not _meets(have, clause):
                return False
        except UncheckedRequirement as exc:
            unread = unread or exc
    if unread is not None:
        raise unread
    return True


def marker_environment() -> dict[str, str]:
    """Return this interpreter's PEP 508 marker variables; `extra` is "" (none requested)."""
    import platform

    impl = sys.implementation.version
    impl_version = f"{impl.major}.{impl.minor}.{impl.micro}"
    if impl.releaselevel != "final":
        impl_version += f"{impl.releaselevel[0]}{impl.serial}"
    return {
        "extra": "",
        "implementation_name": sys.implementation.name,
        "implementation_version": impl_version,
        "os_name": os.name,
        "platform_machine": platform.machine(),
        "platform_python_implementation": platform.python_implementation(),
        "platform_release": platform.release(),
        "platform_system": platform.system(),
        "platform_version": platform.version(),
        "python_full_version": platform.python_version(),
        "python_version": ".".join(platform.python_version_tuple()[:2]),
        "sys_platform": sys.platform,
    }


def marker_applies(marker: str, environment: Mapping[str, str] | None = None) -> bool:
    """Return whether an environment marker holds here (`python_version >= "3.12"`).

    Markers are PEP 508's: comparisons of marker variables and quoted strings,
    `and`, `or` and parentheses; versions compare as `version_satisfies` does,
    other values as strings. A plugin is installed with no extra, so `extra ==
    "test"` never holds. Raises UncheckedRequirement for anything else.
    """
    env = marker_environment() if environment is None else environment
    text = marker.strip()
    unread = UncheckedRequirement(f"marker {text!r}")
    tokens: list[str] = []
    at = 0
    while at < len(text):
        found = _MARKER_TOKEN.match(text, at)
        if found is None:
            raise unread
        tokens.append(found.group(1))
        at = found.end()
    tokens.reverse()  # popped from the end: the next token is tokens[-1]

    def take(*expected: str) -> str:
        if not tokens or (expected and tokens[-1] not in expected):
            raise unread
        return tokens.pop()

    def value() -> str:
        token = take()
        if token[:1] in ("'", '"'):
            return token[1:-1]
        if token in env:
            return env[token]
        raise unread

    def comparison() -> bool:
        if tokens and tokens[-1] == "(":
            take("(")
            held = either()
            take(")")
            return held
        left = value()
        op = take("===", "==", "!=", "<=", ">=", "~=", "<", ">", "in", "not")
        if op == "not":
            op = f"not {take('in')}"
        right = value()
        if op in ("in", "not in"):
            return (left in right) == (op == "in")
        try:
            return version_satisfies(left, f"{op}{right}")
        except UncheckedRequirement:
            if op in ("==", "!=", "==="):  # not versions: plain strings
                return (left == right) == (op != "!=")
            raise unread from None

    def both() -> bool:
        held = comparison()
        while tokens and tokens[-1] == "and":
            take("and")
            held = comparison() and held  # every comparison is read, to check the grammar
        return held

    def either() -> bool:
        held = both()
        while tokens and tokens[-1] == "or":
            take("or")
            held = both() or held
        return held

    held = either()
    if tokens:
        raise unread
    return held


def _normalised(name: str) -> str:
    """Return a distribution name as PEP 503 compares it: `Unbroken_Tide` is `unbroken-tide`."""
    return re.sub(r"[-_.]+", "-", name).lower()


def unmet_requirement(
    requires: Iterable[str] | None, version: str = __version__
) -> tuple[str, str]:
    """Return (a requirement on unbroken `version` fails, one it cannot check); "" for none.

    `requires` is a distribution's Requires-Dist lines (`dist.requires`). Only
    lines on the unbroken distribution (any spelling: `Unbroken`, `UNBROKEN`)
    whose marker holds here count (`; extra == "test"` never does). The failed
    one reads `unbroken>=99`; the unchecked one is the line as written.
    """
    unmet = unchecked = ""
    for line in requires or ():
        found = _REQUIREMENT.fullmatch(line)
        if found is None or _normalised(found.group(1)) != "unbroken":
            continue
        rest, _, marker = found.group(3).partition(";")
        specifiers = rest.strip()
        if specifiers.startswith("(") and specifiers.endswith(")"):  # `unbroken (>=0.2)`
            specifiers = specifiers[1:-1]
        try:
            if marker.strip() and not marker_applies(marker):
                continue
            if specifiers.startswith("@"):  # a URL, not a version: nothing to compare
                raise UncheckedRequirement(specifiers)
            if not version_satisfies(version, specifiers):
                unmet = unmet or "unbroken" + re.sub(r"\s+", "", specifiers)
        except UncheckedRequirement:
            unchecked = unchecked or line.strip()
    return unmet, unchecked


__all__ = [
    "UncheckedRequirement",
    "marker_applies",
    "marker_environment",
    "release",
    "unmet_requirement",
    "version_satisfies",
]
