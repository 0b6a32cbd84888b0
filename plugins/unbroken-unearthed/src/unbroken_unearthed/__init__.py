"""Unearthed: an example Unbroken expansion, wired in through the `unbroken` hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from unbroken.api import (
    Action,
    Event,
    Game,
    GameOver,
    GameState,
    HandlerApi,
    MonsterHeal,
    Ruleset,
    ScoringRule,
    actions,
    handler_words,
    hookimpl,
)

__version__ = "0.3.0"

#: Tally points for a win, by difficulty (our own numbers).
TALLY_BASE = {"easy": 10, "normal": 20, "hard": 35}
#: Points per leftover time on the track, and per leftover effort (SE, ME x2, LE x3).
TALLY_TIME = 2
TALLY_EFFORT = {"se": 1, "me": 2, "le": 3}


@hookimpl
def unbroken_content_packs() -> list[Path]:
    """Return the Unearthed content folder (shipped inside this package)."""
    return [Path(__file__).parent / "content"]


def _grave_chill_words(params: dict[str, Any]) -> str:
    se, heal = int(params.get("se", 1)), int(params.get("heal", 1))
    return f"lose {se} SE per 2 levels (at least 1), and the monster heals {heal}"


@handler_words(_grave_chill_words)
def grave_chill(ctx: HandlerApi, params: dict[str, Any]) -> None:
    """Lose `se` SE per level (at least 1), and the monster heals `heal` health."""
    ctx.lose({"se": max(1, int(params.get("se", 1)) * ctx.level // 2)})
    ctx.apply(MonsterHeal(amount=int(params.get("heal", 1))))


@hookimpl
def unbroken_effect_handlers() -> dict[str, Any]:
    """Return the handlers Unearthed cards name (registered as `unearthed:<name>`)."""
    return {"grave-chill": grave_chill}


def unearthed_tally(ruleset: Ruleset, events: list[Event], state: GameState) -> int | None:
    """Return the Unearthed Tally of a won game: difficulty base + time + effort; None on a loss."""
    over = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    if over is None or not over.won:
        return None
    res = state.res
    effort = sum(res.get(name, 0) * per for name, per in TALLY_EFFORT.items())
    return int(TALLY_BASE.get(state.difficulty, 20) + TALLY_TIME * res.get("time", 0) + effort)


@hookimpl
def unbroken_scoring_rules() -> list[ScoringRule]:
    """Return the win-only Unearthed Tally."""
    return [
        ScoringRule(
            "tally",
            "Won games only: a base by difficulty, plus your effort left (SE 1, ME 2, LE 3"
            " each) and 2 per time left on the time track (none once the track is gone).",
            unearthed_tally,
            title="Unearthed Tally",
        )
    ]


class _RangedOnly:
    """A game seen by the archer: the same, but melee crafts are not on offer."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def legal_actions(self) -> list[Action]:
        return [
            a
            for a in self._game.legal_actions()
            if not (isinstance(a, actions.Craft) and not a.weapon.startswith("unearthed:"))
        ]


def archer_bot(game: Game, n: int) -> Action:
    """Play as the heuristic bot, but craft only the ranged line (Sling, then Longbow).

    The heuristic bot ranks crafts by attack power, so it never picks the
    Sling over the Club; this bot exists to measure the ranged line:
    `unbroken --plugins unearthed sim --bot unearthed:archer`.
    """
    from unbroken.api import heuristic_bot  # the sim's bots: imported when first played

    return heuristic_bot(_RangedOnly(game), n)


@hookimpl
def unbroken_bots() -> dict[str, Any]:
    """Return the archer (the heuristic bot, ranged weapons only)."""
    return {"archer": archer_bot}
