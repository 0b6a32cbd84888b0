"""Count the questions R-DIGI-4 saves: heuristic-bot games played through a game session.

    python tools/pointless.py [--games N] [--seed S]

Each game is played by the reference (heuristic) bot through `GameSession`, as a
person's game is: decisions the session takes for the player are taken, the rest the
bot answers. Printed: the decisions a player would be asked with only `auto_take`
(single answers), and how many of those `auto_pass` (on by default) answers for them,
by why, with the time `Game.pointless()` takes per decision.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.game import Game
from unbroken.play.session import GameSession
from unbroken.plugins import current_plugins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plugins = current_plugins()
    rules = plugins.ruleset
    characters = sorted(rules.characters)
    difficulties = [d.id for d in rules.settings.difficulties]
    asked = 0
    passed: Counter[str] = Counter()
    queries = 0
    spent = 0.0
    for i in range(args.games):
        game = Game.new(
            rules,
            characters[i % len(characters)],
            difficulties[i % len(difficulties)],
            args.seed * 1_000_003 + i,
        )
        session = GameSession.played(game, plugins, keep=False, auto_take=True, auto_pass=True)
        n = 0
        while not session.game.is_over:
            legal = session.game.legal_actions()
            if len(legal) == 1:
                session.apply(legal[0], auto=True)
                continue
            asked += 1
            start = time.perf_counter()
            found = session.game.pointless()
            spent += time.perf_counter() - start
            queries += 1
            if found is not None:
                passed[found[1]] += 1
                session.apply(found[0], auto=True)
                continue
            session.apply(heuristic_bot(session.game, n))
            n += 1
    total = sum(passed.values())
    print(f"{args.games} heuristic games (seed {args.seed}), every character and difficulty")
    print(f"questions with more than one answer: {asked} ({asked / args.games:.1f} a game)")
    print(f"passed for the player (auto_pass): {total} ({total / args.games:.2f} a game, ", end="")
    print(f"{100 * total / max(asked, 1):.1f} % of the questions)")
    for why, count in passed.most_common():
        print(f"  {count:6d}  {why}")
    print(f"Game.pointless(): {1e6 * spent / max(queries, 1):.1f} µs a decision on average")


if __name__ == "__main__":
    main()
