"""unbroken.api, the one module plugins import from: its names stay (or are deprecated), and
docs/reference.md, generated from the code by tools/reference.py, is never stale."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import get_args

import pytest

import unbroken.api as api

ROOT = Path(__file__).resolve().parents[2]


def load_tool() -> ModuleType:
    """Import tools/reference.py (a script, not a package module)."""
    spec = importlib.util.spec_from_file_location("reference_tool", ROOT / "tools" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_tool()


def test_every_public_name_resolves_once() -> None:
    assert len(api.__all__) == len(set(api.__all__))
    missing = [n for n in api.__all__ if not hasattr(api, n)]
    assert missing == []
    namespace: dict[str, object] = {}
    exec("from unbroken.api import *", namespace)
    assert set(api.__all__) <= set(namespace)


def test_the_old_import_paths_give_the_same_objects(tool: ModuleType) -> None:
    """A name in the API is its home module's object, so older imports keep working."""
    homes = tool.homes()
    for name in api.__all__:
        module, original = homes[name]
        assert getattr(importlib.import_module(module), original) is getattr(api, name), name


def test_every_union_member_is_in_the_api() -> None:
    """Every effect, modifier and event type is importable from unbroken.api by name."""
    missing = [
        member.__name__
        for union in (api.Effect, api.Modifier, api.Event)
        for member in get_args(union)
        if getattr(api, member.__name__, None) is not member
    ]
    assert missing == [], (
        f"add {missing} to unbroken.api (its imports and __all__), then run "
        "`python tools/reference.py`"
    )
    for member in get_args(api.Action):
        assert getattr(api.actions, member.__name__) is member


#: Names a hook's signature may use that are not the API's own.
NOT_THE_APIS = {"Any", "Callable", "Path", "None", "Sequence", "Iterable", "Mapping"}


def test_every_type_a_hook_names_is_in_the_api(tool: ModuleType) -> None:
    """A plugin can import every type a hook takes or returns from unbroken.api."""
    import inspect
    import re

    missing = set()
    for hook in tool.hooks():
        sig = inspect.signature(hook)
        hints = [p.annotation for p in sig.parameters.values()] + [sig.return_annotation]
        for hint in hints:
            for name in re.findall(r"\b[A-Z]\w*", str(hint)):
                if name not in NOT_THE_APIS and not hasattr(api, name):
                    missing.add(f"{hook.__name__}: {name}")
    assert not missing, f"add these to unbroken.api (a hook uses them): {sorted(missing)}"


def test_importing_it_leaves_the_sim_unimported() -> None:
    code = (
        "import sys, unbroken.api as a; assert 'unbroken.sim' not in sys.modules; "
        "a.play_one; assert 'unbroken.sim' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_no_recorded_name_disappears_without_a_deprecation(tool: ModuleType) -> None:
    public = set(tool.public_names())
    gone = [n for n in tool.recorded_names() if n not in public and n not in api.DEPRECATED]
    assert gone == [], (
        f"public names of unbroken.api disappeared without a deprecation: {gone}. "
        "Put each back, or move it to unbroken.api.DEPRECATED (it must still resolve, "
        "with a DeprecationWarning) and say so under CHANGELOG.md's Deprecated."
    )


def test_every_public_name_is_recorded(tool: ModuleType) -> None:
    new = tool.new_names()
    assert new == [], (
        f"new public names of unbroken.api not in {tool.NAMES.relative_to(ROOT)}: {new}; "
        f"run `{tool.COMMAND}` to record them"
    )


def test_deprecated_names_resolve_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, (module, _, _) in api.DEPRECATED.items():
        with pytest.warns(DeprecationWarning, match=name):
            assert getattr(api, name) is getattr(importlib.import_module(module), name)
    monkeypatch.setitem(api.DEPRECATED, "SLOW_OBSERVER", ("unbroken.play.observers", "none", "0.9"))
    with pytest.warns(DeprecationWarning) as caught:
        assert api.SLOW_OBSERVER == 0.5
    assert str(caught[0].message) == (
        "unbroken.api.SLOW_OBSERVER is deprecated and goes in 0.9: none"
    )
    assert "SLOW_OBSERVER" not in api.__all__
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api.Gain  # noqa: B018 - a public name never warns


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Gian'"):
        api.Gian  # noqa: B018


def test_the_reference_is_up_to_date(tool: ModuleType) -> None:
    writer = tool.Writer()
    text = tool.render(writer)
    current = tool.REFERENCE.read_text(encoding="utf-8")
    assert current == text, f"docs/reference.md is stale: run `{tool.COMMAND}`"


def test_everything_in_the_reference_has_a_docstring(tool: ModuleType) -> None:
    writer = tool.Writer()
    tool.render(writer)
    assert writer.undocumented == [], f"give these a docstring: {writer.undocumented}"


def test_the_reference_has_every_hook_and_name(tool: ModuleType) -> None:
    text = tool.REFERENCE.read_text(encoding="utf-8")
    for hook in tool.hooks():
        assert f"### `{hook.__name__}`" in text
    for name in tool.public_names():
        assert f"### `{name}`" in text, name


def test_the_check_mode_says_how_to_fix_a_stale_file(
    tool: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stale = tmp_path / "docs" / "reference.md"
    stale.parent.mkdir()
    stale.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(tool, "REFERENCE", stale)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "NAMES", tmp_path / "api_names.txt")
    assert tool.main(["--check"]) == 1
    assert "docs/reference.md is stale: run `python tools/reference.py`" in capsys.readouterr().err
    assert tool.main([]) == 0
    assert tool.main(["--check"]) == 0


def test_the_generator_records_new_names_and_never_removes_one(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = tmp_path / "api_names.txt"
    names.write_text("# header\nGain\nGone\n", encoding="utf-8")
    monkeypatch.setattr(tool, "NAMES", names)
    tool.record_names(tool.new_names())
    recorded = tool.recorded_names()
    assert recorded[:2] == ["Gain", "Gone"]
    assert set(recorded) == set(tool.public_names()) | {"Gone"}
    assert names.read_text(encoding="utf-8").startswith("# header\n")


def unbroken_imports(path: Path) -> list[tuple[int, str]]:
    """Return (line, module) for every import of `unbroken` or a module under it in a file."""
    import ast

    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = (
                [node.module]
                if node.module != "unbroken"
                else [f"unbroken.{alias.name}" for alias in node.names]
            )
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.extend((node.lineno, name) for name in names if name.split(".")[0] == "unbroken")
    return found


def outside_the_api(root: Path) -> list[str]:
    """Return "file:line: module" for each import under `root`'s plugins/ that is not the API
    (`unbroken.api`; in a plugin's tests also `unbroken.testing`)."""
    bad = []
    for path in sorted((root / "plugins").glob("*/**/*.py")):
        allowed = {"unbroken.api"} | ({"unbroken.testing"} if "tests" in path.parts else set())
        for line, module in unbroken_imports(path):
            if module not in allowed:
                bad.append(f"{path.relative_to(root)}:{line}: {module}")
    return bad


def test_the_expansions_import_only_the_api() -> None:
    # STYLE.md: our expansions go through `unbroken.api` only (and their tests through
    # `unbroken.testing` too), the first thing an expansion author copies.
    assert outside_the_api(ROOT) == []


def test_an_import_past_the_api_is_named(tmp_path: Path) -> None:
    source = tmp_path / "plugins" / "unbroken-x" / "src" / "unbroken_x"
    source.mkdir(parents=True)
    (source / "__init__.py").write_text(
        "from unbroken.api import hookimpl\nfrom unbroken import sim\n"
        "import unbroken.core.events\nfrom unbroken_x import more\n"
    )
    tests = tmp_path / "plugins" / "unbroken-x" / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text("from unbroken.testing import Scenario\n")
    assert outside_the_api(tmp_path) == [
        "plugins/unbroken-x/src/unbroken_x/__init__.py:2: unbroken.sim",
        "plugins/unbroken-x/src/unbroken_x/__init__.py:3: unbroken.core.events",
    ]
