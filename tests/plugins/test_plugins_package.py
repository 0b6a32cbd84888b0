"""The plugin host package stays split by job: small modules that never import the package."""

from __future__ import annotations

import ast
from pathlib import Path

import unbroken.plugins

PACKAGE = Path(unbroken.plugins.__file__).parent


def _imported(path: Path) -> list[tuple[str, int]]:
    """Return (module, line) of every import in `path` outside `if TYPE_CHECKING:` blocks.

    `from unbroken.plugins import x` counts as importing `unbroken.plugins.x`.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        for inner in ast.walk(node)
    }
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == "unbroken.plugins":
            found += [(f"unbroken.plugins.{alias.name}", node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, node.lineno))
    return found


def test_the_parts_never_import_the_package_itself() -> None:
    # The package imports its parts; a part importing it back would be a cycle.
    wrong = [
        f"{path.name}:{line}: {module}"
        for path in sorted(PACKAGE.glob("*.py"))
        if path.name != "__init__.py"
        for module, line in _imported(path)
        if module == "unbroken.plugins"
        or (
            module.startswith("unbroken.plugins.")
            and not (PACKAGE / f"{module.removeprefix('unbroken.plugins.')}.py").exists()
        )
    ]
    assert not wrong, wrong


def test_no_module_of_the_package_is_over_500_lines() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.glob("*.py")}
    assert max(sizes.values()) <= 500, sizes


def test_every_name_the_package_exports_is_there() -> None:
    missing = [name for name in unbroken.plugins.__all__ if not hasattr(unbroken.plugins, name)]
    assert not missing
