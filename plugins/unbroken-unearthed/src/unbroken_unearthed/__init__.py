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
    Lose,
    MonsterHeal,
    Ruleset,
    ScoringRule,
    actions,
    handler_words,
    hookimpl,
)

__version__ = "0.5.1"

#: Tally points for a win, by difficulty (our own numbers).
TALLY_BASE = {"easy": 10, "normal": 20, "hard": 35}
#: Points above Hard's for another plugin's difficulty that has Hard's first strike and a
#: danger track too (Gauntlet's Expert: 5.6 % of heuristic games won, Hard 12.9 %).
TALLY_HARDER = 5
#: Points per leftover time on the track, and per leftover effort (SE, ME x2, LE x3).
TALLY_TIME = 2
TALLY_EFFORT = {"se": 1, "me": 2, "le": 3}


@hookimpl
def unbroken_content_packs() -> list[Path]:
    """Return the Unearthed content folder (shipped inside this package)."""
    return [Path(__file__).parent / "content"]


def grave_chill_loss(se: int, level: int) -> int:
    """Return grave chill's SE loss at `level`: `se` per 2 levels, at least 1."""
    return max(1, se * level // 2)


def _grave_chill_words(params: dict[str, Any], level: int | None = None) -> str:
    """Grave chill's words: the figure at the game's level where one is in play ("lose 2
    SE, the monster heals 1"), the rule in card lists and help."""
    se, heal = int(params.get("se", 1)), int(params.get("heal", 1))
    if level:
        return f"lose {grave_chill_loss(se, level)} SE, the monster heals {heal}"
    return f"lose {se} SE per 2 levels (at least 1), and the monster heals {heal}"


@handler_words(_grave_chill_words)
def grave_chill(ctx: HandlerApi, params: dict[str, Any]) -> None:
    """Lose `se` SE per 2 levels (at least 1), and the monster heals `heal` health.

    On a WOUND row the loss is the row's wound loss, as a printed Lose's (Bury the
    Pain may lower it): both are scheduled in one call, in the row's printed order.
    """
    ctx.apply(
        Lose(amounts={"se": grave_chill_loss(int(params.get("se", 1)), ctx.level)}),
        MonsterHeal(amount=int(params.get("heal", 1))),
    )


@hookimpl
def unbroken_effect_handlers() -> dict[str, Any]:
    """Return the handlers Unearthed cards name (registered as `unearthed:<name>`)."""
    return {"grave-chill": grave_chill}


def tally_base(ruleset: Ruleset, difficulty: str) -> int:
    """Return the Tally's base for a win on `difficulty`: the base game's by its id; another
    (a plugin's) by what it asks of the player, never below the base difficulty it is at
    least as hard as: the monster striking first (as on Hard) or a danger track, Hard's;
    both, TALLY_HARDER more (Gauntlet's Expert: 40); only Easy's help (an extra resource
    roll, a starting skill), Easy's; anything else, or a difficulty not loaded, Normal's."""
    if difficulty in TALLY_BASE:
        return TALLY_BASE[difficulty]
    card = ruleset.difficulty(difficulty)
    if card is None:
        return TALLY_BASE["normal"]
    harder = int(card.monster_first) + int(bool(card.danger))
    if harder:
        return TALLY_BASE["hard"] + (TALLY_HARDER if harder == 2 else 0)
    if card.extra_resource_roll or card.start_skill:
        return TALLY_BASE["easy"]
    return TALLY_BASE["normal"]


def tally_parts(ruleset: Ruleset, state: GameState) -> list[tuple[str, int]]:
    """Return the Tally of a won game part by part, each (words, points): the difficulty's
    base ("Normal win", 20), then each effort and the time left that scores ("4 SE", 4)."""
    difficulty = ruleset.difficulty_name(state.difficulty)
    parts = [(f"{difficulty} win", tally_base(ruleset, state.difficulty))]
    for name, per in {**TALLY_EFFORT, "time": TALLY_TIME}.items():
        left = state.res.get(name, 0)
        if left:
            parts.append((f"{left} {'time' if name == 'time' else name.upper()}", left * per))
    return parts


def unearthed_tally(ruleset: Ruleset, events: list[Event], state: GameState) -> int | None:
    """Return the Unearthed Tally of a won game: difficulty base + time + effort; None on a loss."""
    over = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    if over is None or not over.won:
        return None
    return sum(points for _, points in tally_parts(ruleset, state))


def tally_words(ruleset: Ruleset, events: list[Event], state: GameState) -> str:
    """Return a won game's Tally as the sum of its parts ("Normal win 20 + 4 SE 4 + 3 ME 6
    + 10 time 20"), for the end screen."""
    return " + ".join(f"{words} {points}" for words, points in tally_parts(ruleset, state))


@hookimpl
def unbroken_scoring_rules() -> list[ScoringRule]:
    """Return the win-only Unearthed Tally."""
    return [
        ScoringRule(
            "tally",
            "Won games only: a base by difficulty (Easy 10, Normal 20, Hard 35; an expansion's"
            " difficulty 35 when the monster strikes first or a danger track is on, 40 with"
            " both, as Gauntlet's Expert), plus your effort left (SE 1, ME 2, LE 3 each) and 2"
            " per time left on the time track (none once the track is gone).",
            unearthed_tally,
            title="Unearthed Tally",
            explain=tally_words,
        )
    ]


def archer_bot(game: Game, n: int) -> Action:
    """Play as the heuristic bot, but craft only the ranged line (Sling, then Longbow).

    The heuristic bot ranks crafts by attack power, so it never picks the
    Sling over the Club; this bot exists to measure the ranged line:
    `unbroken --plugins unearthed sim --bot unearthed:archer`.
    """
    from unbroken.api import heuristic_bot  # the sim's bots: imported when first played

    ranged = [
        a
        for a in game.legal_actions()
        if not (isinstance(a, actions.Craft) and not a.weapon.startswith("unearthed:"))
    ]
    return heuristic_bot(game, n, ranged)


@hookimpl
def unbroken_bots() -> dict[str, Any]:
    """Return the archer (the heuristic bot, ranged weapons only)."""
    return {"archer": archer_bot}
