"""`unbroken balance`: simulate the base game, check the balance targets, print the report.

`unbroken balance --output docs/balance.md` regenerates the project's report.
The targets of the base content are written out below (TARGETS to
RANDOM_CEILING); each prints one PASS or FAIL line on stderr, and a failed one
makes the exit status 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from unbroken.cli import CommandError, load, positive_int, seed_int

if TYPE_CHECKING:
    from unbroken.bots.batch import Summary
    from unbroken.core.ruleset import Ruleset

HELP = "simulate the balance targets and print the report (or write it with --output)"

#: Heuristic win-rate targets by difficulty, in percent (low, high).
TARGETS = {"easy": (45.0, 70.0), "normal": (25.0, 45.0), "hard": (8.0, 25.0)}
#: Every class within this many points of the mean win rate, on every difficulty.
CLASS_SPREAD = 6.0
#: Every character within this many points of the mean win rate, on this difficulty.
CHARACTER_SPREAD = 8.0
CHARACTER_DIFFICULTY = "normal"
#: Every monster's deaths between these multiples of its level's average.
MONSTER_RATIO = (0.4, 2.0)
#: Monsters allowed a higher ceiling: the Basilisk is the game's signature boss.
MONSTER_CEILING = {"base:basilisk": 2.5}
RANDOM_CEILING = 3.0
#: A report rewritten with --output keeps what follows this line (the notes of the
#: changes, written by hand) instead of dropping it.
KEPT = "<!-- Written by hand from here on: `unbroken balance --output` keeps it. -->"


EPILOG = (
    "Every target prints one line on stderr, PASS or FAIL with its numbers; the exit "
    "status is 1 when a target fails, 0 when all hold (2 for a bad option). "
    "CI runs a small one: unbroken balance --games 200 --seed 4 --jobs 2 > /dev/null. "
    f"Rewriting a report with --output keeps its hand-written end, from the line {KEPT}"
)


@dataclass(frozen=True)
class Target:
    """One balance target's verdict: what it is, whether it holds, and the numbers."""

    name: str
    ok: bool
    detail: str

    def line(self) -> str:
        """Return the target's one-line verdict, "PASS  name: detail" or "FAIL  ..."."""
        return f"{'PASS' if self.ok else 'FAIL'}  {self.name}: {self.detail}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.add_argument(
        "--games",
        type=positive_int,
        default=2000,
        metavar="N",
        help="about N games per class and difficulty: each bot plays N x classes x "
        "difficulties games, rounded up so that every character plays every difficulty "
        "equally often (default 2000)",
    )
    parser.add_argument(
        "--jobs", type=positive_int, default=1, help="worker processes (at most one per CPU)"
    )
    parser.add_argument("--seed", type=seed_int, default=1, help="seed of the batch (default 1)")
    parser.add_argument(
        "--bot",
        metavar="NAME",
        help="also play this bot (say rollout) on the first --bot-games games of the same "
        "schedule, and report its win rates beside the heuristic's on those games "
        "(no target is checked for it)",
    )
    parser.add_argument(
        "--bot-games",
        type=positive_int,
        default=24,
        metavar="M",
        help="games the --bot bot plays, rounded up to whole rounds of characters x "
        "difficulties (default 24, one round of the base game: the rollout bot is slow)",
    )
    parser.add_argument(
        "--output",
        type=Path,
        metavar="FILE",
        help="write the Markdown report to FILE (default: print it); "
        "the project's is docs/balance.md",
    )


def run(args: argparse.Namespace) -> int:
    from unbroken.bots import batch
    from unbroken.commands.sim import game_failed, plugins_option, progress_bar

    ruleset = load()
    if args.bot is not None and args.bot not in batch.all_bots():
        known = ", ".join(batch.all_bots())
        raise CommandError(f"unknown bot {args.bot!r}; choose one of: {known}")
    jobs = min(args.jobs, os.cpu_count() or 1)  # more workers than CPUs only cost their start
    classes = sorted({c.cls for c in ruleset.characters.values()})
    diffs = [d.id for d in ruleset.settings.difficulties]
    # Games are scheduled round-robin over every sheet and difficulty, so
    # games * classes * difficulties games give `games` per class and difficulty
    # when every class has as many sheets (the base game's two) and `games` is a
    # multiple of that; a plugin's extra sheet gives its class more, the others fewer.
    total = args.games * len(classes) * len(diffs)
    combos = len(ruleset.characters) * len(diffs)
    total = -(-total // combos) * combos  # whole rounds of the mix
    summaries: list[Summary] = []
    for bot in ("heuristic", "random"):  # each the batch `unbroken sim` plays with that bot
        try:
            with progress_bar(total) as on_game:
                summaries.append(
                    batch.run(
                        ruleset, games=total, seed=args.seed, bot=bot, jobs=jobs, on_game=on_game
                    )
                )
        except batch.GameFailed as exc:
            return game_failed(exc, ruleset, args.seed, bot)
    heuristic, randomly = summaries
    # The plugins on are part of what was measured: the command names them.
    plugins = plugins_option(ruleset)
    output = "" if args.output is None else f" --output {args.output}"
    extra = "" if args.bot is None else f" --bot {args.bot} --bot-games {args.bot_games}"
    command = f"unbroken{plugins} balance --games {args.games} --seed {args.seed}{extra}{output}"
    targets = check_targets(ruleset, heuristic, randomly)
    text = report(ruleset, heuristic, randomly, command, targets)
    if args.bot is not None:
        args.bot_games = -(-args.bot_games // combos) * combos  # whole rounds of the mix
        pair = []
        for bot in ("heuristic", args.bot):  # the same games, each as `unbroken sim` plays them
            try:
                with progress_bar(args.bot_games) as on_game:
                    pair.append(
                        batch.run(
                            ruleset,
                            games=args.bot_games,
                            seed=args.seed,
                            bot=bot,
                            jobs=min(jobs, args.bot_games),
                            on_game=on_game,
                        )
                    )
            except batch.GameFailed as exc:
                return game_failed(exc, ruleset, args.seed, bot)
        text += beside(ruleset, args.bot, pair[0], pair[1])
    if args.output is None:
        print(text, end="")
    else:
        try:
            args.output.write_text(text + kept_part(args.output), encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    for target in targets:
        print(target.line(), file=sys.stderr)
    where = "balance" if args.output is None else str(args.output)
    print(f"{where}: {verdict(targets)}", file=sys.stderr)
    return 0 if all(t.ok for t in targets) else 1


def beside(ruleset: Ruleset, bot: str, heuristic: Summary, other: Summary) -> str:
    """Return the report's section of another bot beside the heuristic, on the same games."""
    from unbroken.advisor import Estimate

    def cell(row: list[int]) -> str:
        return f"{row[1]}/{row[0]} = {Estimate(row[1], row[0]).percent()}" if row[0] else "-"

    out = [
        "",
        f"## The {bot} bot beside the heuristic",
        "",
        f"The same {other.games} games (the first of the schedule above), each bot's "
        f"win rate with its 95 % interval; `unbroken sim --bot {bot} --games {other.games}` "
        f"plays them (digest `{other.digest[:16]}`).",
        "",
        f"| Difficulty | Heuristic | {bot.capitalize()} |",
        "|---|---:|---:|",
    ]
    for d in ruleset.settings.difficulties:
        mine = other.by_difficulty.get(d.id, [0, 0, 0])
        theirs = heuristic.by_difficulty.get(d.id, [0, 0, 0])
        out.append(f"| {d.name} | {cell(theirs)} | {cell(mine)} |")
    both = ([heuristic.games, heuristic.wins], [other.games, other.wins])
    out.append(f"| All | {cell(both[0])} | {cell(both[1])} |")
    return "\n".join(out) + "\n"


def kept_part(path: Path) -> str:
    """Return the hand-written end of an earlier report at `path`: from the KEPT line on
    (with a blank line before it), or "" when there is no such file or line."""
    try:
        old = path.read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return ""
    at = old.find(KEPT + "\n")
    return "" if at < 0 else "\n" + old[at:]


def verdict(targets: list[Target]) -> str:
    """Return the one-line summary of the targets: all held, or how many failed."""
    failed = [t.name for t in targets if not t.ok]
    if not failed:
        return f"every target met ({len(targets)} targets)"
    return f"{len(failed)} of {len(targets)} targets failed: {', '.join(failed)}"


def _rate(row: list[int]) -> float:
    return 100.0 * row[1] / row[0] if row[0] else 0.0


@dataclass(frozen=True)
class Spread:
    """Win rates of a group (classes or characters) on one difficulty, against their mean."""

    #: (name, games, win rate) for each member.
    rows: list[tuple[str, int, float]]
    mean: float
    limit: float

    def gap(self, rate: float) -> float:
        """Return how far a rate is from the mean, in points."""
        return rate - self.mean

    def holds(self, rate: float) -> bool:
        """True when a rate is within the limit of the mean (rounded as printed)."""
        return abs(round(self.gap(rate), 1)) <= self.limit


def spread(named: Iterable[tuple[str, list[int]]], limit: float) -> Spread:
    """Return the win rates of (name, [games, wins, score]) rows and their unweighted mean."""
    rows = [(name, row[0], _rate(row)) for name, row in named if row[0]]
    mean = sum(rate for _, _, rate in rows) / max(len(rows), 1)
    return Spread(rows, mean, limit)


def spread_target(name: str, group: str, s: Spread) -> Target:
    """Return the target "every member within the limit of the mean", naming the outliers."""
    off = [(who, s.gap(rate)) for who, _, rate in s.rows if not s.holds(rate)]
    limit = f"{s.limit:g} points"
    if not s.rows:
        return Target(name, False, f"no games (target: every {group} within {limit})")
    if off:
        listed = ", ".join(f"{who} {gap:+.1f}" for who, gap in off)
        return Target(name, False, f"{listed} from the mean {s.mean:.1f} % (target within {limit})")
    who, gap = max(((w, s.gap(r)) for w, _, r in s.rows), key=lambda t: abs(t[1]))
    return Target(
        name,
        True,
        f"every {group} within {limit} of the mean {s.mean:.1f} % (widest {who} {gap:+.1f})",
    )


def class_spreads(ruleset: Ruleset, heuristic: Summary) -> dict[str, Spread]:
    """Return each difficulty's class win rates against their mean."""
    return {
        d.id: spread(
            (
                (ruleset.card_name(k.split("/")[0]), v)
                for k, v in sorted(heuristic.by_class_difficulty.items())
                if k.split("/")[1] == d.id
            ),
            CLASS_SPREAD,
        )
        for d in ruleset.settings.difficulties
    }


def character_spread(ruleset: Ruleset, heuristic: Summary) -> Spread:
    """Return the characters' win rates on CHARACTER_DIFFICULTY against their mean."""
    return spread(
        (
            (ruleset.card_name(k.split("/")[0]), v)
            for k, v in sorted(heuristic.by_character_difficulty.items())
            if k.split("/")[1] == CHARACTER_DIFFICULTY
        ),
        CHARACTER_SPREAD,
    )


@dataclass(frozen=True)
class MonsterDeaths:
    """One monster's deaths against its level's average."""

    level: int
    id: str
    name: str
    faced: int
    deaths: int
    average: float

    @property
    def ratio(self) -> float:
        return self.deaths / self.average if self.average else 0.0

    @property
    def bounds(self) -> tuple[float, float]:
        return MONSTER_RATIO[0], MONSTER_CEILING.get(self.id, MONSTER_RATIO[1])

    def holds(self) -> bool:
        """True when the ratio (rounded as printed) is within the bounds."""
        low, high = self.bounds
        return low <= round(self.ratio, 2) <= high


def monster_deaths(ruleset: Ruleset, heuristic: Summary) -> dict[int, list[MonsterDeaths]]:
    """Return each level's monsters with their deaths and the level's average."""
    levels: dict[int, list[MonsterDeaths]] = {}
    for level in sorted({mo.level for mo in ruleset.monsters.values()}):
        mons = sorted(ruleset.monsters_of_level(level).items())
        counts = [heuristic.monsters.get(mo.id, [0, 0]) for _, mo in mons]
        average = sum(c[1] for c in counts) / max(len(counts), 1)
        levels[level] = [
            MonsterDeaths(level, mo.id, mo.name, c[0], c[1], average)
            for (_, mo), c in zip(mons, counts, strict=True)
        ]
    return levels


def _bounds_text(mons: list[MonsterDeaths]) -> str:
    low, high = MONSTER_RATIO
    text = f"target {low:g}-{high:.1f}x"
    for mo in mons:
        if mo.bounds != MONSTER_RATIO:
            text += f", {mo.name} up to {mo.bounds[1]:.1f}x"
    return text


def monster_target(level: int, mons: list[MonsterDeaths]) -> Target:
    """Return the target "every monster of the level within its bounds", naming the outliers."""
    name = f"Level {level} monster deaths"
    off = [mo for mo in mons if not mo.holds()]
    if off:
        listed = ", ".join(f"{mo.name} {mo.ratio:.2f}x" for mo in off)
        return Target(name, False, f"{listed} of the level average ({_bounds_text(mons)})")
    low = min(mons, key=lambda mo: mo.ratio)
    high = max(mons, key=lambda mo: mo.ratio)
    return Target(
        name,
        True,
        f"every monster within its bounds, from {low.name} {low.ratio:.2f}x to "
        f"{high.name} {high.ratio:.2f}x of the level average ({_bounds_text(mons)})",
    )


def check_targets(ruleset: Ruleset, heuristic: Summary, randomly: Summary) -> list[Target]:
    """Return the verdict of every balance target, in the report's order."""
    targets = []
    for d in ruleset.settings.difficulties:
        row = heuristic.by_difficulty.get(d.id, [0, 0, 0])
        lo, hi = TARGETS.get(d.id, (0.0, 100.0))
        rate = _rate(row)
        targets.append(
            Target(
                f"{d.name} win rate",
                lo <= round(rate, 1) <= hi,
                f"{rate:.1f} % of {row[0]} games (target {lo:.0f}-{hi:.0f} %)",
            )
        )
    for d in ruleset.settings.difficulties:
        s = class_spreads(ruleset, heuristic)[d.id]
        targets.append(spread_target(f"{d.name} class spread", "class", s))
    normal = ruleset.difficulty_name(CHARACTER_DIFFICULTY)
    targets.append(
        spread_target(
            f"{normal} character spread", "character", character_spread(ruleset, heuristic)
        )
    )
    for level, mons in monster_deaths(ruleset, heuristic).items():
        targets.append(monster_target(level, mons))
    rate = 100.0 * randomly.wins / max(randomly.games, 1)
    targets.append(
        Target(
            "Random bot win rate",
            rate < RANDOM_CEILING,
            f"{rate:.2f} % of {randomly.games} games (target under {RANDOM_CEILING:g} %)",
        )
    )
    return targets


def report(
    ruleset: Ruleset,
    heuristic: Summary,
    randomly: Summary,
    command: str,
    targets: list[Target] | None = None,
) -> str:
    """Return the Markdown balance report (the targets are checked unless given)."""
    if targets is None:
        targets = check_targets(ruleset, heuristic, randomly)

    def met(ok: bool) -> str:
        return "yes" if ok else "no"

    out = [
        "# Balance report",
        "",
        f"Generated by `{command}` (`--jobs N` gives the same numbers faster).",
        f"Heuristic bot: {heuristic.games} games, digest `{heuristic.digest[:16]}`; "
        f"random bot: {randomly.games} games, digest `{randomly.digest[:16]}`.",
        "The heuristic policy is documented in `src/unbroken/bots/heuristic.py`.",
        *(
            [
                "Plugins on: "
                + ", ".join(f"{name} {version}" for name, version in ruleset.plugins.items())
                + "."
            ]
            if set(ruleset.plugins) != {"base"}
            else []
        ),
        "",
        "## Targets",
        "",
        *(f"- {t.line()}" for t in targets),
        "",
        verdict(targets)[0].upper() + verdict(targets)[1:] + ".",
        "",
        "## Heuristic win rate by difficulty",
        "",
        "| Difficulty | Games | Wins | Win rate | Target | Met |",
        "|---|---:|---:|---:|---|---|",
    ]
    for d in ruleset.settings.difficulties:
        row = heuristic.by_difficulty.get(d.id, [0, 0, 0])
        lo, hi = TARGETS.get(d.id, (0.0, 100.0))
        rate = _rate(row)
        out.append(
            f"| {d.name} | {row[0]} | {row[1]} | {rate:.1f} % "
            f"| {lo:.0f}-{hi:.0f} % | {met(lo <= round(rate, 1) <= hi)} |"
        )
    out += [
        "",
        "## Heuristic win rate by class and difficulty",
        "",
        "| Difficulty | Class | Games | Win rate | vs mean "
        f"| Met (within {CLASS_SPREAD:g} points) |",
        "|---|---|---:|---:|---:|---|",
    ]
    for d in ruleset.settings.difficulties:
        s = class_spreads(ruleset, heuristic)[d.id]
        for who, games, rate in s.rows:
            out.append(
                f"| {d.name} | {who} | {games} | {rate:.1f} % | {s.gap(rate):+.1f} "
                f"| {met(s.holds(rate))} |"
            )
    normal = ruleset.difficulty_name(CHARACTER_DIFFICULTY)
    s = character_spread(ruleset, heuristic)
    classes = {c.name: ruleset.card_name(c.cls) for c in ruleset.characters.values()}
    out += [
        "",
        f"## Heuristic win rate by character on {normal}",
        "",
        "| Character | Class | Games | Win rate | vs mean "
        f"| Met (within {CHARACTER_SPREAD:g} points) |",
        "|---|---|---:|---:|---:|---|",
        *(
            f"| {who} | {classes.get(who, '')} | {games} | {rate:.1f} % | {s.gap(rate):+.1f} "
            f"| {met(s.holds(rate))} |"
            for who, games, rate in s.rows
        ),
        "",
        "## Deaths per monster (heuristic, all difficulties)",
        "",
        "| Level | Monster | Faced | Deaths | Level average | Ratio | Target | Met |",
        "|---:|---|---:|---:|---:|---:|---|---|",
    ]
    for mons in monster_deaths(ruleset, heuristic).values():
        for mo in mons:
            low, high = mo.bounds
            out.append(
                f"| {mo.level} | {mo.name} | {mo.faced} | {mo.deaths} | {mo.average:.1f} "
                f"| {mo.ratio:.2f} | {low:g}-{high:.1f}x | {met(mo.holds())} |"
            )
    rate = 100.0 * randomly.wins / max(randomly.games, 1)
    out += [
        "",
        "## Random bot",
        "",
        "| Games | Wins | Win rate | Target | Met |",
        "|---:|---:|---:|---|---|",
        f"| {randomly.games} | {randomly.wins} | {rate:.2f} % | under {RANDOM_CEILING:g} % "
        f"| {met(rate < RANDOM_CEILING)} |",
        "",
        "## Causes of death (heuristic)",
        "",
        "| Cause | Deaths |",
        "|---|---:|",
        *(
            f"| {cause} | {n} |"
            for cause, n in sorted(heuristic.deaths.items(), key=lambda kv: -kv[1])
        ),
    ]
    return "\n".join(out) + "\n"
