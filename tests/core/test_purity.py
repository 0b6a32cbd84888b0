"""unbroken.core stays pure: no UI, plugin host, database, file, clock or OS access."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CORE_DIR = REPO_ROOT / "src" / "unbroken" / "core"

# Top-level packages the core must never pull in, even indirectly.
FORBIDDEN_PACKAGES = ("textual", "rich", "pluggy", "sqlite3", "_sqlite3", "platformdirs")

# Standard-library modules that mean I/O, the clock, the OS or unseeded randomness.
FORBIDDEN_IMPORTS = frozenset(
    {"os", "io", "pathlib", "time", "datetime", "random", "socket", "subprocess", "sqlite3"}
)

# Imports unbroken.core and every submodule, then prints what got loaded.
IMPORT_ALL_OF_CORE = """
import importlib, json, pkgutil, sys
import unbroken.core as core
def fail(name):
    raise SystemExit(f"cannot import {name}")
for info in pkgutil.walk_packages(core.__path__, core.__name__ + ".", onerror=fail):
    importlib.import_module(info.name)
print(json.dumps(sorted(sys.modules)))
"""


def is_forbidden_module(name: str) -> bool:
    """Return True if module `name` is, or is inside, a forbidden package."""
    return any(name == pkg or name.startswith(pkg + ".") for pkg in FORBIDDEN_PACKAGES)


def test_importing_core_loads_no_ui_plugin_or_storage_package() -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_OF_CORE],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
    )
    assert result.returncode == 0, (
        f"importing unbroken.core and its submodules failed:\n{result.stderr}"
    )
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert "unbroken.core" in loaded
    offenders = sorted(name for name in loaded if is_forbidden_module(name))
    packages = sorted({name.split(".")[0] for name in offenders})
    assert not offenders, (
        "importing unbroken.core loaded packages the pure core must not depend on: "
        f"{', '.join(packages)} ({len(offenders)} modules: {', '.join(offenders[:8])}, ...)"
    )


def core_source_files() -> list[Path]:
    """Return every Python source file of unbroken.core."""
    return sorted(CORE_DIR.rglob("*.py"))


def io_violations(path: Path) -> list[str]:
    """Return 'file:line: what' for each call to open() or forbidden import in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    where = path.relative_to(REPO_ROOT)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FORBIDDEN_IMPORTS:
                    found.append(f"{where}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level == 0 and module.split(".")[0] in FORBIDDEN_IMPORTS:
                found.append(f"{where}:{node.lineno}: from {module} import ...")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "open":
                found.append(f"{where}:{node.lineno}: call to open()")
            elif (
                isinstance(func, ast.Attribute)
                and func.attr == "open"
                and isinstance(func.value, ast.Name)
                and func.value.id in {"builtins", "io", "os", "codecs"}
            ):
                found.append(f"{where}:{node.lineno}: call to {func.value.id}.open()")
    return found


def test_core_source_has_no_file_clock_or_os_access() -> None:
    sources = core_source_files()
    assert sources, f"no Python files found under {CORE_DIR}"
    violations = [v for path in sources for v in io_violations(path)]
    assert not violations, "unbroken.core must do no I/O:\n" + "\n".join(violations)
