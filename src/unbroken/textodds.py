"""The odds in the plain-text game: `%` at a prompt prints every option's chance of winning.

As on the full-screen game (unbroken.tui.odds): the chance of an option is the
share of games won when the player takes it and then plays like the reference
bot, from forks whose hidden information is drawn anew by the advisor's own
stream (unbroken.advisor). Rollouts run in worker processes while the prompt
waits; the table is printed again as the games add up (MILESTONES), until
the player types a choice (it is taken), `%` again (the odds stop), or MOST
games per option are played. Input that cannot be watched (not a terminal or
pipe) gets the table once, after `most` games.
"""

from __future__ import annotations

import select
import time
from typing import TextIO

from unbroken.advisor.pool import Anytime, shared_pool
from unbroken.advisor.rollouts import position
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.words.vocabulary import WIDTH

#: The key, as in the full-screen game.
KEY = "%"
#: Games per option after which the odds stop by themselves.
MOST = 1000
#: The table is printed when every option has this many games (and at the end).
MILESTONES = (25, 100, 400)


def _watchable(stdin: TextIO) -> bool:
    try:
        stdin.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return True


def table(options: list[str], estimates: dict[int, tuple[str, int]], games: int) -> str:
    """Return the printed odds: one line per option that can be taken, cut to the width."""
    lines = [f"  Odds after {games} games each (chance of winning, 95 % interval):"]
    for i, text in enumerate(options):
        if i in estimates:
            line = f"  {i + 1:>2}. {estimates[i][0]:<14} {text}"
            lines.append(line if len(line) <= WIDTH else line[: WIDTH - 1] + "…")
    return "\n".join(lines)


def show_odds(
    game: Game,
    offered: list[tuple[Action, str]],
    options: list[str],
    stdin: TextIO,
    out: TextIO,
    seed: int,
    most: int = MOST,
) -> str | None:
    """Estimate and print the odds; return the line the player typed meanwhile (None: none,
    or `%` again, which only stops them)."""
    legal = [i for i, (_, why) in enumerate(offered) if not why]
    actions = [offered[i][0] for i in legal]
    odds = Anytime(shared_pool(game.ruleset), position(game), actions, seed, most=most)
    watch = _watchable(stdin)
    if watch:
        print(f"  Estimating the odds: type {KEY} to stop, or your choice.", file=out, flush=True)
    due = [m for m in MILESTONES if m < most]
    try:
        while True:
            estimates = odds.poll()
            if odds.finished or (due and odds.games >= due[0]):
                while due and odds.games >= due[0]:
                    due.pop(0)
                shown = {i: (e.percent(), e.games) for i, e in zip(legal, estimates, strict=True)}
                if watch or odds.finished:
                    print(table(options, shown, odds.games), file=out, flush=True)
                if odds.error:
                    print(f"  The odds stopped: {odds.error}", file=out)
                if odds.finished:
                    return None
            if not watch:
                time.sleep(0.02)
                continue
            ready, _, _ = select.select([stdin], [], [], 0.25)
            if ready:
                line = stdin.readline()
                if line.strip() == KEY:
                    print(f"  Odds stopped after {odds.games} games each.", file=out)
                    return None
                return line
    finally:
        odds.stop()
