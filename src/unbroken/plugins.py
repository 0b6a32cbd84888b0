"""Building the Ruleset the game plays with.

For now the ruleset is the base pack only; expansions through pluggy entry
points arrive with the plugins issue, through this same `load_ruleset`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from unbroken.content import base_content_dir, load_pack
from unbroken.core.flow import BUILTIN_HANDLERS
from unbroken.core.ruleset import Ruleset, build_ruleset


def load_ruleset(content: Path | None = None) -> Ruleset:
    """Return the ruleset of the base game (or of the pack folder `content`)."""
    if content is None:
        return _base_ruleset()
    return build_ruleset([load_pack(content, "base")], BUILTIN_HANDLERS)


@lru_cache(maxsize=1)
def _base_ruleset() -> Ruleset:
    return build_ruleset([load_pack(base_content_dir(), "base")], BUILTIN_HANDLERS)
