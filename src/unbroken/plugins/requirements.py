"""What a plugin's distribution needs of the game: its `Requires-Dist: unbroken...`.

Read with `packaging`, the reference implementation of PEP 440 (versions and
specifiers: pre-releases, epochs, `===`, local versions) and PEP 508
(requirements and environment markers). What even `packaging` cannot read
raises UncheckedRequirement, and the plugin host then loads the plugin with a
warning instead of refusing it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, cast

from packaging.markers import InvalidMarker, Marker, UndefinedComparison, default_environment
from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

from unbroken import __version__


class UncheckedRequirement(ValueError):
    """A version, specifier or marker that is not PEP 440 / PEP 508 (`>=0.1.*`, `~=1`)."""


def version_satisfies(version: str, specifiers: str) -> bool:
    """Return whether `version` meets every clause of `specifiers` (`>=0.2,<1`; "" is any).

    Pre-releases count as the versions they are (a game `0.3.0rc1` meets
    `>=0.2`). A version or specifier that is not PEP 440 raises UncheckedRequirement.
    """
    try:
        return SpecifierSet(specifiers).contains(Version(version), prereleases=True)
    except (InvalidSpecifier, InvalidVersion) as exc:
        raise UncheckedRequirement(str(exc)) from None


def marker_environment() -> dict[str, str]:
    """Return this interpreter's marker variables, with `extra` empty (a plugin has none)."""
    return {**cast(dict[str, str], default_environment()), "extra": ""}


def marker_applies(marker: str, environment: Mapping[str, str] | None = None) -> bool:
    """Return whether an environment marker holds (here, or in `environment`).

    A marker that is not PEP 508 raises UncheckedRequirement.
    """
    env = dict(environment) if environment is not None else marker_environment()
    try:
        return Marker(marker).evaluate(cast(dict[str, Any], env))
    except (InvalidMarker, UndefinedComparison, InvalidVersion) as exc:
        raise UncheckedRequirement(str(exc)) from None


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
        try:
            requirement = Requirement(line)
        except InvalidRequirement:
            name = line.strip().split(";")[0].split("[")[0].split("(")[0]
            name = name.split("@")[0].strip().split(" ")[0]
            for op in "<>=!~":
                name = name.split(op)[0]
            if name and canonicalize_name(name) == "unbroken":
                unchecked = unchecked or line.strip()
            continue
        if canonicalize_name(requirement.name) != "unbroken":
            continue
        try:
            if requirement.marker is not None and not marker_applies(str(requirement.marker)):
                continue
            if requirement.url:  # a URL, not a version: nothing to compare
                raise UncheckedRequirement(requirement.url)
            if not requirement.specifier.contains(Version(version), prereleases=True):
                unmet = unmet or "unbroken" + _as_written(line)
        except (UncheckedRequirement, InvalidVersion):
            unchecked = unchecked or line.strip()
    return unmet, unchecked


def _as_written(line: str) -> str:
    """Return a requirement line's specifiers as written, without spaces or parentheses
    (`Unbroken (>= 0.2, <1) ; extra == ""` gives `>=0.2,<1`)."""
    rest = re.sub(r"^\s*[A-Za-z0-9._-]+\s*(\[[^\]]*\])?", "", line.split(";")[0])
    rest = re.sub(r"\s+", "", rest)
    return rest[1:-1] if rest.startswith("(") and rest.endswith(")") else rest


__all__ = [
    "UncheckedRequirement",
    "marker_applies",
    "marker_environment",
    "unmet_requirement",
    "version_satisfies",
]
