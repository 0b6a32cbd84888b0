"""The odds in the plain-text game: `%` at a prompt prints every option's chance of winning.

As on the full-screen game (unbroken.tui.odds) and in `unbroken analyze`: the
one estimator (unbroken.advisor.estimator) races the options on the
position's futures, drawn from what the player sees (never the game's seed),
so the same position gets the same figures here, there and in the replay
viewer's chart. Rollouts run in worker processes while the prompt waits; a
line says how far the race has come (16, 32, 64, … games; written over on a
terminal), until the player types a choice (it is taken), `%` again (the odds
stop: the table so far is printed), or the race ends: the best option clearly
ahead, the others within a couple of points, or `most` games per option. The
table is printed once, when done (#28 round 17: an interim table, then the
final one, read as the same table twice).
"""

from __future__ import annotations

import select
import textwrap
import time
from collections.abc import Sequence
from typing import TextIO

from unbroken.advisor.chances import no_use_figure
from unbroken.advisor.changes import what_it_ends
from unbroken.advisor.estimator import GAMES, Weighing
from unbroken.advisor.option_names import short_option
from unbroken.advisor.pool import Anytime, shared_pool
from unbroken.advisor.readings import chance_read
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.advisor.twins import twins
from unbroken.advisor.unseen import unseen_words
from unbroken.core.actions import Action, Pass, Skip
from unbroken.core.game import Game
from unbroken.words.vocabulary import WIDTH

#: The key, as in the full-screen game.
KEY = "%"
#: Games per option after which the odds stop by themselves (the estimator's, as everywhere).
MOST = GAMES


def _watchable(stdin: TextIO) -> bool:
    try:
        stdin.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return True


def table(
    options: list[str],
    legal: list[int],
    weighing: Weighing,
    actions: Sequence[Action] = (),
    short: str = "",
    unseen: str = "",
    ends: Sequence[str] = (),
) -> str:
    """Return the printed odds: one line per option that can be taken (`legal[k]` is the
    option of weighed action k), its name cut to the width, then the verdict. An option
    marked "no use now" shows the figure of the one that does nothing (`actions`: Pass,
    Skip) as its bound (`chances.no_use_figure`, as the full screen does); `short`: why
    the race ended before its most futures (`Race.cut_short`); `unseen`: what the chance
    averages over unseen ("monster unknown: averaged over the 7 it may be", #28 round 24:
    58 % at Preparation, 2 % once the Basilisk was revealed); `ends`: what each weighed
    option ends for certain (`changes.what_it_ends`), the verdict saying which ends the
    battle where options about equal differ in it, as analyze does."""
    no_use = [k for k, i in enumerate(legal) if "no use now" in options[i]]
    passing = next((k for k, a in enumerate(actions) if isinstance(a, Pass | Skip)), None)
    nothing = weighing.shown(passing) if passing is not None else None
    most = max(weighing.games, default=0)
    upto = "up to " if min(weighing.games, default=most) < most else ""
    each = weighing.games_shown() or f"{upto}{most}"  # what the figures rest on (31a-2)
    short = f"{short}; " if short else ""
    head = f"Odds after {each} games each ({short}chance of winning, 95 % interval):"
    # Between words, as every line of the text game (#28 round 24: "every other opt" / "ion
    # clearly behind", the terminal's own wrap).
    lines = textwrap.wrap(
        head, WIDTH, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
    )
    figures = []
    for k in range(len(legal)):
        figure = weighing.shown(k).percent()
        if k in no_use:  # round 19: "88 %" beside a Focus of no use, above the Skip
            name = type(actions[passing]).__name__ if passing is not None else ""
            figure = no_use_figure(weighing.shown(k), nothing, name).replace("%", " %") or figure
        figures.append(figure)
    # The names in one column, past the widest figure ("at most Skip's 85 %", round 27).
    wide = max([14, *map(len, figures)])
    # Options the futures cannot tell from another (32a-3: five at one figure read as copied).
    same = twins(weighing, no_use, [passing] if passing is not None else [])
    for k, i in enumerate(legal):
        e = weighing.shown(k)
        # "behind" only of an option clearly behind, as the verdict says (round 10).
        early = f"stopped early at {e.games}" if e.stopped else ""
        alike = f"same futures won as {legal[same[k]] + 1}" if k in same else ""
        marks = ", ".join(x for x in ("clearly behind" if e.behind else "", early, alike) if x)
        stopped = f" ({marks})" if marks else ""
        head = f"  {i + 1:>2}. {figures[k]:<{wide}} "
        # The option's name is cut, never the mark: it must stay in sight (round 7); cut
        # as analyze cuts it, its warning in whole words (35b: "Trick the… — food 0 of 1
        # after"), never mid-word.
        lines.append(head + short_option(options[i], WIDTH - len(head) - len(stopped)) + stopped)
    said = []
    if len(legal) > 1 and weighing.weighed:
        # The chance as the lines read it: where the race's best is of no use now and its
        # line reads a bound below it, the leading line's (v53's note: "Chance here" shown
        # by no line), or whose it is where no line leads.
        chance, whose = chance_read(weighing, no_use, passing)
        of = f", the best option on {chance.games} futures of its own"
        if whose is not None and whose == weighing.best:
            of = f", with {legal[whose] + 1}, of no use now, on {chance.games} futures of its own"
        elif whose is not None:
            of = f", with {legal[whose] + 1}, the line that leads"
        said.append(f"Chance here: {chance.percent()}{of}{f' ({unseen})' if unseen else ''}.")
    if len(legal) > 1:
        # A sentence of its own, so it starts as one: the verdict's words begin lower-case
        # where they name no option first ("about equal on the same futures", "every
        # option about 0%"), read after the lines' full stop as "Hack. about equal …".
        verdict = weighing.ranking(lambda k: str(legal[k] + 1), no_use, ends, passing)
        said.append(f"{verdict[:1].upper()}{verdict[1:]}.")
    # Wrapped between words under their indent (#28 round 15: the verdict ran past 80
    # columns by the indent, its next lines starting mid-phrase).
    for sentence in said:
        lines += textwrap.wrap(sentence, WIDTH, initial_indent="  ", subsequent_indent="    ")
    return "\n".join(lines)


def show_odds(
    game: Game,
    offered: list[tuple[Action, str]],
    options: list[str],
    stdin: TextIO,
    out: TextIO,
    seed: int = DEFAULT_SEED,
    most: int = MOST,
) -> str | None:
    """Estimate and print the odds; return the line the player typed meanwhile (None: none,
    or `%` again, which only stops them)."""
    legal = [i for i, (_, why) in enumerate(offered) if not why]
    actions = [offered[i][0] for i in legal]
    odds = Anytime(shared_pool(game.ruleset), game, actions, seed, most=most)
    unseen = unseen_words(game)
    # Which options end the battle (or win the game): never "about equal" to a move that
    # goes on (stop 51's note), as analyze and the game's `%` say it.
    ends = [what_it_ends(game, a) for a in actions]
    watch = _watchable(stdin)
    if watch:
        print(f"  Estimating the odds: type {KEY} to stop, or your choice.", file=out, flush=True)
    printed, told = 0, False
    line = Progress(out)
    try:
        while True:
            weighing = odds.poll()
            if watch and odds.games in odds.race.ends and odds.games > printed:
                printed = odds.games  # the table once, when done (#28 round 17: twice)
                line.say(f"  Odds: {printed} games each so far…")
            if odds.finished:
                line.end()
                print(
                    table(options, legal, weighing, actions, odds.race.cut_short(), unseen, ends),
                    file=out,
                    flush=True,
                )
                if odds.error:
                    print(f"  The odds stopped: {odds.error}", file=out)
                return None
            if watch and odds.race.decided and not told and len(legal) > 1:
                told = True  # the race is over: say what the wait is for
                line.say(
                    f"  Weighing the chance here: the best option on {odds.race.most} futures"
                    " of its own…",
                    keep=True,
                )
            if not watch:
                time.sleep(0.02)
                continue
            ready, _, _ = select.select([stdin], [], [], 0.25)
            if ready:
                typed = stdin.readline()
                line.end()
                if typed.strip() == KEY:
                    if odds.games:  # what was weighed so far, once
                        print(
                            table(
                                options,
                                legal,
                                weighing,
                                actions,
                                odds.race.cut_short(),
                                unseen,
                                ends,
                            ),
                            file=out,
                            flush=True,
                        )
                    print(f"  Odds stopped after {odds.games} games each.", file=out)
                    return None
                return typed
    finally:
        odds.stop()


class Progress:
    """How far the odds have come, on one line: written over on a terminal (as analyze's
    progress line is), each on its own line elsewhere; `end` before anything else."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        #: The stream itself for the carriage return (the command's output shows it as an
        #: escape, cli/command.py), as analyze's progress line writes it.
        self.raw: TextIO = getattr(out, "raw", out)
        self.over = hasattr(self.raw, "isatty") and self.raw.isatty()
        self.open = False

    def say(self, text: str, keep: bool = False) -> None:
        """Say `text`, in place of the last on a terminal (`keep`: the next is said after it)."""
        if not self.over:
            print(text, file=self.out, flush=True)
            return
        shown = text[: WIDTH - 1]
        print(f"\r{shown:<{WIDTH - 1}}", end="", file=self.raw, flush=True)
        self.open = True
        if keep:
            self.end()

    def end(self) -> None:
        """End the line written over, if one is open."""
        if self.open:
            print(file=self.raw, flush=True)
            self.open = False
