"""Fuzz the board with malformed uploads: no answer may be a server error (5xx).

    python bench/board_fuzz.py [--count 1000] [--seed 1] [--database PATH_OR_URL]

Serves a board (uvicorn in this process, rate limits off; SQLite in a
temporary folder unless --database names one) and sends `count` uploads from
`unbroken.board.fuzz`: real recordings mutated (bytes flipped, lines dropped,
JSON changed, deep nesting, gzip bombs...) and requests with bad names, keys
or bodies. Prints the statuses and problem types; exits 1 on any 5xx or a
refusal without a reason. tests/board/test_fuzz_uploads.py is a small run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn

from unbroken.board.app import BoardConfig, make_app
from unbroken.board.fuzz import fuzz_board
from unbroken.board.testing import free_port, played_dailies, played_game, wait_for_port
from unbroken.play.daily_game import base_plugins, today


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database")
    args = parser.parse_args()
    rules = base_plugins().ruleset
    valid = played_dailies(rules, today().isoformat(), 5)
    valid += [played_game(rules, "base:helena", "easy", n, n) for n in range(5)]
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or str(Path(folder) / "board.db")
        port = free_port()
        config = BoardConfig(database, per_player_minute=0, per_address_minute=0)
        server = uvicorn.Server(
            uvicorn.Config(make_app(config), host="127.0.0.1", port=port, log_level="error")
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        wait_for_port(port)
        start = time.perf_counter()
        tally = fuzz_board(f"http://127.0.0.1:{port}", valid, args.count, args.seed)
        wall = time.perf_counter() - start
        server.should_exit = True
        thread.join(10)
    print(f"{args.count} malformed uploads in {wall:.1f} s")
    print(f"statuses: {dict(sorted(tally.statuses.items()))}")
    print(f"problem types: {dict(tally.problems.most_common())}")
    print(f"server errors (5xx): {len(tally.server_errors)} {tally.server_errors[:5]}")
    print(f"refusals without a reason: {len(tally.unexplained)} {tally.unexplained[:5]}")
    return 1 if tally.server_errors or tally.unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
