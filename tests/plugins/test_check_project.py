"""`unbroken content check PROJECT`: a plugin project checked from source, not installed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from unbroken.cli.command import main

PYPROJECT = """
[project]
name = "unbroken-zapper"
version = "0.1.0"

[project.entry-points.unbroken]
zapper = "unbroken_zapper"
"""

CODE = """
from pathlib import Path

from unbroken import hookimpl

__version__ = "0.1.0"


@hookimpl
def unbroken_content_packs():
    return [Path(__file__).parent / "content"]


def zap(ctx, params):
    ctx.lose({"se": int(params.get("se", 1))})


@hookimpl
def unbroken_effect_handlers():
    return {"zap": zap}
"""

EEL = """
[[monsters]]
id = "eel"
name = "Cave Eel"
level = 2
number = 3
armor = 0
health = 5
text = "It hums before it strikes."
table = [
  { result = "MISS" },
  { result = "WOUND", effects = [{ kind = "handler", name = "zapper:zap", params = { se = 2 } }] },
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
]
"""


def project(tmp_path: Path, code: str = CODE, content: str = EEL) -> Path:
    root = tmp_path / "unbroken-zapper"
    package = root / "src" / "unbroken_zapper"
    (package / "content").mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (package / "__init__.py").write_text(code, encoding="utf-8")
    (package / "content" / "monsters.toml").write_text(content, encoding="utf-8")
    return root


@pytest.fixture(autouse=True)
def _forget_the_scratch_module() -> object:
    yield
    for name in [m for m in sys.modules if m.startswith("unbroken_zapper")]:
        del sys.modules[name]


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["content", "check", str(path)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out


def test_a_project_is_checked_with_its_own_handlers_without_installing_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = project(tmp_path)
    status, out = check(root, capsys)
    assert status == 0, out
    assert "pack 'zapper' is valid" in out and re.search(r"monsters +1\n", out)
    assert "handlers: zapper:zap" in out
    # The same folder on its own knows only installed plugins' handlers.
    status, out = check(root / "src" / "unbroken_zapper" / "content", capsys)
    assert status == 1 and "unknown handler 'zapper:zap' (is the plugin that registers" in out


def test_a_project_whose_card_names_a_missing_handler_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = project(tmp_path, content=EEL.replace("zapper:zap", "zapper:zop"))
    status, out = check(root, capsys)
    assert status == 1
    assert out.endswith(
        "monsters.toml:12: monster 'zapper:eel' uses unknown handler 'zapper:zop' "
        "(plugin 'zapper' gives no handler 'zop')\n"
    )


def test_a_project_that_fails_to_import_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = project(tmp_path, code=CODE + "\nraise RuntimeError('half written')\n")
    status, out = check(root, capsys)
    assert status == 1
    assert out.strip() == (
        f"{root / 'pyproject.toml'}: plugin 'zapper' failed to import: RuntimeError: half written "
        "(__init__.py:22)"
    )


def test_a_project_with_a_misspelt_hook_names_the_plugin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = project(
        tmp_path, code=CODE.replace("def unbroken_effect_handlers", "def unbroken_effect_handler")
    )
    status, out = check(root, capsys)
    assert status == 1 and len(out.strip().splitlines()) == 1
    assert "plugin 'zapper'" in out and "unbroken_effect_handler" in out


def test_a_folder_with_a_pyproject_but_no_entry_point_says_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    status, out = check(tmp_path, capsys)
    assert status == 1 and "no [project.entry-points.unbroken] table" in out
