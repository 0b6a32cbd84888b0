"""`unbroken analyze [RECORDING]`: the chance of winning at every decision of a recorded game.

RECORDING is found as `unbroken replay` finds it (a path, a name or its
start, a folder's newest game; default the newest finished game, said on stderr).
The analysis is kept in the cache folder, where the replay viewer finds it (its `a` key), and where
the next run finds it: an analysis kept of the same recording, made the same way
(`advisor.analysis.made_with`), is shown again, saying so (`--fresh` makes it anew).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import textwrap
import time
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TextIO

from unbroken.cli.command import CommandError, add_jobs, add_json, load, positive_int, seed_int
from unbroken.cli.scores import result_width
from unbroken.words.cutting import cut_words
from unbroken.words.vocabulary import plural, time_left

if TYPE_CHECKING:
    from unbroken.advisor.analysis import Analysis, Choice, Kept
    from unbroken.advisor.chances import Shown

#: The futures per option and the advisor's seed by default as `--help` says them (it loads
#: no engine): the advisor's own, `estimator.GAMES` and `rollouts.DEFAULT_SEED`, which `run`
#: takes and the replay viewer's `a` weighs with, so that an analysis kept by either is
#: shown by the other (tests/advisor/test_round28_kept.py checks they are the same).
GAMES = 100
SEED = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "recording",
        nargs="?",
        help="a recording: a path, or a name as `unbroken replays` lists it (its start is "
        "enough), or a folder (its newest game); default: the newest finished game (the newest "
        "game when none is finished)",
    )
    add_json(parser)
    parser.add_argument(
        "--games",
        type=positive_int,
        metavar="N",
        help=f"futures per option of every decision at most (default {GAMES}, as the replay "
        "viewer's `a`; options clearly behind stop sooner; more is slower and surer)",
    )
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="weigh every decision again, even where an analysis of this recording with "
        "the same settings is kept (by the replay viewer's `a` or an earlier run)",
    )
    add_jobs(parser)
    parser.add_argument(
        "--seed",
        type=seed_int,
        metavar="N",
        default=SEED,
        help="the advisor's random stream, the same as the replay viewer's `a` and `%%` in "
        f"the game (default {SEED})",
    )


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.advisor.analysis import analyze, keep, made_with
    from unbroken.advisor.estimator import GAMES as ADVISOR_GAMES
    from unbroken.advisor.rollouts import DEFAULT_SEED
    from unbroken.bots.workers import worker_count
    from unbroken.cli.replay import named_recording
    from unbroken.core.handlers import HandlerError
    from unbroken.replay import ReplayError, read_recording

    ruleset = load()
    try:
        path = named_recording(args.recording, "analyze")
        rec = read_recording(path)
    except ReplayError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        where = args.recording or "the replays folder"
        raise CommandError(f"{where}: {exc.strerror or exc}") from None
    # The viewer's: an analysis kept by one is shown by the other (#28 round 28).
    games = ADVISOR_GAMES if args.games is None else args.games
    seed = DEFAULT_SEED if args.seed is None else args.seed
    try:
        made = made_with(rec, ruleset, games, seed)
    except ReplayError as exc:
        raise CommandError(f"cannot analyze: {exc}") from None
    # The analysis kept for this recording, made the same way (#28 round 27: the viewer's
    # `a` had analysed the game; analyze took 1 min 50 s, and again 2 min 20 s).
    found = None if args.fresh else reusable(path, made, rec.digest)
    if found is not None:
        analysis = found.analysis
    else:
        jobs = worker_count(args.jobs, len(rec.decisions))
        try:
            with Progress(sys.stderr, len(rec.decisions)) as progress:
                analysis = analyze(rec, ruleset, games, seed, jobs, progress)
        except ReplayError as exc:
            raise CommandError(f"cannot analyze: {exc}") from None
        except HandlerError as exc:
            raise CommandError(f"cannot analyze {path.name}: {exc}") from None
        # Named by the bytes weighed: the file may have grown meanwhile (a game played on).
        keep(path, analysis, made, rec.digest)
    if args.json:
        out = {"recording": str(path), **analysis.as_json()}
        if found is not None and found.on is not None:
            out["kept_on"] = found.on.isoformat()
        print(json.dumps(out, indent=2))
        return 0
    rules = ruleset
    h = rec.header
    title = report_title(
        path.name, rules.card_name(h.character), rules.difficulty_name(h.difficulty)
    )
    note = "" if found is None else kept_note(found.when())
    # As wide as the terminal (or $COLUMNS) allows: round 11 could not read a verdict's
    # reason with COLUMNS=250, every row cut at 80 columns; piped or redirected, whole
    # (round 12: `analyze > file` cut every row with "…").
    print(text_report(analysis, title, result_width(), True, note))
    return 0


#: A space that `text_report` wraps no line at (a name in the title kept whole), said as one.
WHOLE = "\x1f"


def report_title(file: str, character: str, difficulty: str) -> str:
    """Return the report's title, the recording's file then whose game it is: the
    character's name kept whole on its row by `text_report` (30a-20: "(Maxyn" / "Zenma,
    Normal)")."""
    return f"{file} ({character.replace(' ', WHOLE)}, {difficulty})"


def kept_note(when: str) -> str:
    """Return the report's line saying it is the analysis kept ("" the day unsaid)."""
    kept = f"the analysis kept on {when}" if when else "the analysis kept"
    return f"From {kept} (`--fresh` weighs every decision again)."


def reusable(path: Path, made: dict[str, Any], digest: str = "") -> Kept | None:
    """Return the analysis kept for the recording at `path` when it was made as `made`
    says (the same rules, release, futures and seed: the viewer's check too,
    `advisor.kept.reusable`), else None; a kept one that is damaged or made otherwise is
    said on stderr (`_tell`) before it is made anew. `digest`: of the bytes read
    (`Recording.digest`)."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.advisor import kept

    found, why = kept.reusable(path, made, digest)
    if why:
        _tell(f"{why}: weighing the game again.")
    return found


def _tell(said: str) -> None:
    """Say `said` on stderr, after "unbroken: ", wrapped between words on a terminal (it
    would break them mid-word; a path stays whole)."""
    text = f"unbroken: {said}"
    if sys.stderr.isatty():
        columns = shutil.get_terminal_size().columns
        text = "\n".join(
            textwrap.wrap(text, columns, break_long_words=False, break_on_hyphens=False)
        )
    print(text, file=sys.stderr)


class Progress:
    """The decisions with a choice weighed so far, on one line of stderr rewritten in place
    (when it is a terminal, whatever stdout is: `--json > file` still shows it); cleared at
    the end. It says what it counts: "32/128" of a 132-decision game read as a miscount
    (playtest round 6), the decisions with one answer being skipped."""

    def __init__(self, err: TextIO, decisions: int = 0) -> None:
        # Its carriage returns go to the terminal itself: the command's stderr makes what
        # it is given printable and showed them as "\x0d" (#28 round 15, as `sim` once).
        self.err: TextIO = getattr(err, "raw", err)
        self.decisions = decisions
        self.shown = err.isatty()
        self.start = time.monotonic()

    def line(self, done: int, total: int, took: float) -> str:
        """Return the progress line: "Weighing decisions with a choice: 32 of 120 (of 123
        decisions in all; 14 s)", then, once the pace shows, about how long is left as the
        replay viewer says it: "Weighed 32 of 120 decisions with a choice, about 1 min 40 s
        left at this pace". Under 80 columns: it is rewritten in place, and a line that
        wraps leaves its first row (round 20: "Weighing the …: 119 of 119 (of 126 decisions
        in all; 402 s)" took 81)."""
        left = time_left(done, total, took)
        if left:
            return f"Weighed {done} of {total} decisions with a choice, {left}"
        of_all = f"of {self.decisions} decisions in all; " if self.decisions else ""
        return f"Weighing decisions with a choice: {done} of {total} ({of_all}{took:.0f} s)"

    def __call__(self, done: int, total: int) -> None:
        if self.shown:
            took = time.monotonic() - self.start
            # Cleared first: the line with the time left is shorter than the one before it.
            print(f"\r\033[K{self.line(done, total, took)}", end="", file=self.err)
            self.err.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.shown:
            print("\r\033[K", end="", file=self.err, flush=True)


def short(text: str, most: int = 40) -> str:
    """Return `text` cut to `most` characters between words (an ellipsis marks the cut)."""
    return cut_words(text, most)


def short_option(option: str, most: int) -> str:
    """Return an option's name cut to `most` characters (`advisor.option_names.short_option`)."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.advisor.option_names import short_option as named

    return named(option, most)


def without_shared(option: str, shared: str) -> str:
    """Return an option's line without the warnings every option of its decision shares
    (`Choice.shared`, "⚠ time runs out: the monster ambushes you", and a note they all
    end with: "Kobold's ambush: lose 2 SE"): they say nothing of the choice, and at 80
    columns cut its name (31a-6). Its own notes and warnings are kept."""
    if not shared or " — " not in option:
        return option
    head, _, tail = option.partition(" — ")
    kept = [said for said in tail.split(" — ") if said not in shared]
    return " — ".join([head, *kept])


#: A figure's column: its chance, then its 95 % interval ("  5 % (1-24)  ").
FIGURE = 14


def _figure(chance: Shown, mark: str = "") -> str:
    """Return a figure's column as the summary says a chance, "5 % (1-24)", the chance
    right-aligned and its 95 % interval after it (#28 round 29, 29b-26: "5 %" then "0 %"
    from 20 games read as sure, nothing on the row saying how few stood behind it; the
    interval is how many: 0 of 20 is "0 % (0-16)"). `mark` right after it ("*")."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.advisor.chances import percent

    if not chance.games:  # an analysis from before #30 kept no count
        return f"{'?':>5}{mark}".ljust(FIGURE)
    point, _, interval = percent(chance).partition(" (")
    return f"{point:>5} ({interval}{mark}".ljust(FIGURE)


def _taken(c: Choice) -> str:
    """Return the Taken column: its figure with its interval (`_figure`); "≤38 %" for an
    option stopped early without a loss to the best (a bound, never the best's own figure:
    no interval, its verdict says on how many futures it stopped)."""
    f = c.chance_taken
    return f"≤{100 * f.rate:2.0f} %".ljust(FIGURE) if f.at_most else _figure(f)


def _interval_note(games: int) -> str:
    """Return the legend's sentence on the rows' intervals, with how wide one is at `games`
    futures at 50 % and what 0 of them means."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.advisor.chances import wilson

    low, high = wilson(games // 2, games)
    none = wilson(0, games)[1]
    return (
        f"Each figure with its 95 % interval, from the games behind it: from {games} games"
        f" one is about ±{100 * (high - low) / 2:.0f} points at 50 %, and 0 % (0-"
        f"{100 * none:.0f}) is none of {games} won, not a game that cannot be won. Lost and"
        " the verdicts count only differences the same futures tell apart (the paired"
        " interval below 0, in the verdict): two figures whose intervals overlap may differ"
        " by chance alone."
    )


def text_report(
    analysis: Analysis, title: str, width: int | None = 80, wrap: bool = False, kept: str = ""
) -> str:
    """Return the plain-text analysis: every weighed decision, then the summary; a row
    as wide as `width` allows: its verdict cut to what is left, 40 at least (None: no
    row cut, for a file). `wrap`: the sentences above and below the table wrapped to
    `width` between words (a terminal breaks them mid-word). `kept`: the line saying the
    analysis is one kept from before (`kept_note`), under the title."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.advisor.analysis import COSTLY
    from unbroken.advisor.option_names import in_sentence

    a = analysis
    lines = [
        f"Analysis of {title}: {a.outcome}, {a.decisions} decisions, "
        f"{len(a.choices)} with a choice",
        *([kept] if kept else []),
        f"Options raced on the same futures, up to {a.games} games each, played out by the "
        f"reference bot (advisor seed {a.seed}).",
        "Chance: the position's (its best option's, on futures of its own). Taken: Chance "
        "less what the option taken lost against the best on the same futures (so never "
        "above it; where the race stopped it or ended early, allowing for how the best did on "
        "those futures against its own); but where nothing random came between it and the next"
        " decision, the next position's Chance (other futures: it may read above this one;"
        " where clearly above, * beside Chance: Chance is then the reference bot's own play,"
        " worse than its best option there). "
        "Lost: what it lost on the same futures (Chance less Taken unless the race stopped "
        "it or ended early, as its verdict says), when clearly worse; ! a misstep, more than"
        f" {COSTLY:g} points (where nothing random came between, on the same futures too; one"
        " the race stopped early, or whose race ended early: clear over all its looks at every"
        " option); ? clearly worse only at the look where the race stopped it or ended, or by"
        f" more than {COSTLY:g} points only where it led (uncertain, so"
        " not a misstep); mixed:"
        " the reference bot's line says worse but where the option led says no worse, so no"
        " loss is counted (its verdict says both).",
        _interval_note(a.games),
        "",
        f"  Dec Lvl {'Chance (95 %)':{FIGURE + 1}}{'Taken (95 %)':{FIGURE}}  Lost  Option taken:"
        " verdict",
    ]
    head = len(lines) - 1  # the prose above the table's header row
    before = 19 + 2 * FIGURE  # the columns before the option's: 47
    verdict = max(40, width - before - 32) if width else None  # its option's: 30 and ": "
    # On a terminal too narrow for a row and 40 of its verdict, the verdict goes under
    # its row, wrapped (#28 round 15: rows of 105 characters at 80 columns).
    under = wrap and width is not None and width < before + 32 + 40
    if under:
        lines[-1] = lines[-1].replace(": verdict", " (verdict under it)")
    for c in a.choices:
        # "?" beside an uncertain loss: round 24 read "Lost 19" without the "!" the header
        # gives "more than 10 points" (only the summary said why).
        mark = "!" if c.costly else "?" if c.clearly_worse and (c.uncertain or c.split) else " "
        lost = f"{c.loss:5.0f}" if c.clearly_worse else "mixed" if c.contradicted else "    -"
        taken, why = in_sentence(without_shared(c.taken, c.shared)), c.verdict()
        # "*": the chance is the bot's own play (round 24: "0 %" then "34 %", unexplained).
        low = "*" if c.reads_low else ""
        row = f"{c.n:5} {c.level:3} {_figure(c.before, low)} {_taken(c)} {lost}{mark} "
        if under:
            assert width is not None
            lines.append(row + short_option(taken, max(10, width - len(row))))
            lines += textwrap.wrap(why, width, initial_indent=" " * 8, subsequent_indent=" " * 8)
            continue
        if verdict is not None:
            taken, why = short_option(taken, 30), short(why, verdict)
        lines.append(f"{row}{taken}: {why}")
    summary = ["", "Summary", *_worst_lines(a, COSTLY)]
    starts = a.level_starts()
    if starts:
        summary.append("  Chance at each level's start (95 % interval):")
        summary += [
            f"    level {level}: {c.before.percent()} at decision {c.n}"
            for level, c in sorted(starts.items())
        ]
    # Its sentences wrapped between words where the width is known (#28 round 14: the
    # terminal broke "by more than 10 po" / "ints)"); the table's rows are cut instead.
    if not wrap:
        return "\n".join([*lines, *summary]).replace(WHOLE, " ")
    said = [*_wrap(lines[:head], width), *lines[head:], *_wrap(summary, width)]
    return "\n".join(said).replace(WHOLE, " ")


def _wrap(lines: list[str], width: int | None) -> list[str]:
    """Return `lines` wrapped to `width` between words, each going on under its own indent
    and two more (None: as they are). A word is never broken, at a hyphen either: the
    recording's name in the title was cut mid-name (#28 round 19); one wider than `width`
    stands alone on its row."""
    if not width:
        return lines
    out: list[str] = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()))
        rows = textwrap.wrap(
            line,
            width,
            subsequent_indent=indent + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
        out += rows or [line]
    return out


def _worst_lines(a: Analysis, costly: float) -> list[str]:
    """Return the summary's two lists, each under the count of what it lists: the costly
    decisions (the table's "!"), then the others clearly worse than their best option (by
    `costly` points or less, or uncertain where the race stopped them). #30 round 8: a count
    above a longer list read as a miscount; #28 round 20: "Costly decisions (!): 3" (11, 28,
    89) above "the 3 that lost most" (11, 75, 82, the last two not costly) read as one set."""
    marked = sorted(a.costly(), key=lambda c: (-c.loss, c.n))
    others = sorted(
        (c for c in a.choices if c.clearly_worse and not c.costly), key=lambda c: (-c.loss, c.n)
    )
    what = f"clearly worse than its best option by more than {costly:g} points"
    if marked:
        head = f"{len(marked)}, {'each ' if len(marked) > 1 else ''}{what}"
    else:
        head = f"none (a misstep: {what})"
    lines = [f"  Missteps (!): {head}{_which(marked, MOST_LISTED)}"]
    lines += [f"  ! {_worst(c)}" for c in marked[:MOST_LISTED]]
    # How many games the verdicts come from, beside them (#28 round 26: the viewer's `a`
    # marked a misstep at 100 games that `--games 50` called "about equal", unexplained).
    counted = f"  These verdicts come {a.counted_on()}."
    if not marked and not others:
        return [*lines, "  No decision was clearly worse than its best option.", counted]
    if others:
        each = "each " if len(others) > 1 else ""
        lines.append(
            f"  Clearly worse but not missteps: {plural(len(others), 'decision')}, {each}by"
            f" {costly:g} points or less (on the same futures), or uncertain (where the race"
            " stopped it)"
            f"{_which(others, MOST_OTHERS)}"
        )
        lines += [f"    {_worst(c)}" for c in others[:MOST_OTHERS]]
    return [*lines, counted]


#: The costly decisions the summary lists at most (the table marks every one), and the
#: others clearly worse than their best.
MOST_LISTED = 5
MOST_OTHERS = 3


def _which(listed: list[Choice], most: int) -> str:
    """Return what ends a summary's count line: ":" above the whole list, "; the 5 that
    lost most:" above part of it, "." without one (#28 round 22: "Costly decisions (!): 2
    (…); all:" read oddly)."""
    if not listed:
        return "."
    if len(listed) == 1:
        return ":"
    # In the order of what each lost, said (#28 round 29: decisions 22, 65, 29 and 39 read
    # as out of game order).
    return (
        " (largest first):"
        if len(listed) <= most
        else f"; the {most} that lost most, largest first:"
    )


def _worst(c: Choice) -> str:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.advisor.option_names import in_sentence, unpaid_cut

    taken = in_sentence(c.taken)
    taken = unpaid_cut(taken, 40) or short(taken)
    return (
        f"decision {c.n} (level {c.level}): took {taken} {c.chance_taken.percent()}; {c.verdict()}"
    )
