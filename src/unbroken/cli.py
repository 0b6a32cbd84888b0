"""The `unbroken` command: argument parsing, and one module per subcommand.

Each subcommand lives in `unbroken.commands.<name>` with `HELP`,
`add_arguments(parser)` and `run(args) -> int`; `COMMANDS` lists them in the
order `unbroken --help` shows. Command modules import their heavy
dependencies inside `run`, so starting the game stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from unbroken import __version__

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset

#: Subcommand names, each a module of unbroken.commands (the first is the default).
COMMANDS: list[str] = [
    "tui",
    "play",
    "sim",
    "content",
    "cards",
    "scores",
    "achievements",
    "verify",
    "replays",
    "replay",
    "plugins",
    "balance",
]


class CommandError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    """Return the parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="unbroken",
        description="Unbroken: the solo card game of survival and revenge.",
    )
    parser.add_argument("--version", action="version", version=f"unbroken {__version__}")
    parser.add_argument(
        "--data-dir",
        type=Path,
        help="where replays and records live (default: the user data dir; "
        "or set UNBROKEN_DATA_DIR)",
    )
    parser.add_argument(
        "--plugins",
        metavar="A,B",
        help="the plugins to use this run (comma list; 'base' alone is the base game; "
        "or set UNBROKEN_PLUGINS)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"unbroken.commands.{name.replace('-', '_')}")
        command = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from unbroken.core.flow import HandlerError

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.data_dir is not None:
        os.environ["UNBROKEN_DATA_DIR"] = str(args.data_dir)
    if args.plugins is not None:
        os.environ["UNBROKEN_PLUGINS"] = args.plugins or "base"
    if args.command is None:
        args = parser.parse_args([*(argv or []), COMMANDS[0]])
    try:
        return int(args.run(args))
    except CommandError as exc:
        print(f"unbroken: error: {exc}", file=sys.stderr)
        return 2
    except HandlerError as exc:  # a plugin's effect handler failed (in a game, sim or check)
        print(f"unbroken: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`unbroken cards | head`): stop quietly, as Unix tools do,
        # with stdout pointed at devnull so that flushing it at exit cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE


# --------------------------------------------------------------------------- shared by commands


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def seed_int(text: str) -> int:
    """argparse type: a seed, 0 to 2**64-1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not a whole number") from None
    if not 0 <= value < 1 << 64:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64-1")
    return value


def resolve_character(ruleset: Ruleset, name: str) -> str:
    """Return the namespaced id of a character sheet, or raise CommandError.

    A plugin's sheet may be named by its local id when no other card shares it.
    """
    from unbroken.core.ruleset import resolve_id, short_ids

    ident = resolve_id(name, ruleset.characters)
    if ident is None:
        known = ", ".join(sorted(short_ids(ruleset.characters)))
        raise CommandError(f"unknown character {name!r}; choose one of: {known}")
    return ident


def resolve_difficulty(ruleset: Ruleset, name: str) -> str:
    """Return a difficulty id, or raise CommandError."""
    ids = [d.id for d in ruleset.settings.difficulties]
    if name not in ids:
        raise CommandError(f"unknown difficulty {name!r}; choose one of: {', '.join(ids)}")
    return name


def load() -> Ruleset:
    """Return the ruleset, or raise CommandError naming what in the content is broken."""
    from unbroken.content import ContentError
    from unbroken.core.ruleset import RulesetError
    from unbroken.plugins import PluginError, load_ruleset

    try:
        return load_ruleset()
    except (ContentError, RulesetError) as exc:
        raise CommandError(f"the game content is broken:\n{exc}") from None
    except PluginError as exc:
        raise CommandError(str(exc)) from None
