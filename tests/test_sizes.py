"""The sizes STYLE.md asks for: no function in src/unbroken over 100 lines, no module over 500.

A function over ~100 lines is a table or several steps waiting to be named; a module
over ~500 lines is doing several jobs ("Sizes and shapes").
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "unbroken"
FUNCTION_LINES = 100
MODULE_LINES = 500
#: Modules allowed over MODULE_LINES for now, each with the most lines it may have and
#: the work that brings it under: the list only shrinks.
MODULES_BEING_SPLIT: dict[str, int] = {}  # empty since #32 item 8 split tui/game.py


def _modules() -> list[Path]:
    modules = sorted(SRC.rglob("*.py"))
    assert len(modules) > 100, f"found only {len(modules)} modules under {SRC}"
    return modules


def long_functions(path: Path, limit: int = FUNCTION_LINES) -> list[str]:
    """Return `name (lines)` for each function or method in `path` over `limit` lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > limit
    ]


def test_no_function_is_over_100_lines() -> None:
    found = {
        str(path.relative_to(SRC)): long for path in _modules() if (long := long_functions(path))
    }
    assert not found, f"functions over {FUNCTION_LINES} lines (split them by job): {found}"


def test_no_module_is_over_500_lines() -> None:
    sizes = {
        str(path.relative_to(SRC)): len(path.read_text(encoding="utf-8").splitlines())
        for path in _modules()
    }
    over = {name: n for name, n in sizes.items() if n > MODULES_BEING_SPLIT.get(name, MODULE_LINES)}
    assert not over, f"modules over {MODULE_LINES} lines (split them by job): {over}"


def test_the_size_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "".join(f"        x{i} = {i}\n" for i in range(FUNCTION_LINES))
    path = tmp_path / "long.py"
    path.write_text(f"def short():\n    pass\n\n\nclass A:\n    def long(self):\n{body}")
    assert long_functions(path) == [f"long ({FUNCTION_LINES + 1} lines)"]
