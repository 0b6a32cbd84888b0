"""A plugin whose distribution needs another version of the game is skipped, saying so.

The version check is `packaging`'s PEP 440 and PEP 508: the examples pin the
operators and what it reads that a plain release check would not (pre-releases,
epochs, `===`), the properties pin the order against a model (compare segments
as numbers, trailing zeros dropped).
"""

from __future__ import annotations

import gzip
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from installed import install_package

from unbroken import __version__
from unbroken.plugins import PluginError, PluginWarning, load_plugins
from unbroken.plugins.requirements import (
    UncheckedRequirement,
    marker_applies,
    marker_environment,
    unmet_requirement,
    version_satisfies,
)

# --------------------------------------------------------------------------- comparing versions


@pytest.mark.parametrize(
    ("version", "specifiers", "met"),
    [
        ("1.10", ">1.9", True),  # segments are numbers, not text
        ("1.9", ">=1.10", False),
        ("1.0", "==1.0.0", True),  # missing segments are zeros
        ("1.0.0", "==1", True),
        ("1.0.1", "==1.0", False),
        ("1.0", "!=1.0.0", False),
        ("0.1.0", "<0.2", True),
        ("0.2", "<0.2.0", False),
        ("0.2", "<=0.2.0", True),
        ("0.1.0", ">=99", False),
        ("1.1.5", "==1.1.*", True),  # a prefix
        ("1.1", "==1.1.*", True),
        ("1", "==1.0.*", True),  # the version is padded to the prefix
        ("1.10", "==1.1.*", False),
        ("1.2", "!=1.*", False),
        ("2.0", "!=1.*", True),
        ("1.4.5", "~=1.4.2", True),  # >=1.4.2, ==1.4.*
        ("1.5", "~=1.4.2", False),
        ("1.4.1", "~=1.4.2", False),
        ("1.9", "~=1.4", True),  # >=1.4, ==1.*
        ("2.0", "~=1.4", False),
        ("0.1.0", ">= 0.1 , < 1", True),  # spaces and a comma list
        ("1.0", ">=0.1,<1", False),
        ("0.1.0", "", True),  # no version asked for
        ("0.1.0", "===1,<0.1", False),  # a failing clause decides
        ("0.1.0", "===0.1.0", True),  # arbitrary equality: the same text
        ("0.1.0", ">=0.2rc1", False),  # a pre-release
        ("0.2.0rc1", ">=0.2rc1", True),
        ("0.1.0", ">=0.1.dev0", True),
        ("0.1.0", ">=0.1.post1", False),
        ("0.1.0", "==0.1.0+local", False),  # a local version
        ("0.1.0", ">=1!0.1", False),  # an epoch
        ("0.2.0rc1", ">=0.1", True),  # this game a pre-release: it is the version it is
    ],
)
def test_versions_compare_as_pep_440_says(version: str, specifiers: str, met: bool) -> None:
    assert version_satisfies(version, specifiers) is met


@pytest.mark.parametrize(
    ("version", "specifiers"),
    [
        ("0.1.0", ">=0.1.*"),  # `.*` with an ordering operator
        ("0.1.0", "~=1"),  # ~= needs two segments
        ("0.1.0", "0.1"),  # no operator
        ("0.1.0", "=>0.1"),
        ("zero", ">=0.1"),  # not a version
    ],
)
def test_what_it_cannot_read_is_unchecked_not_refused(version: str, specifiers: str) -> None:
    with pytest.raises(UncheckedRequirement):
        version_satisfies(version, specifiers)


releases = st.lists(st.integers(0, 30), min_size=1, max_size=4).map(tuple)


def text(segments: tuple[int, ...]) -> str:
    """Return a release as a version string: (1, 10) is `1.10`."""
    return ".".join(str(n) for n in segments)


def model(segments: tuple[int, ...]) -> tuple[int, ...]:
    """Return the release with trailing zeros dropped: tuples then compare as versions do."""
    while segments and segments[-1] == 0:
        segments = segments[:-1]
    return segments


@given(releases, releases)
def test_the_order_is_the_order_of_segments_as_numbers(
    a: tuple[int, ...], b: tuple[int, ...]
) -> None:
    x, y = model(a), model(b)
    expected = {"==": x == y, "!=": x != y, "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}
    for op, holds in expected.items():
        assert version_satisfies(text(a), f"{op}{text(b)}") is holds, op
    # Exactly one of <, ==, >; and a < b is b > a.
    assert sum(version_satisfies(text(a), f"{op}{text(b)}") for op in ("<", "==", ">")) == 1
    assert version_satisfies(text(a), f"<{text(b)}") is version_satisfies(text(b), f">{text(a)}")


@given(releases, st.integers(0, 3))
def test_a_version_meets_itself_with_or_without_trailing_zeros(
    a: tuple[int, ...], zeros: int
) -> None:
    same = text(a) + ".0" * zeros
    for op in ("==", "<=", ">="):
        assert version_satisfies(same, f"{op}{text(a)}")
    for op in ("!=", "<", ">"):
        assert not version_satisfies(same, f"{op}{text(a)}")
    assert version_satisfies(text(a), f"=={text(a)}.*")
    if len(a) >= 2:
        assert version_satisfies(same, f"~={text(a)}")


@given(releases, releases)
def test_a_prefix_is_the_range_up_to_the_next_one(a: tuple[int, ...], p: tuple[int, ...]) -> None:
    following = text((*p[:-1], p[-1] + 1))  # ==1.4.* is >=1.4, <1.5
    inside = version_satisfies(text(a), f">={text(p)},<{following}")
    assert version_satisfies(text(a), f"=={text(p)}.*") is inside
    assert version_satisfies(text(a), f"!={text(p)}.*") is not inside


@given(releases, releases.filter(lambda r: len(r) >= 2))
def test_compatible_release_is_at_least_it_within_its_prefix(
    a: tuple[int, ...], b: tuple[int, ...]
) -> None:
    spelt_out = f">={text(b)},=={text(b[:-1])}.*"
    assert version_satisfies(text(a), f"~={text(b)}") is version_satisfies(text(a), spelt_out)


@given(releases, releases, releases)
def test_a_comma_list_is_every_clause(
    a: tuple[int, ...], low: tuple[int, ...], high: tuple[int, ...]
) -> None:
    both = version_satisfies(text(a), f">={text(low)}") and version_satisfies(
        text(a), f"<{text(high)}"
    )
    assert version_satisfies(text(a), f">={text(low)},<{text(high)}") is both


# --------------------------------------------------------------------------- markers

#: A fixed interpreter for the marker examples.
LINUX_312 = {**marker_environment(), "python_version": "3.12", "sys_platform": "linux"}


@pytest.mark.parametrize(
    ("marker", "holds"),
    [
        ('extra == "test"', False),  # a plugin is installed with no extra
        ("extra == 'test'", False),
        ('extra != "test"', True),
        ('python_version >= "3.11"', True),  # versions compare as versions
        ('python_version < "3.9"', False),
        ('python_version > "3.9"', True),  # 3.12 > 3.9, not as text
        ('"3.13" > python_version', True),
        ('sys_platform == "linux"', True),  # other values as strings
        ('sys_platform != "win32"', True),
        ('python_version === "3.12"', True),  # arbitrary equality: the same text
        ('python_version in "3.11 3.12"', True),
        ('sys_platform not in "win32 cygwin"', True),
        ('python_version >= "3.11" and extra == "test"', False),
        ('extra == "test" or sys_platform == "linux"', True),
        ('(extra == "a" or extra == "b") and python_version >= "3"', False),
        ('sys_platform == "linux" and (python_version < "3" or python_version > "3.10")', True),
        ('os_name == "posix"', True),
    ],
)
def test_a_marker_is_read_as_pep_508_says(marker: str, holds: bool) -> None:
    assert marker_applies(marker, LINUX_312) is holds


@pytest.mark.parametrize(
    "marker",
    [
        'python_version >= "3.11" xor extra == "a"',
        'platform_system ~= "Linux"',  # ~= of things that are not versions
        '(python_version >= "3.11"',
        "python_version >=",
        "python_version >= 3.11",  # unquoted
    ],
)
def test_a_marker_it_cannot_read_is_unchecked(marker: str) -> None:
    with pytest.raises(UncheckedRequirement):
        marker_applies(marker, LINUX_312)


def test_the_marker_environment_is_this_interpreter() -> None:
    env = marker_environment()
    assert env["python_version"] == f"{sys.version_info.major}.{sys.version_info.minor}"
    assert env["sys_platform"] == sys.platform and env["extra"] == ""
    assert marker_applies(f'python_version == "{env["python_version"]}"')


# --------------------------------------------------------------------------- Requires-Dist lines

URL = "https://example.org/unbroken-0.1.0-py3-none-any.whl"


@pytest.mark.parametrize(
    ("requires", "unmet", "unchecked"),
    [
        (None, "", ""),  # no Requires-Dist at all
        (["textual>=99", "unbroken-tide>=99", "un.broken>=99"], "", ""),  # not the game
        (["unbroken>=99"], "unbroken>=99", ""),
        (["Unbroken>=99"], "unbroken>=99", ""),  # the name as PEP 503 compares it
        (["UNBROKEN >= 99"], "unbroken>=99", ""),
        (["unbroken (>=0.2, <1)"], "unbroken>=0.2,<1", ""),  # the old parenthesised form
        (["unbroken[test]>=99"], "unbroken>=99", ""),  # extras of the game do not matter
        (["unbroken>=0.1,<1"], "", ""),
        (["unbroken"], "", ""),
        (["unbroken>=99; extra == 'test'"], "", ""),  # a test extra's, not the plugin's
        (['unbroken[test]>=99 ; extra == "test"'], "", ""),
        (['unbroken>=99; python_version >= "3"'], "unbroken>=99", ""),
        (['unbroken>=99; python_version < "3"'], "", ""),
        (["unbroken===0.1.0"], "", ""),  # read now: the same text
        (["unbroken>=0.2rc1"], "unbroken>=0.2rc1", ""),
        ([f"unbroken @ {URL}"], "", f"unbroken @ {URL}"),  # no version to check
        (["unbroken>=0.1.*"], "", "unbroken>=0.1.*"),  # not PEP 440
        (["unbroken>=0.1; os_name == 'nt'"], "", ""),
        (["unbroken>=0.1.*", "unbroken>=99", "unbroken<0.1"], "unbroken>=99", "unbroken>=0.1.*"),
    ],
)
def test_the_requirement_on_the_game_is_found_among_the_lines(
    requires: list[str] | None, unmet: str, unchecked: str
) -> None:
    assert unmet_requirement(requires, "0.1.0") == (unmet, unchecked)


# --------------------------------------------------------------------------- installed plugins

PLUGIN = '''
"""unbroken-tide: a scoring rule and a bot, to show whether it was loaded."""

from unbroken import hookimpl
from unbroken.plugins.hookspecs import ScoringRule

__version__ = "0.3.0"


@hookimpl
def unbroken_scoring_rules():
    return [ScoringRule("five", "5 always.", lambda ruleset, events, state: 5)]


@hookimpl
def unbroken_bots():
    return {"first": lambda game, n: game.legal_actions()[0]}
'''


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """Return install(*requires): put unbroken-tide 0.3.0 (plugin `tide`) on sys.path.

    A real .dist-info folder, as `pip install --no-deps` leaves it: METADATA
    with the Requires-Dist lines given, and the `unbroken` entry point.
    """

    def install(*requires: str) -> None:
        site = tmp_path / "site"
        install_package(site, "tide", "0.3.0", PLUGIN, requires)
        monkeypatch.syspath_prepend(str(site))

    yield install
    sys.modules.pop("unbroken_tide", None)


NEEDS_99 = (
    "plugin 'tide' (unbroken-tide (entry point)): unbroken-tide 0.3.0 needs unbroken>=99, "
    f"this is unbroken {__version__}; upgrade unbroken or install an older unbroken-tide"
)


def test_a_plugin_needing_a_newer_game_is_skipped_and_adds_nothing(
    install: Callable[..., None],
) -> None:
    install("textual>=0.80", "unbroken>=99", "pytest>=8; extra == 'test'")
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "tide"])
    assert [str(w.message) for w in caught] == [NEEDS_99]
    (info,) = [i for i in loaded.infos if i.name == "tide"]
    assert (info.version, info.origin) == ("0.3.0", "unbroken-tide (entry point)")
    assert info.problem == NEEDS_99 and loaded.problems == [NEEDS_99]
    assert not info.loaded and info.adds == {} and info.scoring_rules == [] and info.bots == []
    assert loaded.ruleset.plugins == {"base": __version__}
    assert loaded.scoring_rules == [] and loaded.bots == {} and loaded.observers == []
    # Refused before it is imported: a plugin for a newer game may not even import.
    assert "unbroken_tide" not in sys.modules
    with pytest.raises(PluginError) as named:
        load_plugins(["base", "tide"], strict=["tide"])
    assert str(named.value) == NEEDS_99


def test_the_plugins_list_and_the_game_say_why_it_was_skipped(
    install: Callable[..., None],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from unbroken.cli.command import main
    from unbroken.tui.app_rules import skipped_notices

    install("unbroken>=99")
    monkeypatch.delenv("UNBROKEN_PLUGINS")  # every installed plugin on, as for a player
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert out[out.index("\ntide ") :].splitlines()[1:4] == [
        "tide 0.3.0  [on]  unbroken-tide (entry point)",
        "    adds: nothing",
        f"    problem: {NEEDS_99}",
    ]
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        infos = load_plugins(["base", "tide"]).infos
    assert skipped_notices([i for i in infos if i.problem]) == [
        "Plugin 'tide' was skipped: unbroken-tide 0.3.0 needs unbroken>=99, "
        f"this is unbroken {__version__}; upgrade unbroken or install an older "
        "unbroken-tide. See Plugins."
    ]


@pytest.mark.parametrize(
    "requires",
    [
        (),
        ("unbroken",),
        (f"Unbroken (>={__version__},<99)",),
        ("UNBROKEN[test]>=99; extra == 'test'", "textual>=0.80"),
    ],
)
def test_a_plugin_whose_requirement_is_met_loads_without_a_word(
    install: Callable[..., None], requires: tuple[str, ...]
) -> None:
    install(*requires)
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        loaded = load_plugins(["base", "tide"])
    assert loaded.ruleset.plugins == {"base": __version__, "tide": "0.3.0"}
    assert [r.name for r in loaded.scoring_rules] == ["tide:five"] and loaded.problems == []


def test_a_requirement_it_cannot_check_loads_the_plugin_with_one_warning(
    install: Callable[..., None],
) -> None:
    install("unbroken>=0.1.*")
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "tide"], strict=["tide"])
    assert [str(w.message) for w in caught] == [
        f"plugin 'tide' (unbroken-tide (entry point)): cannot check its requirement "
        f"'unbroken>=0.1.*' against unbroken {__version__}; loading it anyway"
    ]
    assert loaded.ruleset.plugins == {"base": __version__, "tide": "0.3.0"}
    assert loaded.problems == []


def test_a_disabled_plugin_is_not_checked(install: Callable[..., None]) -> None:
    install("unbroken===0.0")
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        loaded = load_plugins(["base"])
    assert [i.problem for i in loaded.infos if i.name == "tide"] == [""]


def test_a_recording_names_each_plugin_s_package(
    install: Callable[..., None], tmp_path: Path
) -> None:
    """Issue #19: a missing plugin's message can then say what to `pip install`."""
    from unbroken.replay import read_recording
    from unbroken.sim import record_game

    install("unbroken")
    rules = load_plugins(["base", "tide"]).ruleset
    path = record_game(rules, "base:tomu", "easy", 3, "greedy", tmp_path / "rec")
    header = read_recording(path).header
    assert header.plugins == {"base": __version__, "tide": "0.3.0"}
    assert header.packages == {"tide": "unbroken-tide"}
    base_only = record_game(
        load_plugins(["base"]).ruleset, "base:tomu", "easy", 3, "greedy", tmp_path / "b"
    )
    with gzip.open(base_only) as file:
        assert b'"packages"' not in file.readline()  # base games' headers are as before
