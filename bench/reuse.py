"""How much of a game's analysis the next race could take from the last one (not built).

    python bench/reuse.py [RECORDING ...] [--jobs N]

For every decision with a choice of each recording (default: the three golden games of
bench/analyze.py), races the options as `unbroken analyze` does and counts the rollouts
a race could take from the race before it: when nothing was seen between the two
decisions (no die, no card, no shuffle, no monster), the rollouts of the option taken
at the first are, future by future, the reference bot's from the second — the bot's
own option there — if the futures were keyed by what stays the same between them and
the bot numbered its decisions by the game's count (docs/advisor.md, "Speed").
Prints the share of the positions that follow with nothing new seen and the share of
the rollouts that could be reused: the most a cache between neighbours would save.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from unbroken.advisor.analysis import positions
from unbroken.advisor.pool import RolloutPool, weigh_all
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = (
    "hard_huckdorf_seed6463287655993783358_won.jsonl",
    "normal_kirilla-el-kaer_seed351874930206491601_won.jsonl",
    "easy_huckdorf_seed1160876784240538503_won.jsonl",
)
#: The events that show the player something the futures draw anew.
NEWS = (ev.DieRolled, ev.EncountersRevealed, ev.SkillsDrawn, ev.DeckShuffled, ev.MonsterRevealed)


def nothing_new(recording: Path) -> dict[int, bool]:
    """Return, for each decision with a choice, whether nothing was seen since the last."""
    rules = load_ruleset()
    rec = read_recording(recording)
    h = rec.header
    game = Game.new(rules, h.character, h.difficulty, h.seed, h.options)
    found: dict[int, bool] = {}
    news = True
    for d in rec.decisions:
        if len(game.legal_actions()) > 1:
            found[d.n], news = not news, False
        events = game.apply(d.action)
        news = news or any(isinstance(e, NEWS) for e in events)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recordings", nargs="*", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rules = load_ruleset()
    recordings = args.recordings or [ROOT / "replays" / name for name in DEFAULT]
    print(f"load average {os.getloadavg()[0]:.1f}")
    with RolloutPool(rules, args.jobs) as pool:
        for recording in recordings:
            found, _ = positions(read_recording(recording), rules)
            quiet = nothing_new(recording)
            weighed = weigh_all(pool, [(p.game, p.legal) for p in found], 100)
            total = sum(sum(w.games) + w.fresh_games for w in weighed)
            reusable = 0
            pairs = list(zip(found, weighed, strict=True))
            for (p0, w0), (p1, w1) in zip(pairs, pairs[1:], strict=False):
                if not quiet[p1.n]:
                    continue
                bot = p1.legal.index(heuristic_bot(p1.game, p1.game.state.decisions))
                reusable += min(w0.games[p0.taken], w1.games[bot])
                if p0.taken == w0.best and bot == w1.best:
                    reusable += min(w0.fresh_games, w1.fresh_games)
            follow = sum(quiet[p.n] for p in found)
            print(
                f"{recording.name[:44]:44} {len(found):3} positions, {follow:3} with nothing "
                f"new seen; {total:6} rollouts, {reusable:5} reusable "
                f"({100 * reusable / max(1, total):.0f} %)"
            )


if __name__ == "__main__":
    main()
