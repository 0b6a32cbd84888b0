"""`unbroken balance`: simulate the base game, check the balance targets, print the report.

`unbroken balance --output docs/balance.md` regenerates the project's report.
The targets of the base content are written out in balance_targets (TARGETS to
RANDOM_CEILING); each prints one PASS or FAIL line on stderr, and a failed one
makes the exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from unbroken.bots import workers
from unbroken.cli.balance_targets import (
    CHARACTER_DIFFICULTY as CHARACTER_DIFFICULTY,
)
from unbroken.cli.balance_targets import (
    CHARACTER_SPREAD as CHARACTER_SPREAD,
)
from unbroken.cli.balance_targets import (
    CLASS_SPREAD as CLASS_SPREAD,
)
from unbroken.cli.balance_targets import (
    MONSTER_CEILING as MONSTER_CEILING,
)
from unbroken.cli.balance_targets import (
    MONSTER_RATIO as MONSTER_RATIO,
)
from unbroken.cli.balance_targets import (
    RANDOM_CEILING as RANDOM_CEILING,
)
from unbroken.cli.balance_targets import (  # the targets; re-exported for tests
    TARGETS as TARGETS,
)
from unbroken.cli.balance_targets import (
    MonsterDeaths as MonsterDeaths,
)
from unbroken.cli.balance_targets import (
    Spread as Spread,
)
from unbroken.cli.balance_targets import (
    Target as Target,
)
from unbroken.cli.balance_targets import (
    character_spread as character_spread,
)
from unbroken.cli.balance_targets import (
    check_targets as check_targets,
)
from unbroken.cli.balance_targets import (
    class_spreads as class_spreads,
)
from unbroken.cli.balance_targets import (
    monster_deaths as monster_deaths,
)
from unbroken.cli.balance_targets import (
    monster_target as monster_target,
)
from unbroken.cli.balance_targets import (
    spread as spread,
)
from unbroken.cli.balance_targets import (
    spread_target as spread_target,
)
from unbroken.cli.balance_targets import (
    verdict as verdict,
)
from unbroken.cli.balance_targets import (
    win_rate as win_rate,
)
from unbroken.cli.command import (
    CommandError,
    add_jobs,
    add_seed,
    load,
    plugins_in_use,
    positive_int,
)

if TYPE_CHECKING:
    from unbroken.bots.batch import Summary
    from unbroken.core.ruleset import Ruleset


#: A report rewritten with --output keeps what follows this line (the notes of the
#: changes, written by hand) instead of dropping it.
KEPT = "<!-- Written by hand from here on: `unbroken balance --output` keeps it. -->"


EPILOG = (
    "Every target prints one line on stderr, PASS or FAIL with its numbers; the exit "
    "status is 1 when a target fails, 0 when all hold (2 for a bad option). "
    "CI runs a small one (.ci/run): unbroken balance --games 200 --seed 13 --jobs 2 > /dev/null. "
    f"Rewriting a report with --output keeps its hand-written end, from the line {KEPT}"
)


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
    add_jobs(parser, default=1)
    add_seed(parser, "seed of the batch", default=1)
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
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.bots import batch
    from unbroken.cli.sim import game_failed, more_bots, named_bots, plugins_option, progress_bar

    ruleset = load()
    bots = named_bots(plugins_in_use())
    if args.bot is not None and args.bot not in bots:
        known = ", ".join(bots)
        raise CommandError(f"unknown bot {args.bot!r}; choose one of: {known}")
    jobs = workers.worker_count(args.jobs, args.games)
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
                            more=more_bots(),
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
    # lazy: `--help` imports this module: loaded on the path that runs
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
    out = [
        *_heading(ruleset, heuristic, randomly, command, targets),
        *_by_difficulty(ruleset, heuristic),
        *_by_class(ruleset, heuristic),
        *_by_character(ruleset, heuristic),
        *_deaths_per_monster(ruleset, heuristic),
        *_random_bot(randomly),
        *_causes_of_death(heuristic),
    ]
    return "\n".join(out) + "\n"


def _met(ok: bool) -> str:
    return "yes" if ok else "no"


def _heading(
    ruleset: Ruleset, heuristic: Summary, randomly: Summary, command: str, targets: list[Target]
) -> list[str]:
    """Return the report's title, what made it, and the targets with their verdict."""
    plugins = [
        "Plugins on: "
        + ", ".join(f"{name} {version}" for name, version in ruleset.plugins.items())
        + "."
    ]
    said = verdict(targets)
    return [
        "# Balance report",
        "",
        f"Generated by `{command}` (`--jobs N` gives the same numbers faster).",
        f"Heuristic bot: {heuristic.games} games, digest `{heuristic.digest[:16]}`; "
        f"random bot: {randomly.games} games, digest `{randomly.digest[:16]}`.",
        "The heuristic policy is documented in `src/unbroken/bots/heuristic.py`.",
        *(plugins if set(ruleset.plugins) != {"base"} else []),
        "",
        "## Targets",
        "",
        *(f"- {t.line()}" for t in targets),
        "",
        said[0].upper() + said[1:] + ".",
    ]


def _by_difficulty(ruleset: Ruleset, heuristic: Summary) -> list[str]:
    """Return the section of the heuristic's win rate on each difficulty."""
    out = [
        "",
        "## Heuristic win rate by difficulty",
        "",
        "| Difficulty | Games | Wins | Win rate | Target | Met |",
        "|---|---:|---:|---:|---|---|",
    ]
    for d in ruleset.settings.difficulties:
        row = heuristic.by_difficulty.get(d.id, [0, 0, 0])
        lo, hi = TARGETS.get(d.id, (0.0, 100.0))
        rate = win_rate(row)
        out.append(
            f"| {d.name} | {row[0]} | {row[1]} | {rate:.1f} % "
            f"| {lo:.0f}-{hi:.0f} % | {_met(lo <= round(rate, 1) <= hi)} |"
        )
    return out


def _by_class(ruleset: Ruleset, heuristic: Summary) -> list[str]:
    """Return the section of the heuristic's win rate by class on each difficulty."""
    out = [
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
                f"| {_met(s.holds(rate))} |"
            )
    return out


def _by_character(ruleset: Ruleset, heuristic: Summary) -> list[str]:
    """Return the section of the heuristic's win rate by character on the spread's difficulty."""
    normal = ruleset.difficulty_name(CHARACTER_DIFFICULTY)
    s = character_spread(ruleset, heuristic)
    classes = {c.name: ruleset.card_name(c.cls) for c in ruleset.characters.values()}
    return [
        "",
        f"## Heuristic win rate by character on {normal}",
        "",
        "| Character | Class | Games | Win rate | vs mean "
        f"| Met (within {CHARACTER_SPREAD:g} points) |",
        "|---|---|---:|---:|---:|---|",
        *(
            f"| {who} | {classes.get(who, '')} | {games} | {rate:.1f} % | {s.gap(rate):+.1f} "
            f"| {_met(s.holds(rate))} |"
            for who, games, rate in s.rows
        ),
    ]


def _deaths_per_monster(ruleset: Ruleset, heuristic: Summary) -> list[str]:
    """Return the section of the heuristic's deaths to each monster against its level's."""
    out = [
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
                f"| {mo.ratio:.2f} | {low:g}-{high:.1f}x | {_met(mo.holds())} |"
            )
    return out


def _random_bot(randomly: Summary) -> list[str]:
    """Return the section of the random bot's win rate against its ceiling."""
    rate = 100.0 * randomly.wins / max(randomly.games, 1)
    return [
        "",
        "## Random bot",
        "",
        "| Games | Wins | Win rate | Target | Met |",
        "|---:|---:|---:|---|---|",
        f"| {randomly.games} | {randomly.wins} | {rate:.2f} % | under {RANDOM_CEILING:g} % "
        f"| {_met(rate < RANDOM_CEILING)} |",
    ]


def _causes_of_death(heuristic: Summary) -> list[str]:
    """Return the section of what killed the heuristic, most deaths first."""
    return [
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
