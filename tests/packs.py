"""Content packs several test folders load (written with unbroken.testing's write_pack)."""

from __future__ import annotations

#: A difficulty with a danger track whose green spaces are skipped (R-MONSTER-1).
GRITTY = """
[[difficulties]]
id = "gritty"
name = "Gritty"
text = "A danger track."
skip = ["green"]
danger = [
  { colour = "green", health = 1 },
  { colour = "amber", armor = 1 },
  { colour = "red", health = 3 },
]
"""
