"""No Markdown backticks in what the screens say (28a-19): the viewer's close question
said "(`unbroken analyze` in a shell …)", the Records sentence "(… in `unbroken
replays`)". Only the help's pages, which are Markdown (rendered), may hold them."""

from __future__ import annotations

import ast
from pathlib import Path

import unbroken

SOURCE = Path(unbroken.__file__).parent
#: The help's pages: Markdown, rendered (a backtick there is code, not shown).
MARKDOWN = {"tui/help_pages.py"}


def docstrings(tree: ast.AST) -> set[int]:
    """Return the ids of the docstrings' nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def backticked() -> list[str]:
    """Return where the texts of tui/ and words/ hold a backtick (docstrings aside; in
    tui/help.py, the Markdown it renders, marked by its bold `**`)."""
    found = []
    for folder in ("tui", "words"):
        for path in sorted((SOURCE / folder).rglob("*.py")):
            where = path.relative_to(SOURCE).as_posix()
            if where in MARKDOWN:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = docstrings(tree)
            for node in ast.walk(tree):
                if not isinstance(node, ast.Constant) or id(node) in skip:
                    continue
                text = node.value
                if not isinstance(text, str) or "`" not in text:
                    continue
                if where == "tui/help.py" and "**" in text:
                    continue
                found.append(f"{where}:{node.lineno}: {text.strip()[:60]!r}")
    return found


def test_no_text_on_the_screens_holds_a_backtick() -> None:
    assert backticked() == []
