"""The long fuzz run of issue #17: mutated recordings and content packs, counted.

    python bench/fuzz.py [--recordings 10000] [--packs 2000] [--seed 17] [--keep DIR]

Mutates the golden recordings and the base content pack (seeded: the same
seed tries the same files) and reads each as the game does: `verify`, the
listing, every tenth through the viewer's model and `resume`, and every 200
as one batch; each pack through `unbroken content check`, every fourth also
loaded as a plugin. Prints, for each, files tried, reported, accepted,
tracebacks, hangs (over 20 s a file), wrongly accepted (a recording whose game
changed but which verified) and the wall time, then the first few failures.
Exit status 1 when there is any traceback, hang or wrong acceptance.
`tests/test_fuzz.py` runs the same fuzzer on a few dozen files in the suite.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

from unbroken.fuzz import runs as fuzzing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--recordings", type=int, default=10_000)
    parser.add_argument("--packs", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--keep", type=Path, help="work in DIR and keep the mutated recordings")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        fuzzing.isolated(work / "user")
        from unbroken.plugins import load_ruleset

        ruleset = load_ruleset()
        bad = 0
        if args.recordings:
            tally = fuzzing.fuzz_recordings(
                args.recordings, args.seed, ruleset, work / "recordings", keep=bool(args.keep)
            )
            print(tally.line("recordings"), flush=True)
            bad += report(tally)
        if args.packs:
            tally = fuzzing.fuzz_packs(args.packs, args.seed, work / "packs")
            print(tally.line("content packs"), flush=True)
            bad += report(tally)
    return 1 if bad else 0


def report(tally: fuzzing.Tally) -> int:
    """Print each kind of failure once (the first file it was seen in, and how often);
    return how many failures there are."""
    for kind, found in (
        ("traceback", tally.tracebacks),
        ("hang", tally.hangs),
        ("wrongly accepted", tally.wrongly_accepted),
    ):
        first: dict[str, str] = {}
        counts: Counter[str] = Counter()
        for item in found:
            last = item.strip().splitlines()[-1]  # the exception's line
            first.setdefault(last, item)
            counts[last] += 1
        for last, item in first.items():
            print(f"  {kind} ({counts[last]}x): {item}")
    return len(tally.tracebacks) + len(tally.hangs) + len(tally.wrongly_accepted)


if __name__ == "__main__":
    sys.exit(main())
