"""The `unbroken` command: argument parsing, and one module per subcommand.

Each subcommand lives in `unbroken.cli.<name>` with
`add_arguments(parser)` and `run(args) -> int`; `COMMANDS` lists them with
their one-line help, in the order `unbroken --help` shows. Only the module of
the command being run is imported, and command modules import their heavy
dependencies inside `run`, so starting the game stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from unbroken import __version__, engine
from unbroken.home.paths import UserDirError
from unbroken.words.printable import printable

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins import Plugins

#: Subcommand names, each a module of unbroken.cli, with their one-line help,
#: in the order `unbroken --help` shows (the first is the default).
COMMANDS: dict[str, str] = {
    "tui": "the full-screen game (the default)",
    "play": "play a game in plain text, line by line",
    "daily": "play today's daily challenge (the same seed, character and difficulty for everyone)",
    "sim": "simulate games with a bot",
    "content": "check content packs (schema, references, ids, card counts)",
    "cards": "show the cards: name, cost and effects in words",
    "scores": "show your recorded games and best scores (or export them)",
    "stats": "show your records in figures: score over time, win rates, deaths by monster",
    "achievements": "show the achievement sheet: what you earned on each difficulty",
    "verify": "re-run recorded games against the engine and report any divergence",
    "replays": "list recorded games",
    "replay": "watch a recorded game (step, jump, play; ? shows the keys, Esc or q quits)",
    "analyze": (
        "weigh every decision of a recorded game: the chance of winning before it, taken, best"
    ),
    "plugins": (
        "list, enable, disable, install or uninstall plugins (expansions), or start a new one"
    ),
    "balance": "simulate the balance targets and print the report (or write it with --output)",
    "submit": "send a finished game to a leaderboard server (it re-plays and ranks it)",
    "board": "run a leaderboard server that re-plays and ranks submitted games",
    "serve": "play in a browser: serve the full-screen game on a local web page",
}


class CommandError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""


def require_terminal(what: str) -> None:
    """Raise CommandError unless standard input and output are a terminal.

    A full-screen command with its output piped (`unbroken replay X | cat`)
    would fill the pipe with escape codes; `what` says what needs the terminal.
    """
    import sys

    if os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver"):
        return  # a browser tab's game (`unbroken serve`): the page is the terminal
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CommandError(
            f"{what} is full-screen and needs a terminal (standard input and output are not "
            "one); `unbroken play` is the game in plain text, `unbroken verify` checks a replay"
        )


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Return the parser: every subcommand listed with its help, and the arguments of
    `only` (of every one when None) registered, importing only those commands' modules.

    Importing all eighteen modules and registering their arguments took about
    100 ms, more than the game's own first frame: `unbroken` registers the one
    command it runs (`command_named`).
    """
    parser = argparse.ArgumentParser(
        prog="unbroken",
        description="Unbroken: the solo card game of survival and revenge.",
    )
    parser.add_argument(
        "--version", action="version", version=f"unbroken {__version__} ({engine()} engine)"
    )
    for option, settings in valued_options().items():
        parser.add_argument(option, **settings)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in COMMANDS.items():
        command = sub.add_parser(name, help=summary, description=summary)
        if only is None or name == only:
            module = importlib.import_module(f"unbroken.cli.{name.replace('-', '_')}")
            module.add_arguments(command)
            command.set_defaults(run=module.run)
    return parser


def valued_options() -> dict[str, dict[str, Any]]:
    """Return the top-level options that take a value as the next word, each with its
    `add_argument` settings (`build_parser` adds them; `command_named` skips their values)."""
    return {
        "--data-dir": {
            "type": data_dir_path,
            "metavar": "DIR",
            "help": "where replays and records live (default: the user data dir; "
            "or set UNBROKEN_DATA_DIR)",
        },
        "--plugins": {
            "metavar": "A,B",
            "help": "the plugins to use this run (comma list; 'base' alone is the base game; "
            "or set UNBROKEN_PLUGINS)",
        },
    }


def command_named(argv: Sequence[str]) -> str:
    """Return the subcommand `argv` runs: its first word that names one (the values of
    the top-level options skipped), or the default (the first) when no word is one."""
    valued = valued_options()
    words = iter(argv)
    for word in words:
        if len(word) > 2 and any(option.startswith(word) for option in valued):
            next(words, None)  # argparse takes `--plug X` for `--plugins X`
        elif word in COMMANDS:
            return word
        elif not word.startswith("-"):
            break  # a word that is no command: argparse says so
    return next(iter(COMMANDS))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    output = _Output(sys.stdout)
    sys.stdout = output  # the same stream, its failures noted
    errors = sys.stderr
    sys.stderr = _Printable(errors)
    try:
        try:
            return _main(argv)
        finally:
            # Output still buffered is written now, where a failure is caught
            # (a full disk), not at exit where Python can only print a traceback.
            output.flush()
    except BrokenPipeError:
        # The reader went away (`unbroken cards | head`): stop quietly, as Unix tools do,
        # with stdout pointed at devnull so that flushing it at exit cannot fail again.
        _drop_stdout(output)
        return 141  # 128 + SIGPIPE
    except UserDirError as exc:
        print(f"unbroken: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit:
        # argparse's --help, --version and usage: it ignores a failed write, we do not.
        if output.failed is None:
            raise
        if isinstance(output.failed, BrokenPipeError):
            _drop_stdout(output)
            return 141
        return _output_failed(output, output.failed)
    except OSError as exc:
        why = exc.strerror or str(exc)
        if output.failed is not None:
            return _output_failed(output, exc)
        if exc.filename:
            print(f"unbroken: error: {exc.filename}: {why}", file=sys.stderr)
        else:
            print(f"unbroken: error: {why}", file=sys.stderr)
        return 1
    finally:
        if sys.stdout is output:
            sys.stdout = output.stream
        if isinstance(sys.stderr, _Printable):
            sys.stderr = errors


class _Printable:
    """A text stream whose writes are made printable (`unbroken.words.printable`).

    Everything a command prints can hold text from a file or a plugin (a
    recording's character, a plugin's name, a content error quoting a line):
    no escape sequence in it reaches the terminal. The full-screen game writes
    to the terminal by itself (`sys.__stderr__`), not through these streams.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    @property
    def raw(self) -> TextIO:
        """The stream itself, for the program's own control sequences (a progress bar's
        colours and carriage returns), which would otherwise show as escapes."""
        return self.stream

    def write(self, text: str) -> int:
        return self.stream.write(printable(text, lines=True))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class _Output:
    """Standard output as given, noting whether a write to it failed.

    An OSError is then known to be the output's (`unbroken cards > /dev/full`),
    not a file's: git and ripgrep say "cannot write the output" and exit 1.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        #: The first failure writing the stream, if any.
        self.failed: OSError | None = None

    @property
    def raw(self) -> TextIO:
        """The stream itself, for the program's own carriage returns (`unbroken play`'s
        odds progress line), which would otherwise show as escapes."""
        return self.stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(printable(text, lines=True))
        except OSError as exc:
            self.failed = self.failed or exc
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            self.failed = self.failed or exc
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _output_failed(output: _Output, exc: OSError) -> int:
    """Say that the output cannot be written (one line on stderr); return the exit status."""
    _drop_stdout(output)
    print(f"unbroken: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
    return 1


def _drop_stdout(output: _Output) -> None:
    """Point stdout at devnull, so that flushing it at exit cannot fail again."""
    try:
        fileno = output.stream.fileno()
    except (OSError, ValueError):  # not a real file (a test's capture): nothing to redirect
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    named = command_named(argv)
    parser = build_parser(only=named)
    args, extra = parser.parse_known_args(argv)
    if extra:  # the usage of the command they were given to, not the top level's
        innermost(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    if args.data_dir is not None:
        os.environ["UNBROKEN_DATA_DIR"] = str(args.data_dir)
    if args.plugins is not None:
        os.environ["UNBROKEN_PLUGINS"] = args.plugins or "base"
    if args.command is None:
        args = parser.parse_args([*argv, next(iter(COMMANDS))])
    try:
        return int(args.run(args))
    except CommandError as exc:
        print(f"unbroken: error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        # Imported here: importing the engine before the game's first frame slows it.
        # lazy: `unbroken --help` and `--version` load nothing more
        from unbroken.core.handlers import HandlerError

        if not isinstance(exc, HandlerError):
            raise
        # A plugin's effect handler failed (in a game, sim or check).
        print(f"unbroken: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130


def innermost(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """Return the (sub)command parser `args` were parsed by last: `scores export` gives export's."""
    while True:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        name = getattr(args, subs[0].dest, None) if subs else None
        if name is None or name not in subs[0].choices:
            return parser
        parser = subs[0].choices[name]


def data_dir_path(text: str) -> Path:
    """argparse type: a folder path, not empty (an empty one would be the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path; name a folder (or leave the option out)")
    return Path(text)


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


def add_jobs(parser: argparse.ArgumentParser, default: int | None = None) -> None:
    """Add `--jobs N`, the worker processes of a command that spreads its work over them
    (`default` None: one per CPU). The command turns it into workers by the one rule,
    `bots.workers.worker_count`; the results never depend on it."""
    unasked = "one per CPU" if default is None else str(default)
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=default,
        metavar="N",
        help=f"worker processes (default {unasked}; at most one per CPU and per piece of "
        "work; the same results as one)",
    )


def add_seed(parser: argparse.ArgumentParser, what: str, default: int | None = None) -> None:
    """Add `--seed N` (0 to 2**64-1), saying what it seeds (`default` None: random)."""
    unasked = "random if not given" if default is None else f"default {default}"
    parser.add_argument(
        "--seed", type=seed_int, default=default, metavar="N", help=f"{what} ({unasked})"
    )


def add_json(parser: argparse.ArgumentParser, what: str = "one JSON object") -> None:
    """Add `--json`: print `what` for tools instead of the text for people."""
    parser.add_argument("--json", action="store_true", help=f"print {what} (for tools)")


def resolve_character(ruleset: Ruleset, name: str) -> str:
    """Return the namespaced id of a character sheet (`Ruleset.character_id`), or raise
    CommandError naming the characters there are."""
    try:
        return ruleset.character_id(name)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def resolve_difficulty(ruleset: Ruleset, name: str) -> str:
    """Return a difficulty id (`Ruleset.difficulty_id`: a plugin's also by its local id,
    `expert`), or raise CommandError naming the difficulties there are."""
    try:
        return ruleset.difficulty_id(name)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def plugins_in_use() -> Plugins:
    """Return the plugins on for this run, the one place a command decides them (it hands
    them down); raise CommandError naming what in the content or which plugin is broken."""
    # lazy: `unbroken --help` and `--version` load nothing more
    from unbroken.plugins import LoadError, load_in_use

    try:
        return load_in_use()
    except LoadError as exc:
        raise CommandError(str(exc)) from None


def load() -> Ruleset:
    """Return the ruleset of the plugins on (`plugins_in_use`), or raise CommandError."""
    return plugins_in_use().ruleset
