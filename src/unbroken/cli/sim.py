"""`unbroken sim`: play games with a bot; report wins, speed and the event-log digest."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from unbroken.bots import workers
from unbroken.cli.command import (
    CommandError,
    add_jobs,
    add_json,
    add_seed,
    load,
    plugins_in_use,
    positive_int,
    resolve_character,
    resolve_difficulty,
)
from unbroken.words.vocabulary import plural

if TYPE_CHECKING:
    from unbroken.bots import batch
    from unbroken.bots.registry import Bot
    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins import Plugins


def more_bots() -> dict[str, Bot]:
    """Return the bots from above the bots' layer that the commands offer by name (`--bot
    rollout`, the advisor's)."""
    from unbroken.advisor.bot import rollout_bot  # lazy: `unbroken sim --help` loads no engine

    return {"rollout": rollout_bot}


def named_bots(plugins: Plugins | None) -> dict[str, Bot]:
    """Return every bot the commands offer by name: built in, the rollout bot, the plugins'."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.bots import batch

    return batch.all_bots(plugins, more_bots())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=positive_int, default=100, help="games (default 100)")
    add_seed(parser, "seed of the batch", default=1)
    parser.add_argument("--character", action="append", help="only this character (repeatable)")
    parser.add_argument("--difficulty", action="append", help="only this difficulty (repeatable)")
    parser.add_argument(
        "--bot",
        default="random",
        help="the policy: random (default), greedy, heuristic, rollout (slow: the advisor's), "
        "or a plugin's bot by its name",
    )
    add_json(parser)
    add_jobs(parser, default=1)
    parser.add_argument(
        "--record",
        action="store_true",
        help="store every game in the records, like a played one (see --data-dir)",
    )


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.bots import batch
    from unbroken.records import RecordsError

    ruleset = load()
    plugins = plugins_in_use()  # their observers watch every game
    bots = named_bots(plugins)
    # A plugin's bot by its own name too ("archer" for "unearthed:archer"), as characters are.
    mine = [b for b in bots if b.partition(":")[2] == args.bot]
    if args.bot not in bots and len(mine) == 1:
        args.bot = mine[0]
    if args.bot not in bots:
        raise CommandError(f"unknown bot {args.bot!r}; choose one of: {', '.join(bots)}")
    chars = [resolve_character(ruleset, c) for c in args.character or []]
    diffs = [resolve_difficulty(ruleset, d) for d in args.difficulty or []]
    keep = None
    kept: list[int] = []  # the games the records did keep (not the ones they refused)
    if args.record:
        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.cli.scores import open_or_fail
        from unbroken.play.session import records_keeper

        records = open_or_fail()
        keep = counted(records_keeper(plugins, records), kept)

    if args.record and args.jobs > 1:
        raise CommandError("--record plays in one process: drop --jobs")
    jobs = workers.worker_count(args.jobs, args.games)
    try:
        with progress_bar(args.games, enabled=not args.json) as on_game:
            summary = batch.run(
                ruleset,
                games=args.games,
                seed=args.seed,
                characters=chars or None,
                difficulties=diffs or None,
                bot=args.bot,
                on_game=on_game,
                jobs=jobs,
                plugins=plugins,
                keep=keep,
                more=more_bots(),
            )
    except batch.InvariantViolation as exc:
        print(f"unbroken: engine invariant violated: {exc}", file=sys.stderr)
        return 1
    except batch.GameFailed as exc:
        return game_failed(exc, ruleset, args.seed, args.bot, chars, diffs)
    except RecordsError as exc:
        raise CommandError(str(exc)) from None
    if args.record:
        records.close()
        print(recorded_line(len(kept), summary.games, records.path), file=sys.stderr)
    if args.json:
        print(json.dumps(summary.as_json(args.seed, args.bot), indent=2))
        return 0
    print(text_report(summary, ruleset, args.seed, args.bot, plugins.display_names()))
    return 0


def counted(keeper: Any, kept: list[int]) -> Any:
    """Return `keeper` noting in `kept` each game it did keep (a refused one raises)."""

    def keep(game: Any, replay: Any, started: Any) -> Any:
        finished = keeper(game, replay, started)
        kept.append(finished.record)
        return finished

    return keep


def recorded_line(kept: int, games: int, path: Any) -> str:
    """Return what `sim --record` says at the end: the games the records really kept."""
    if kept == games:
        return f"{plural(games, 'game')} recorded in {path}"
    return (
        f"{kept} of {plural(games, 'game')} recorded in {path}; the others could not be "
        "kept (see the warnings above)"
    )


def plugins_option(ruleset: Ruleset) -> str:
    """Return " --plugins a,b" naming the plugins on, for a command that repeats a run
    (they are part of what it played), or "" for the base game alone."""
    if set(ruleset.plugins) == {"base"}:
        return ""
    return f" --plugins {','.join(sorted(ruleset.plugins))}"


def game_failed(
    exc: batch.GameFailed,
    ruleset: Ruleset,
    seed: int,
    bot: str,
    characters: Sequence[str] = (),
    difficulties: Sequence[str] = (),
) -> int:
    """Say which game of a batch a plugin's handler failed in, and how to play up to it
    again: the batch of that seed cut to that game (one line on stderr); return 1.

    `unbroken sim --games 1 --seed <game seed>` would not do: a batch derives each
    game's seed from its own (`batch.schedule`).
    """
    options = [f"--games {exc.number}", f"--seed {seed}"]
    options += [f"--character {c}" for c in characters]
    options += [f"--difficulty {d}" for d in difficulties]
    if bot != "random":
        options.append(f"--bot {bot}")
    rerun = f"unbroken{plugins_option(ruleset)} sim {' '.join(options)}"
    print(f"unbroken: error: {exc}; `{rerun}` plays up to it again", file=sys.stderr)
    return 1


def text_report(
    summary: batch.Summary,
    ruleset: Ruleset,
    seed: int,
    bot: str,
    titles: dict[str, str] | None = None,
) -> str:
    """Return the plain-text summary of a batch, in the game's printed names (`titles`: the
    plugins' display names of bots)."""
    lost = summary.games - summary.wins
    rate = 100 * summary.wins / summary.games if summary.games else 0.0
    speed = summary.games / summary.seconds if summary.seconds else 0.0
    title = (titles or {}).get(bot)
    named = f"{title} ({bot})" if title else bot
    lines = [
        f"{plural(summary.games, 'game')} ({named} bot, seed {seed}): "
        f"{summary.wins} won, {lost} lost ({rate:.1f} %)",
        f"{speed:.0f} games/s, {summary.decisions / max(summary.seconds, 1e-9):.0f} decisions/s",
    ]
    for title, table, name in (
        ("class", summary.by_class, ruleset.card_name),
        ("difficulty", summary.by_difficulty, ruleset.difficulty_name),
    ):
        rows = ", ".join(f"{name(k)} {v[1]}/{v[0]}" for k, v in sorted(table.items()))
        lines.append(f"wins by {title}: {rows}")
    monsters = sorted(summary.monsters.items(), key=lambda kv: -kv[1][1])[:5]
    killers = ", ".join(f"{ruleset.card_name(k)} {v[1]}/{v[0]}" for k, v in monsters if v[1])
    lines.append(f"deaths by monster in play (deaths/met): {killers or 'none'}")
    deaths = sorted(summary.deaths.items(), key=lambda kv: -kv[1])[:8]
    causes = ", ".join(f"{k} {v}" for k, v in deaths)
    lines.append(f"deaths by cause: {causes or 'none'}")
    lines.append(f"average score {summary.score / max(summary.games, 1):.2f}")
    lines.append(f"digest {summary.digest}")
    return "\n".join(lines)


@contextmanager
def progress_bar(total: int, enabled: bool = True) -> Iterator[Callable[[Any], None] | None]:
    """Show a progress bar on stderr while games run; yield the per-game callback (or None).

    The bar is shown only when `enabled`, stderr is a terminal and the run is long.
    """
    if not enabled or total < 200 or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    # Our own bar's codes go to the terminal itself: the command's stderr makes what it
    # is given printable, and would show them as text ("\x1b[36m0:00:49\x1b[0m").
    terminal = getattr(sys.stderr, "raw", sys.stderr)
    with Progress(console=Console(file=terminal), transient=True) as progress:
        task = progress.add_task("games", total=total)

        def advance(_: Any) -> None:
            progress.advance(task)

        yield advance
