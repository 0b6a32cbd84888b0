"""Every hook has a `test_hook_<name>` test and a section in docs/plugins.md."""

from __future__ import annotations

import re
from pathlib import Path

from unbroken.plugins import hookspecs

ROOT = Path(__file__).resolve().parents[2]


def hook_names() -> list[str]:
    """Return the names of every hookspec."""
    return sorted(n for n in dir(hookspecs) if n.startswith("unbroken_"))


def test_there_are_hooks() -> None:
    assert "unbroken_content_packs" in hook_names()


def test_every_hook_has_a_test() -> None:
    tests = "\n".join(p.read_text() for p in (ROOT / "tests" / "plugins").glob("test_*.py"))
    missing = [n for n in hook_names() if not re.search(rf"def test_hook_{n}\b", tests)]
    assert missing == [], f"hooks without a test_hook_<name> test: {missing}"


def test_every_hook_has_a_docs_section() -> None:
    docs = (ROOT / "docs" / "plugins.md").read_text()
    missing = [n for n in hook_names() if not re.search(rf"^### `{n}\(", docs, re.MULTILINE)]
    assert missing == [], f"hooks without a '### `name(...)`' section in docs/plugins.md: {missing}"
