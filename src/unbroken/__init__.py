"""Unbroken: the solo card game of survival and revenge, in the terminal.

Importing this package is light: it never imports textual.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
