"""Building the Ruleset the game plays with, and what plugins add to a game.

For now the ruleset is the base pack only; expansions through pluggy entry
points arrive with the plugins issue (#6), through this same `load_ruleset`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from unbroken import __version__
from unbroken.content import base_content_dir, load_pack
from unbroken.core.ruleset import Ruleset, build_ruleset
from unbroken.core.state import GameState


def load_ruleset(content: Path | None = None) -> Ruleset:
    """Return the ruleset of the base game (or of the pack folder `content`)."""
    if content is None:
        return _base_ruleset()
    return build_ruleset([load_pack(content, "base")], plugins={"base": __version__})


@lru_cache(maxsize=1)
def _base_ruleset() -> Ruleset:
    return build_ruleset([load_pack(base_content_dir(), "base")], plugins={"base": __version__})


def alternative_scores(ruleset: Ruleset, events: list[Any], state: GameState) -> dict[str, int]:
    """Return {scoring rule name: points} from the plugins' scoring rules for a finished game.

    The base game has none; plugins add them through `unbroken_scoring_rules` (#6).
    """
    return {}
