"""`unbroken play`: a plain-text game on the terminal (the default command)."""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import TYPE_CHECKING, TextIO

from unbroken.cli.command import (
    CommandError,
    add_seed,
    load,
    plugins_in_use,
    resolve_character,
    resolve_difficulty,
)
from unbroken.words.vocabulary import plural

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.replay import ReplayInfo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--character", help="character sheet id, e.g. maxyn-zenma")
    parser.add_argument("--difficulty", help="easy, normal, hard or a plugin's (expert)")
    add_seed(parser, "seed of the game")
    parser.add_argument(
        "--gentle-start",
        action="store_true",
        help="Easy only (so the difficulty is Easy if not given): start with 15 SE instead of 13",
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="continue the newest unfinished game",
    )


def continue_game(info: ReplayInfo, stdin: TextIO, out: TextIO) -> int:
    """Resume the recorded game `info` describes and play it on; return the exit status."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.play.text import TextGame
    from unbroken.replay import ReplayError, resume

    path = info.path
    plugins = plugins_in_use()
    ruleset = plugins.ruleset
    try:
        game, recorder = resume(path, ruleset)
    except ReplayError as exc:
        raise CommandError(
            f"cannot continue: {exc} (move the file away to stop being offered it)"
        ) from None
    except OSError as exc:  # the folder or the file cannot be written any more
        where = exc.filename or path
        raise CommandError(f"cannot continue {path.name}: {where}: {exc.strerror or exc}") from None
    for notice in recorder.notices:
        print(f"Notice: {notice}", file=out)
    print(f"Continuing {path.name} after decision {recorder.decisions}.", file=out)
    return TextGame.resumed(ruleset, game, recorder, info.created, plugins).loop(stdin, out)


def describe(info: ReplayInfo) -> str:
    """Return the unfinished game as the offer to continue it shows it, in printed names."""
    try:
        rules = load()
        who = rules.card_name(info.character)
        difficulty = rules.difficulty_name(info.difficulty)
    except CommandError:  # content that does not load: the ids say it too
        who, difficulty = info.character.split(":")[-1], info.difficulty
    started = info.created[:16].replace("T", " ")
    return f"{who}, {difficulty}, {plural(info.decisions, 'decision')}, started {started}"


def start_options(ruleset: Ruleset, args: argparse.Namespace) -> tuple[str | None, str | None]:
    """Return the character and difficulty ids the options give (None: to be asked).

    Raises CommandError for a bad one, so that nothing is shown or asked first.
    --gentle-start goes with Easy only: without --difficulty it means Easy.
    """
    character = resolve_character(ruleset, args.character) if args.character else None
    if args.difficulty:
        difficulty: str | None = resolve_difficulty(ruleset, args.difficulty)
    else:
        difficulty = "easy" if args.gentle_start else None
    if args.gentle_start and difficulty != "easy":
        raise CommandError("--gentle-start is an Easy option; add --difficulty easy")
    return character, difficulty


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.play.text import TextGame, ask
    from unbroken.replay import unfinished_games

    stdin, out = sys.stdin, sys.stdout
    chosen = [
        option
        for option, value in (
            ("--character", args.character),
            ("--difficulty", args.difficulty),
            ("--seed", args.seed),
            ("--gentle-start", args.gentle_start or None),
        )
        if value is not None
    ]
    if args.resume and chosen:
        raise CommandError(
            f"--continue goes on with the game as it was started; drop {', '.join(chosen)}"
        )
    # A new game's options are all checked before anything is shown or asked
    # (--seed by argparse already): a bad one must not cost the player a menu.
    ruleset = load() if chosen and not args.resume else None
    character, difficulty = (None, None) if ruleset is None else start_options(ruleset, args)
    unfinished = unfinished_games()
    if args.resume:
        if not unfinished:
            raise CommandError("there is no unfinished game to continue")
        return continue_game(unfinished[0], stdin, out)
    fresh = args.character is None and args.difficulty is None and args.seed is None
    if unfinished and fresh:
        info = unfinished[0]
        print(f"An unfinished game: {describe(info)}.", file=out)
        try:
            index = ask("Continue it", ["Continue that game", "Start a new game"], stdin, out)
        except EOFError:
            print("\nGoodbye.", file=out)
            return 0
        if index == 0:
            return continue_game(info, stdin, out)
    if ruleset is None:
        ruleset = load()
    try:
        character = character or TextGame.ask_character(ruleset, stdin, out)
        difficulty = difficulty or TextGame.ask_difficulty(ruleset, stdin, out)
    except EOFError:
        print("\nGoodbye.", file=out)
        return 0
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    options = {"gentle_start": args.gentle_start}
    game = TextGame(ruleset, character, difficulty, seed, options, plugins=plugins_in_use())
    return game.loop(stdin, out)
