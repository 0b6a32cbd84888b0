"""TUI speed: cold start to first frame against a bare Textual app, and key-to-frame.

    python bench/tui.py [--runs N] [--games N]
    python bench/tui.py --src OLD/src --src src [--games N] [--rounds N] [--calls]

Cold start: each app runs in a fresh interpreter, headless, and reports the
moment its first frame is drawn; the time from starting the process to that
report is measured (median of N runs, the two apps alternating, so machine
noise hits both). Unbroken is started as the `unbroken` command is (its
parser and settings included); it loads its rules right after the first frame.
Key to frame: whole games (seeds 12, 13, ...) played through Pilot, each time
with the key of the first option that can be taken (pressing "1" when it could
not be taken did nothing, 2,000 times); each decision key is timed from the
game screen's handling of it to the end of the next frame the screen draws (its
compositor refresh), leaving out Pilot's own waiting (median, p90), in wall
clock and in the main thread's CPU time over the same span: on a shared machine
the wall clock's tail is mostly other processes, the CPU time what a key costs.
With `--src` (twice or more) only key to frame runs, for each checkout's src in
a fresh interpreter, alternating for `--rounds`, so the two compare in one run;
with `--calls`, the functions called from each key to its frame are counted
instead (one round): the work a key costs, which machine noise does not move.
The app's own figure (`frame_latencies`: to the first `call_after_refresh`
callback) is printed too: Textual runs that callback at the screen's next idle
moment, which came before the frame while the options' keys were handled in the
screen's `on_key`, and after a second frame once they are bindings, handled by
the app.
Help opening: `?` in a game, from the app's handling of the key to the help
screen's first frame, as key to frame (ten times; the first includes importing
Rich's Markdown and drawing the section, which later openings find drawn).
Pilot's own waiting is left out: it adds about 100 ms to any screen, however
small.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# Each app prints a line the moment its first frame has been drawn (the first
# callback after the first refresh), and exits.
BARE = """
import sys
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.first_frame)
    def first_frame(self):
        sys.__stdout__.write("frame\\n"); sys.__stdout__.flush(); self.exit()
Bare().run(headless=True)
"""

# The `unbroken` command as a player starts it (`main([])`: the parser, the
# settings, the app), headless; the terminal checks told it is one.
OURS = """
import sys
class Tty:
    def __init__(self, stream):
        self.stream = stream
    def isatty(self):
        return True
    def __getattr__(self, name):
        return getattr(self.stream, name)
sys.stdin, sys.stdout = Tty(sys.stdin), Tty(sys.stdout)
import unbroken.tui.app
class First(unbroken.tui.app.UnbrokenApp):
    def on_mount(self):
        self.call_after_refresh(self.first_frame)
        super().on_mount()
    def first_frame(self):
        sys.__stdout__.write("frame\\n"); sys.__stdout__.flush()
        import os; os._exit(0)
    def run(self, **kwargs):
        return super().run(headless=True)
unbroken.tui.app.UnbrokenApp = First
from unbroken.cli.command import main
main(["tui", "--no-animation"])
"""


def cold(code: str) -> float:
    """Return seconds from starting a fresh interpreter to its first frame."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    took = time.perf_counter() - start
    proc.wait()
    if line.strip() != b"frame":
        raise RuntimeError("the app ended before drawing its first frame")
    return took


async def key_to_frame(
    seeds: Sequence[int] = (12,), calls: bool = False
) -> tuple[list[float], list[float], list[float]]:
    """Return, for each decision key of one game per seed, the seconds from the game
    screen's handling of it to the end of the next frame drawn, wall clock and the main
    thread's CPU time over the same span; and the app's own figures (to the first
    callback after a refresh: see the module's docstring). With `calls`, the CPU
    figures are instead the functions called over the span (Python and built-in, in
    the main thread: the work a key costs, counted, not timed; the timing figures are
    then slowed by the counting)."""
    from textual.screen import Screen

    from unbroken.plugins import load_ruleset
    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.game import GameScreen
    from unbroken.tui.gameover import GameOverScreen
    from unbroken.tui.widgets import OPTION_KEYS

    # When each decision's key was handled (wall, CPU), until its frame.
    handled: list[tuple[float, float]] = []
    drawn: list[float] = []
    cpu: list[float] = []
    callbacks: list[float] = []
    take, draw = GameScreen.take, Screen._compositor_refresh
    counted = [0]

    def count(frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            counted[0] += 1

    def timed_take(
        self: GameScreen, index: int, enter: bool = False, pressed: float | None = None
    ) -> None:
        start, before = (time.perf_counter(), time.thread_time()), len(self.game.events)
        if calls:
            counted[0] = 0
            sys.setprofile(count)
        if pressed is not None:  # when its key was read: this tree's (an older one's: none)
            take(self, index, enter, pressed)
        else:
            take(self, index, enter) if enter else take(self, index)  # an older tree's: no enter
        if len(self.game.events) != before:  # a decision taken (not a refused key)
            handled[:] = [start]
        elif calls:
            sys.setprofile(None)

    def timed_draw(self: Screen[Any]) -> None:
        draw(self)
        if handled:
            wall, thread = handled.pop()
            drawn.append(time.perf_counter() - wall)
            cpu.append(counted[0] if calls else time.thread_time() - thread)
            sys.setprofile(None)

    GameScreen.take = timed_take  # type: ignore[method-assign]
    Screen._compositor_refresh = timed_draw  # type: ignore[method-assign]
    rules = load_ruleset()
    try:
        for seed in seeds:
            app = UnbrokenApp(rules, animate=False, seed=seed)
            await _play_through(app, GameOverScreen, OPTION_KEYS)
            callbacks.extend(app.frame_latencies)
    finally:
        GameScreen.take, Screen._compositor_refresh = take, draw  # type: ignore[method-assign]
    return drawn, cpu, callbacks


async def _play_through(app: Any, game_over: type, keys: Sequence[str]) -> None:
    """Play `app`'s game to its end at 80x24, always the first option that can be taken."""
    presses = 0
    async with app.run_test(size=(80, 24)) as pilot:
        # New game, then Enter on a character starts (on a checkout before that, Enter
        # went on to the difficulties: a third Enter starts).
        for _ in range(3):
            if hasattr(app.screen, "decision_panel"):
                break
            await pilot.press("enter")
        while not isinstance(app.screen, game_over) and presses < 2000:
            # After a decision taken for the player the options' keys wait a beat.
            panel = getattr(app.screen, "decision_panel", None)
            if panel is not None and panel.taken_for_you:
                await pilot.pause(0.05)
                continue
            # The first option that can be taken (one not takeable does nothing; after
            # the beat its key first only marks it, and the next press takes it: only
            # a press that takes a decision is timed).
            offered = getattr(app.screen, "offered", [])
            first = next((i for i, (_, why) in enumerate(offered) if not why), 0)
            await pilot.press(keys[first])
            await pilot.pause()
            presses += 1


def spread(times: list[float]) -> str:
    """Median and p90 of `times` (seconds), in milliseconds."""
    times = sorted(times)
    p90 = times[int(len(times) * 0.9)]
    return f"median {statistics.median(times) * 1000:5.1f} ms, p90 {p90 * 1000:5.1f} ms"


# One checkout's key-to-frame, in a fresh interpreter with its src first on the path.
KEYS_ONLY = """
import asyncio, json, sys
sys.path.insert(0, {bench!r})
import tui
print(json.dumps(asyncio.run(tui.key_to_frame({seeds!r}, {calls!r}))[:2]))
"""


def compare(sources: list[Path], seeds: list[int], rounds: int, calls: bool = False) -> None:
    """Key to frame of each checkout's src, alternating in one run (`--src`); with
    `calls`, the functions called from each key to its frame, counted."""
    figures: dict[Path, tuple[list[float], list[float]]] = {s: ([], []) for s in sources}
    code = KEYS_ONLY.format(bench=str(Path(__file__).parent), seeds=seeds, calls=calls)
    for _ in range(rounds):
        for src in sources:
            with tempfile.TemporaryDirectory() as home:
                env = {**os.environ, "PYTHONPATH": str(src), "UNBROKEN_PLUGINS": "base"}
                env |= {f"UNBROKEN_{k}_DIR": f"{home}/{k}" for k in ("DATA", "CONFIG", "CACHE")}
                out = subprocess.run(
                    [sys.executable, "-c", code], env=env, capture_output=True, text=True
                )
            if out.returncode:
                sys.exit(f"bench/tui.py: {src}: {out.stderr.strip().splitlines()[-1]}")
            wall, cpu = json.loads(out.stdout.splitlines()[-1])
            figures[src][0].extend(wall)
            figures[src][1].extend(cpu)
    if calls:
        print(f"functions called from a key press to its frame, {len(seeds)} games:")
        for src, (_, counts) in figures.items():
            counts = sorted(counts)
            p90 = counts[int(len(counts) * 0.9)]
            print(
                f"  {str(src)[-30:]:>30} ({len(counts)} keys): total {sum(counts):,.0f}, "
                f"median {statistics.median(counts):,.0f}, p90 {p90:,.0f}"
            )
        return
    print(f"key press to drawn frame, {len(seeds)} games x {rounds} rounds, alternating:")
    for src, (wall, cpu) in figures.items():
        print(f"  {str(src)[-30:]:>30} ({len(wall)} keys): wall {spread(wall)}")
        print(f"  {'':>30} {'':>{len(str(len(wall))) + 7}}  CPU  {spread(cpu)}")


async def help_opening(times: int = 10) -> list[float]:
    """Return the seconds from `?` handled in a game to the help screen's first frame,
    `times` times (as key_to_frame: from the app's handling, not Pilot's waiting)."""
    from unbroken.plugins import load_ruleset
    from unbroken.testing import Scenario
    from unbroken.tui import game as game_module
    from unbroken.tui import help as help_module
    from unbroken.tui.app import UnbrokenApp

    took: list[float] = []
    pressed = [0.0]

    class Timed(help_module.HelpScreen):
        def on_mount(self) -> None:
            super().on_mount()
            self.call_after_refresh(lambda: took.append(time.perf_counter() - pressed[0]))

    class TimedGame(game_module.GameScreen):
        def action_help(self, at: str = "keys") -> None:
            pressed[0] = time.perf_counter()
            super().action_help(at)

    # The app opens both screens by these names, imported when it opens them.
    # (mypy: assigning to a class name; these are the timed subclasses, in their place.)
    help_module.HelpScreen = Timed  # type: ignore[misc]
    game_module.GameScreen = TimedGame  # type: ignore[misc]
    rules = load_ruleset()
    app = UnbrokenApp(rules, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for opened in range(1, times + 1):
            await pilot.press("question_mark")
            while len(took) < opened:
                await pilot.pause(0.01)
            assert isinstance(app.screen, Timed)
            await pilot.press("escape")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=3, help="games for key to frame")
    parser.add_argument("--src", action="append", type=Path, help="compare checkouts")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --src")
    parser.add_argument(
        "--calls", action="store_true", help="with --src: count the calls, not time them"
    )
    args = parser.parse_args()
    seeds = list(range(12, 12 + args.games))
    if args.src:
        compare(args.src, seeds, 1 if args.calls else args.rounds, args.calls)
        return
    cold(BARE), cold(OURS)  # warm the file cache
    bare, ours = [], []
    for _ in range(args.runs):
        bare.append(cold(BARE))
        ours.append(cold(OURS))
    b, o = statistics.median(bare), statistics.median(ours)
    print(f"cold start to first frame (median of {args.runs}):")
    print(f"  bare Textual app {b * 1000:7.0f} ms")
    print(f"  unbroken         {o * 1000:7.0f} ms   ratio {o / b:.2f}x (target <= 1.3x)")
    drawn, cpu, callbacks = asyncio.run(key_to_frame(seeds))
    print(f"key press to updated frame over {len(seeds)} games ({len(drawn)} presses):")
    print(f"  drawn, wall clock       {spread(drawn)} (target <= 50)")
    print(f"  drawn, main thread CPU  {spread(cpu)}")
    print(f"  first callback after it {spread(callbacks)}")
    opening = asyncio.run(help_opening())
    later = sorted(opening[1:])
    p90 = later[int(len(later) * 0.9)]
    print(
        f"help opening from a game (? to drawn, {len(opening)} times): first "
        f"{opening[0] * 1000:.0f} ms (imports, drawing), then median "
        f"{statistics.median(later) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms "
        "(target < 100)"
    )


if __name__ == "__main__":
    main()
