"""`unbroken play`: a plain-text game on the terminal (the default command)."""

from __future__ import annotations

import argparse
import secrets
import sys

from unbroken.cli import CommandError, load, resolve_character, resolve_difficulty, seed_int

HELP = "play a game in plain text (the default)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--character", help="character sheet id, e.g. maxyn-zenma")
    parser.add_argument("--difficulty", help="easy, normal or hard")
    parser.add_argument("--seed", type=seed_int, help="seed (random if not given)")
    parser.add_argument(
        "--gentle-start", action="store_true", help="Easy only: start with 15 SE instead of 13"
    )


def run(args: argparse.Namespace) -> int:
    from unbroken.textplay import TextGame

    ruleset = load()
    stdin, out = sys.stdin, sys.stdout
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
