"""The `unbroken` command.

The parser and what every subcommand shares are in `unbroken.cli.command`; each
subcommand is one module beside it (`unbroken.cli.verify`, ...).
"""

from __future__ import annotations

from unbroken.cli.command import main

__all__ = ["main"]
