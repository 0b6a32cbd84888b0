"""The `unbroken` command: one function per subcommand."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from unbroken import __version__

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset


class CommandError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="unbroken",
        description="Unbroken: the solo card game of survival and revenge.",
    )
    parser.add_argument("--version", action="version", version=f"unbroken {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in plain text (the default)")
    add_game_options(play)

    sim = sub.add_parser("sim", help="simulate games with a bot")
    sim.add_argument("--games", type=positive_int, default=100, help="games to play (default 100)")
    sim.add_argument("--seed", type=seed_int, default=1, help="seed of the whole batch (default 1)")
    sim.add_argument("--character", action="append", help="only this character (repeatable)")
    sim.add_argument("--difficulty", action="append", help="only this difficulty (repeatable)")
    sim.add_argument("--bot", default="random", help="the policy: random (default)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--character", help="character sheet id, e.g. maxyn-zenma")
    parser.add_argument("--difficulty", help="easy, normal or hard")
    parser.add_argument("--seed", type=seed_int, help="seed (random if not given)")
    parser.add_argument(
        "--gentle-start", action="store_true", help="Easy only: start with 15 SE instead of 13"
    )


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def seed_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not a whole number") from None
    if not 0 <= value < 1 << 64:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64-1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "sim":
            return cmd_sim(args)
        if args.command in (None, "play"):
            if args.command is None:
                args = build_parser().parse_args(["play"])
            return cmd_play(args, sys.stdin, sys.stdout)
    except CommandError as exc:
        print(f"unbroken: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    return 0


def resolve_character(ruleset: Ruleset, name: str) -> str:
    """Return the namespaced id of a character sheet, or raise CommandError."""
    ident = name if ":" in name else f"base:{name}"
    if ident not in ruleset.characters:
        known = ", ".join(sorted(c.split(":", 1)[1] for c in ruleset.characters))
        raise CommandError(f"unknown character {name!r}; choose one of: {known}")
    return ident


def resolve_difficulty(ruleset: Ruleset, name: str) -> str:
    """Return a difficulty id, or raise CommandError."""
    ids = [d.id for d in ruleset.settings.difficulties]
    if name not in ids:
        raise CommandError(f"unknown difficulty {name!r}; choose one of: {', '.join(ids)}")
    return name


def load() -> Ruleset:
    from unbroken.content import ContentError
    from unbroken.core.ruleset import RulesetError
    from unbroken.plugins import load_ruleset

    try:
        return load_ruleset()
    except (ContentError, RulesetError) as exc:
        raise CommandError(f"the game content is broken:\n{exc}") from None


def cmd_sim(args: argparse.Namespace) -> int:
    """`unbroken sim`: play games with a bot and report wins, speed and the log digest."""
    from unbroken import sim

    ruleset = load()
    if args.bot not in sim.BOTS:
        raise CommandError(f"unknown bot {args.bot!r}; choose one of: {', '.join(sim.BOTS)}")
    chars = [resolve_character(ruleset, c) for c in args.character or []]
    diffs = [resolve_difficulty(ruleset, d) for d in args.difficulty or []]
    try:
        summary = sim.run(
            ruleset,
            games=args.games,
            seed=args.seed,
            characters=chars or None,
            difficulties=diffs or None,
            bot=args.bot,
        )
    except sim.InvariantViolation as exc:
        print(f"unbroken: engine invariant violated: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(summary.as_json(args.seed, args.bot), indent=2))
        return 0
    lost = summary.games - summary.wins
    rate = 100 * summary.wins / summary.games
    print(
        f"{summary.games} games ({args.bot} bot, seed {args.seed}): "
        f"{summary.wins} won, {lost} lost ({rate:.1f} %)"
    )
    speed = summary.games / summary.seconds if summary.seconds else 0.0
    print(f"{speed:.0f} games/s, {summary.decisions / max(summary.seconds, 1e-9):.0f} decisions/s")
    for title, table in (("class", summary.by_class), ("difficulty", summary.by_difficulty)):
        rows = ", ".join(f"{k.split(':')[-1]} {v[1]}/{v[0]}" for k, v in sorted(table.items()))
        print(f"by {title}: {rows}")
    deaths = sorted(summary.deaths.items(), key=lambda kv: -kv[1])[:8]
    print("deadliest: " + ", ".join(f"{k} {v}" for k, v in deaths))
    print(f"digest {summary.digest}")
    return 0


def cmd_play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """`unbroken play`: a plain-text game on the terminal (until the Textual app lands)."""
    from unbroken.textplay import TextGame

    ruleset = load()
    out = stdout
    try:
        character = (
            resolve_character(ruleset, args.character)
            if args.character
            else TextGame.ask_character(ruleset, stdin, out)
        )
        difficulty = (
            resolve_difficulty(ruleset, args.difficulty)
            if args.difficulty
            else TextGame.ask_difficulty(ruleset, stdin, out)
        )
    except EOFError:
        print("\nGoodbye.", file=out)
        return 0
    if args.gentle_start and difficulty != "easy":
        raise CommandError("--gentle-start is an Easy option; add --difficulty easy")
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    game = TextGame(ruleset, character, difficulty, seed, {"gentle_start": args.gentle_start})
    return game.loop(stdin, out)
