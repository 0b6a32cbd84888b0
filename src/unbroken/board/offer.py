"""After a daily game: offer to send its counted attempt to the board, and say the answer.

The offer is made once per recording (the ones sent or declined are listed
in `board-offered.txt` in the data dir), only when a board server is set
(`unbroken submit --server URL` sets it) and only on a terminal.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from unbroken.board.player import Player

#: The recordings already offered, one name a line, in the data dir.
OFFERED = "board-offered.txt"


def counted_recording(day: str) -> Path | None:
    """Return the recording of `day`'s counted daily (its first finished attempt), or None."""
    # lazy: only when there is a daily to offer
    from unbroken.records import RecordsError
    from unbroken.records.dailies import counted_daily
    from unbroken.records.opening import open_existing_records

    try:
        records = open_existing_records()
        if records is None:
            return None
        with records:
            return counted_daily(records, day)
    except RecordsError:
        return None


def pending_daily(day: str) -> Path | None:
    """Return the recording of `day`'s counted daily when it has not been offered yet."""
    # lazy: only when there is a daily to offer
    from unbroken.home.paths import data_dir

    path = counted_recording(day)
    try:
        offered = data_dir() / OFFERED
        seen = offered.read_text(encoding="utf-8").splitlines() if offered.exists() else []
    except OSError:
        return None
    return path if path is not None and path.name not in seen else None


def mark_offered(path: Path) -> None:
    """Note that the recording at `path` was offered (sent or declined)."""
    # lazy: only when there is a daily to offer
    from unbroken.home.paths import data_dir

    try:
        with (data_dir() / OFFERED).open("a", encoding="utf-8") as file:
            file.write(path.name + "\n")
    except OSError:
        pass  # offered again next time: no harm


def offer_daily(day: str, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    """Ask whether to send `day`'s counted daily to the board set, and send it if so."""
    # lazy: only when there is a daily to offer
    from unbroken.board.player import PlayerError, load_player

    try:
        player = load_player()
    except PlayerError:
        return
    if player is None or not player.server or not stdin.isatty():
        return
    path = pending_daily(day)
    if path is None:
        return
    print(
        f"Send your daily challenge of {day} to {player.server} as {player.name}? [Y/n] ",
        end="",
        file=out,
        flush=True,
    )
    answer = stdin.readline().strip().lower()
    mark_offered(path)
    if answer not in ("", "y", "yes"):
        print("Not sent; `unbroken submit` sends it later.", file=out)
        return
    # lazy: only when there is a daily to offer
    from unbroken.board.client import BoardError

    try:
        send(path, player, out)
    except BoardError as exc:
        print(f"Not sent: {exc}. `unbroken submit` tries again.", file=out)


def send(path: Path, player: Player, out: TextIO, server: str | None = None) -> int:
    """Send the recording at `path` as `player` and print the answer in words; return the
    exit status (1: refused). Raises BoardError when the file or the board cannot be read."""
    # lazy: only when there is a daily to offer
    from unbroken.board.client import BoardError, submit
    from unbroken.board.player import PlayerError, save_player
    from unbroken.replay import bounds

    try:
        data = bounds.read_regular_file(path)
    except bounds.Breach as exc:
        raise BoardError(f"{path}: {exc.message}") from None
    board = server or player.server
    if not player.has_key(board):  # a key per board: made, and kept, before it is sent
        player.key_for(board)
        try:
            save_player(player)
        except PlayerError as exc:
            raise BoardError(str(exc)) from None
    answer = submit(board, player, data)
    if answer.accepted:
        print(f"{path.name}: {answer.message}.", file=out)
        print(f"See it at {answer.url}", file=out)
        if answer.share:
            print(f"Share: {answer.share}", file=out)
        return 0
    print(f"{path.name}: refused by the board: {answer.message}", file=out)
    if answer.status == 403 and player.old_key and player.key_for(board) != player.old_key:
        print(
            "If your name was taken on this board with your key from before keys per board, "
            f"`unbroken submit --server {board} --old-key` uses that key there.",
            file=out,
        )
    return 1
