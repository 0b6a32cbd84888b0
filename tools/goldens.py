"""Re-record the golden replays in replays/, deliberately (never automatically).

    python tools/goldens.py [--dir replays]

A loss per difficulty and character and a win per difficulty and class where
the greedy bot finds one, each a plain `.jsonl` so a change reads as a diff.
The test suite re-verifies every one byte for byte (tests/replay/).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from unbroken.core import rng
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.replay import is_recording
from unbroken.sim import greedy_bot, play, record_game

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "replays"
#: Seeds searched per difficulty and class for a won game.
GOLDEN_WIN_SEARCH = 200


def golden_seeds(start: int) -> Iterator[int]:
    i = 0
    while True:
        i += 1
        yield rng.draw(start, "golden", i) >> 1


def regenerate_goldens(ruleset: Ruleset, directory: Path = GOLDEN_DIR) -> list[Path]:
    """Re-record the golden replays: a loss per difficulty and character, a win where found."""
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.iterdir():
        if is_recording(old):
            old.unlink()
    written: list[Path] = []
    diffs = [d.id for d in ruleset.settings.difficulties]
    chars = sorted(ruleset.characters)

    def greedy_wins(character: str, difficulty: str, seed: int) -> bool:
        game = Game.new(ruleset, character, difficulty, seed)
        play(game, greedy_bot, check=False)
        assert game.outcome is not None
        return game.outcome.won

    def record(character: str, difficulty: str, seed: int) -> None:
        name = f"{difficulty}_{character.split(':', 1)[-1]}_seed{seed}"
        path = record_game(
            ruleset, character, difficulty, seed, "greedy", directory, name, compress=False
        )
        written.append(path)

    for d in diffs:
        for character in chars:
            for seed in golden_seeds(len(written) + 1):
                if not greedy_wins(character, d, seed):
                    break
            record(character, d, seed)
        for cls in sorted(ruleset.classes):
            members = [c for c in chars if ruleset.characters[c].cls == cls]
            seeds = golden_seeds(1000 + len(written))
            for k in range(GOLDEN_WIN_SEARCH):
                seed, character = next(seeds), members[k % len(members)]
                if greedy_wins(character, d, seed):
                    record(character, d, seed)
                    break
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/goldens.py", description=__doc__)
    parser.add_argument("--dir", type=Path, default=GOLDEN_DIR, help="where (default replays/)")
    args = parser.parse_args(argv)
    ruleset = load_ruleset()
    written = regenerate_goldens(ruleset, args.dir)
    won = sum(p.stem.endswith("_won") for p in written)
    print(f"{len(written)} golden replays in {args.dir} ({won} won, {len(written) - won} lost)")
    cells = {(d.id, cls) for d in ruleset.settings.difficulties for cls in ruleset.classes}
    for p in written:
        if p.stem.endswith("_won"):
            d, char = p.stem.split("_")[:2]
            cells.discard((d, ruleset.characters[f"base:{char}"].cls))
    if cells:
        print(
            f"no win found (greedy bot, {GOLDEN_WIN_SEARCH} seeds) for: "
            + ", ".join(f"{d}/{cls.split(':')[-1]}" for d, cls in sorted(cells))
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
