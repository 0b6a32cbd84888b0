"""Shared by the plugin tests: a plugin package installed as pip leaves one."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def install_package(
    site: Path, plugin: str, version: str, source: str, requires: Sequence[str] = ()
) -> Path:
    """Put unbroken-`plugin` `version` (module unbroken_`plugin`, plugin `plugin`) in the
    folder `site`, as `pip install --no-deps` leaves it: the module's `source`, and a real
    .dist-info folder (METADATA with the Requires-Dist lines given, and the `unbroken`
    entry point). Return the module's file; the caller puts `site` on sys.path."""
    package = f"unbroken_{plugin}"
    (site / package).mkdir(parents=True)
    module = site / package / "__init__.py"
    module.write_text(source, encoding="utf-8")
    info = site / f"{package}-{version}.dist-info"
    info.mkdir()
    lines = ["Metadata-Version: 2.1", f"Name: unbroken-{plugin}", f"Version: {version}"]
    lines += [f"Requires-Dist: {line}" for line in requires]
    (info / "METADATA").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[unbroken]\n{plugin} = {package}\n")
    return module
