"""What a position's chance averages over that the player cannot see yet: the level's monster.

The chance is the share of futures won, each drawn from what the player sees
(`estimator.futures`): before the level's monster is revealed (Travel, no Scout),
each future rolls it anew, so the figure is an average over the monsters it may
be. #28 round 24 read "Fight the monster now [58% 48-67]" at level 4's
Preparation as "I will probably win this", then met the Basilisk at 2 %.
"""

from __future__ import annotations

from unbroken.core.game import Game
from unbroken.core.state import Phase


def monsters_unseen(game: Game) -> int:
    """Return how many monsters the level's may be while it is unrevealed (0 once it is
    revealed, and outside the Travel phase): one per side of its die that names one."""
    s = game.state
    if s.phase != Phase.TRAVEL or s.monster is not None:
        return 0
    rules = game.ruleset
    sides = range(1, rules.monster_die(s.level) + 1)
    return len({m.id for v in sides if (m := rules.rolled_monster(s.level, v)) is not None})


def unseen_words(game: Game) -> str:
    """Return what the chance averages over unseen, in words: "monster unknown: averaged
    over the 7 it may be" ("" with the monster known, or only one it may be)."""
    return unseen_note(monsters_unseen(game))


def unseen_note(monsters: int) -> str:
    """Return the words of `unseen_words` for a count of monsters the level's may be, as a
    weighed decision keeps it (`Choice.unseen`: analyze and the viewer say it too)."""
    return f"monster unknown: averaged over the {monsters} it may be" if monsters > 1 else ""


def decided_note(monsters: int) -> str:
    """Return what a weighed decision's figures averaged over unseen, said of the moment it
    was decided: analyze and the viewer say it (`Choice.verdict`) where the viewer's stage
    shows the position after it, the monster revealed by then (#28 round 30, 30a-7: the
    Gnoll on the stage at "Decision 77: Fight the monster now" beside "monster unknown").
    "" with the monster known then, or only one it may have been."""
    if monsters <= 1:
        return ""
    return f"monster unknown when this was decided: averaged over the {monsters} it might be"
