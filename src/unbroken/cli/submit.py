"""`unbroken submit [RECORDING]`: send a finished game to a leaderboard server.

The board re-plays the recording with its engine and ranks it, or refuses
it saying why; the answer is printed in words. The first use of a board
makes the player's secret key for it (config dir, `board.toml`: one key per
board, never sent to another); `--server` is remembered.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from unbroken.cli.command import CommandError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "recording",
        nargs="?",
        help="a finished recording (path or name as `unbroken replays` lists it); "
        "default: today's daily challenge, else the newest game",
    )
    parser.add_argument(
        "--server", metavar="URL", help="the board, e.g. http://127.0.0.1:8000 (remembered)"
    )
    parser.add_argument("--name", help="your player name on boards (asked at first use; set once)")
    parser.add_argument(
        "--old-key",
        action="store_true",
        help="use the one key of before keys per board for this board (only for a board "
        "your name was taken on with it)",
    )


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.player import (
        PlayerError,
        board_address,
        check_name,
        load_player,
        new_player,
        save_player,
    )

    try:
        player = load_player()
        if args.name is not None:
            check_name(args.name)
        if player is None:
            name = args.name or _ask_name()
            player = new_player(name)
            print(f"Your player name is {name!r} (kept in the config dir, with a key per board).")
        elif args.name is not None and args.name != player.name:
            raise CommandError(
                f"you are {player.name!r} on boards already (the name goes with your key "
                "in board.toml in the config dir)"
            )
        server = args.server or os.environ.get("UNBROKEN_BOARD") or player.server
        if not server:
            raise CommandError("no board server set: give --server URL (it is remembered)")
        if not server.startswith(("http://", "https://")):
            raise CommandError(f"--server {server!r}: a board is an http:// or https:// address")
        if args.old_key:
            if not player.old_key:
                raise CommandError("--old-key: board.toml holds no key from before keys per board")
            player.keys[board_address(server)] = player.old_key
        elif not player.has_key(server):
            player.key_for(server)
            print(f"Made your key for {server.rstrip('/')} (this board only).")
        save_player(player)  # the key, kept before it is sent anywhere
    except PlayerError as exc:
        raise CommandError(str(exc)) from None
    path = _recording(args.recording)
    _check_not_practice(path)
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.client import BoardError
    from unbroken.board.offer import send

    try:
        status = send(path, player, sys.stdout, server)
    except BoardError as exc:
        raise CommandError(str(exc)) from None
    if args.server and args.server != player.server:  # remembered once a board answered there
        player.server = args.server
        try:
            save_player(player)
        except PlayerError as exc:
            raise CommandError(str(exc)) from None
    return status


def _ask_name() -> str:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.player import check_name

    if not sys.stdin.isatty():
        raise CommandError("first use: give your player name with --name NAME")
    name = input("Your player name on boards (1-32 letters, digits, _ - .): ").strip()
    return check_name(name)


def _recording(name: str | None) -> Path:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.play.daily_game import today
    from unbroken.replay import ReplayError, find_recording, newest_recording

    try:
        if name is not None:
            return find_recording(name)
        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.board.offer import counted_recording

        daily = counted_recording(today().isoformat())
        return daily if daily is not None else newest_recording()
    except ReplayError as exc:
        raise CommandError(str(exc)) from None


def _check_not_practice(path: Path) -> None:
    """Raise CommandError when `path` is an unfinished daily, or one the records mark as
    practice (not the day's first finished attempt, which is the one that counts)."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.offer import counted_recording
    from unbroken.replay import ReplayError, read_recording

    try:
        recording = read_recording(path)
    except (ReplayError, OSError):
        return  # the board says what is wrong with it
    daily = recording.header.daily
    if not isinstance(daily, str):
        return
    if recording.footer is None:
        raise CommandError(
            f"{path.name} is unfinished: only a finished game can be sent "
            "(`unbroken play --continue` picks it up)"
        )
    counted = counted_recording(daily)
    if counted is not None and counted.name != path.name:
        raise CommandError(
            f"{path.name} is a practice attempt: the daily of {daily} that counts is your "
            f"first finished one, {counted.name}"
        )
