"""The hard-core campaign: a run of games where a won game's keepings carry on.

A run has one character and one difficulty. After a won game the player keeps
one weapon (the top of the stack), one skill (the last one gained: the rule
chooses it, not the player, so take last the skill you want to keep) and the
treasure left; the next game starts with them (the game's `carry` option), and
the end of the game says what carries over and why, however it was finished (here,
`unbroken play --continue` or the full-screen game's Continue: `end_lines`, through the
game's `unbroken_game_end_lines` hook). A lost game ends the run:
there is no resurrection. The run is kept in the
records folder as `gauntlet-campaign.json`, beside the records of its games.

`unbroken-campaign` shows the run, plays its next game (in the plain-text game, one
numbered question at a time: the full-screen game's keys `?`, `i`, `m` and its marking
of a costly option are not there; a line typed ahead is dropped after a step taken for the
player or cards just revealed) or starts a new run with `--new`; `--data-dir DIR`
keeps the run and its games in DIR, as `unbroken --data-dir` does. A game left
unfinished is continued by the next `unbroken-campaign` (or counted, if `unbroken play
--continue` finished it).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import textwrap
from pathlib import Path
from typing import Any

from unbroken.api import (
    GameOver,
    GameStarted,
    ReplayError,
    TextGame,
    Timeline,
    data_dir,
    last_choices,
    load_ruleset,
    resume,
)

FILE = "gauntlet-campaign.json"
#: What a run holds (a file without them is not a run).
KEYS = {"character", "difficulty", "games", "carry"}


def keep(events: list[Any], state: Any, starting_weapon: str) -> dict[str, Any] | None:
    """Return what a finished game carries into the next one, or None when it was lost."""
    over = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    if over is None or not over.won:
        return None
    carry: dict[str, Any] = {}
    if state.weapons and state.weapons[-1] != starting_weapon:
        carry["weapon"] = state.weapons[-1]
    if state.skills:
        carry["skills"] = [state.skills[-1]]
    if state.res.get("treasure", 0):
        carry["res"] = {"treasure": state.res["treasure"]}
    return carry


def carry_words(carry: dict[str, Any], state: Any, ruleset: Any) -> str:
    """Return what a won game carries into the next and why, as the campaign says it at
    the game's end: "Carried into the next game: the Longbow (the weapon on top of your
    stack), Daring (the last skill you took; Lucky stays behind), 7 treasure (all you
    had left)." (#28 round 22: the rule was said nowhere and never asked)."""
    kept: list[str] = []
    if carry.get("weapon"):
        kept.append(f"the {ruleset.card_name(carry['weapon'])} (the weapon on top of your stack)")
    for skill in carry.get("skills", []):
        behind = [ruleset.card_name(k) for k in state.skills if k != skill]
        stays = "stays" if len(behind) == 1 else "stay"
        left = f"; {', '.join(behind)} {stays} behind" if behind else ""
        kept.append(f"{ruleset.card_name(skill)} (the last skill you took{left})")
    treasure = carry.get("res", {}).get("treasure", 0)
    if treasure:
        kept.append(f"{treasure} treasure (all you had left)")
    if not kept:
        return "Nothing carries into the next game (no weapon, skill or treasure to keep)."
    return f"Carried into the next game: {', '.join(kept)}."


def its_game(run: dict[str, Any], events: list[Any], ruleset: Any) -> bool:
    """Return whether the game of `events` is the run's game being played (started by
    `unbroken-campaign`, perhaps finished elsewhere): its seed, character and difficulty."""
    started = next((e for e in events if isinstance(e, GameStarted)), None)
    if started is None or run.get("over") or not {"playing", "playing_seed"} & set(run):
        return False
    seed = run.get("playing_seed")
    if seed is None:  # a run kept before the seed was: the seed its recording starts with
        try:
            setup = Timeline(finished_as(Path(run["playing"])), ruleset).recording.setup
        except (ReplayError, OSError):
            return False
        seed = next((e.seed for e in setup if isinstance(e, GameStarted)), None)
    ours = (seed, run["character"], run["difficulty"])
    return ours == (started.seed, started.character, started.difficulty)


def end_lines(events: list[Any], state: Any, ruleset: Any) -> list[str]:
    """Return what the end of the run's game says of the campaign, however it was finished
    (`unbroken-campaign`, `unbroken play --continue`, the full-screen game's Continue): what
    carries into the next game and why, or that a death ended the run; none for another
    game (#28 round 23: finished through `play --continue`, nothing was said). It reads the
    run and writes nothing: the next `unbroken-campaign` counts the game."""
    try:
        run = load(path(create=False))
    except ValueError:
        return []
    over = any(isinstance(e, GameOver) for e in events)
    if run is None or not over or not its_game(run, events, ruleset):
        return []
    after = after_game(run, events, state, ruleset.settings.starting_weapon)
    if after.get("over"):
        return [
            "Campaign: this death ends the run (a lost game ends it; there is no way "
            "back). unbroken-campaign --new starts another."
        ]
    return [f"Campaign: {carry_words(after['carry'], state, ruleset)}"]


def say(out: Any, text: str, indent: int = 2) -> None:
    """Print `text` wrapped at 80 columns between words (a path stays whole), its next
    lines indented by `indent`, as the plain-text game prints (#28 round 22)."""
    lead = text[: len(text) - len(text.lstrip(" "))]
    rest = " " * (len(lead) + indent)
    print(
        textwrap.fill(
            text.lstrip(" "),
            80,
            initial_indent=lead,
            subsequent_indent=rest,
            break_long_words=False,
            break_on_hyphens=False,
        ),
        file=out,
    )


def new_run(character: str, difficulty: str) -> dict[str, Any]:
    """Return a new run: no games yet, nothing carried."""
    return {
        "character": character,
        "difficulty": difficulty,
        "games": [],
        "carry": {},
        "over": False,
    }


def after_game(
    run: dict[str, Any], events: list[Any], state: Any, starting_weapon: str
) -> dict[str, Any]:
    """Return the run after one of its games: its row added, the carry or the end."""
    over = next(e for e in reversed(events) if isinstance(e, GameOver))
    started = next(e for e in events if isinstance(e, GameStarted))
    carry = keep(events, state, starting_weapon)
    row = {"seed": started.seed, "won": over.won, "level": over.level, "score": over.score}
    return {
        **{k: v for k, v in run.items() if k not in ("playing", "playing_seed")},
        "games": [*run["games"], row],
        "carry": carry or {},
        "over": carry is None,
    }


def path(create: bool = True) -> Path:
    """Return the campaign file in the records folder (the user data dir)."""
    return data_dir(create=create) / FILE


def load(where: Path) -> dict[str, Any] | None:
    """Return the run kept at `where`, or None; ValueError naming the file when it is bad."""
    if not where.exists():
        return None
    try:
        run = json.loads(where.read_text(encoding="utf-8"))
        if not isinstance(run, dict) or not KEYS <= set(run):
            raise ValueError("not a campaign")
    except (OSError, ValueError) as exc:
        raise ValueError(
            f"{where}: cannot read the campaign ({exc}); delete it or start --new"
        ) from None
    return run


def save(where: Path, run: dict[str, Any]) -> None:
    """Write the run (whole, then renamed into place)."""
    tmp = where.with_suffix(".tmp")
    tmp.write_text(json.dumps(run, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(where)


def describe(run: dict[str, Any], ruleset: Any) -> list[str]:
    """Return the run as lines a player reads."""
    who = ruleset.card_name(run["character"])
    wins = sum(1 for g in run["games"] if g["won"])
    state = "ended by a death" if run.get("over") else "going on"
    lines = [f"Campaign: {who}, {ruleset.difficulty_name(run['difficulty'])}, {wins} won, {state}."]
    for n, g in enumerate(run["games"], 1):
        result = f"won, score {g['score']}" if g["won"] else f"died on level {g['level']}"
        lines.append(f"  game {n}: {result} (seed {g['seed']})")
    carry = run.get("carry") or {}
    if carry and not run.get("over"):
        kept = [ruleset.card_name(carry["weapon"])] if carry.get("weapon") else []
        kept += [ruleset.card_name(s) for s in carry.get("skills", [])]
        if carry.get("res", {}).get("treasure"):
            kept.append(f"{carry['res']['treasure']} treasure")
        lines.append(f"  next game starts with: {', '.join(kept)}")
    return lines


#: Under `--help`: what carries over (#28 round 22: nothing said it) and where the games
#: are played (#28 round 20).
EPILOG = (
    "After a won game the next one starts with three things kept: the weapon on top of "
    "your stack, the last skill you took (the rule chooses, you are not asked: take last "
    "the skill you want to keep) and the treasure left; the end of the game says them. A "
    "lost game ends the run. "
    "The campaign's games are played in the plain-text game: one numbered question at a "
    "time, `u` to take back, `%` for the odds; the full-screen game's keys (`?` help, `i` "
    "the inspector, `m` the monster's pages) and its marking of a costly option are not "
    "there, but a line typed ahead is dropped after a step taken for you or cards just "
    "revealed: type your answer once you see its question. The full-screen game's Records "
    "screen shows the run (press `p` there)."
)


def _folder(text: str) -> Path:
    """argparse type: a folder path, not empty (that would be the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path; name a folder (or leave the option out)")
    return Path(text)


def main(argv: list[str] | None = None, stdin: Any = None, out: Any = None) -> int:
    """`unbroken-campaign`: show the run, play its next game, or start one with --new."""
    stdin, out = stdin or sys.stdin, out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="unbroken-campaign", description=__doc__.split("\n")[0], epilog=EPILOG
    )
    parser.add_argument(
        "--data-dir",
        type=_folder,
        metavar="DIR",
        help="where the run, replays and records live (default: the user data dir; "
        "or set UNBROKEN_DATA_DIR), as for `unbroken --data-dir`",
    )
    parser.add_argument("--new", action="store_true", help="start a new run (ends the current one)")
    parser.add_argument(
        "--character", help="the run's character (with --new; default: your last game's)"
    )
    parser.add_argument(
        "--difficulty", help="the run's difficulty (with --new; default: your last game's)"
    )
    parser.add_argument("--status", action="store_true", help="show the run and play nothing")
    parser.add_argument("--seed", type=int, help="the next game's seed (random if not given)")
    args = parser.parse_args(argv)
    if args.data_dir is not None:  # as `unbroken --data-dir` (#28 round 20: it had none)
        os.environ["UNBROKEN_DATA_DIR"] = str(args.data_dir)
    ruleset = load_ruleset()
    where = path()
    try:
        run = load(where)
    except ValueError as exc:
        print(f"unbroken-campaign: {exc}", file=sys.stderr)
        return 2
    if args.new:
        # Unnamed, the character and difficulty the player last chose (the New game
        # screen keeps them), else the game's first sheet on Normal.
        last_character, last_difficulty = last_choices()
        args.character = args.character or last_character or "maxyn-zenma"
        args.difficulty = args.difficulty or last_difficulty or "normal"
        try:
            character = ruleset.character_id(args.character)
            difficulty = ruleset.difficulty_id(args.difficulty)
        except ValueError as exc:
            print(f"unbroken-campaign: {exc}", file=sys.stderr)
            return 2
        run = new_run(character, difficulty)
        save(where, run)
    if run is None:
        print("No campaign yet: start one with unbroken-campaign --new [--character C].", file=out)
        return 0
    if args.status:  # a game finished elsewhere is counted first (it may have ended the run)
        counted = finished_elsewhere(run, ruleset)
        if counted is not None:
            run = counted
            save(where, run)
    for line in describe(run, ruleset):
        say(out, line)
    if args.status:
        return 0
    if run.get("over"):
        print("This run is over; unbroken-campaign --new starts another.", file=out)
        return 0
    game: TextGame | dict[str, Any] | None = _unfinished(run, ruleset, out)
    if isinstance(game, dict):  # it was finished elsewhere (`unbroken play --continue`)
        run = game
        save(where, run)
        for line in describe(run, ruleset):
            say(out, line)
        if run.get("over"):
            return 0
        game = None
    if game is None:
        seed = args.seed if args.seed is not None else secrets.randbits(63)
        options = {"carry": run["carry"]} if run["carry"] else {}
        game = TextGame(ruleset, run["character"], run["difficulty"], seed, options)
        run = {**run, "playing_seed": seed}  # its end says what carries over (end_lines)
        if game.recorder is not None:  # the game to continue if it is left unfinished
            run = {**run, "playing": str(game.recorder.path)}
        save(where, run)
    recording = game.recorder.path if game.recorder is not None else None
    code = game.loop(stdin, out)  # leaving closes (and forgets) the recorder
    played = game.game
    if played.is_over:
        run = after_game(run, played.events, played.state, ruleset.settings.starting_weapon)
        save(where, run)  # what carries over was said at the game's end (end_lines)...
        if "gauntlet" not in ruleset.plugins and not run.get("over"):  # ...with Gauntlet on
            say(out, f"Campaign: {carry_words(run['carry'], played.state, ruleset)}")
        for line in describe(run, ruleset):
            say(out, line)
    else:  # left unfinished: where its recording is now (none: nothing to continue)
        run = {k: v for k, v in run.items() if k not in ("playing", "playing_seed")}
        if recording is not None and recording.exists():
            run["playing"] = str(recording)
            run["playing_seed"] = played.state.seed
        save(where, run)
    return code


def finished_as(where: Path) -> Path:
    """Return where a recording is now: a finished game's file is renamed `<name>_won`
    or `<name>_lost` (the same folder and suffix); `where` itself if it is still there."""
    if where.exists():
        return where
    suffix = ".jsonl.gz" if where.name.endswith(".jsonl.gz") else ".jsonl"
    base = where.name.removesuffix(suffix)
    found = sorted(where.parent.glob(f"{base}_*{suffix}"))
    return found[0] if found else where


def finished_elsewhere(run: dict[str, Any], ruleset: Any) -> dict[str, Any] | None:
    """Return the run after its game in play, when that game was finished elsewhere
    (`unbroken play --continue`, the full-screen game's Continue), read from its recording
    without opening it for play; None when there is none, or it is unfinished or unreadable.
    (`--status` said "going on" for a run a death had ended that way.)"""
    playing = run.get("playing")
    if not playing:
        return None
    try:
        timeline = Timeline(finished_as(Path(playing)), ruleset)
        rec = timeline.recording
        events = [*rec.setup, *(e for d in rec.decisions for e in d.events)]
        state = timeline.state_at(len(timeline) - 1)
    except (ReplayError, OSError):
        return None
    if state.outcome is None:
        return None
    rest = {k: v for k, v in run.items() if k != "playing"}
    return after_game(rest, events, state, ruleset.settings.starting_weapon)


def _unfinished(run: dict[str, Any], ruleset: Any, out: Any) -> TextGame | dict[str, Any] | None:
    """Return the run's game left unfinished as a TextGame to play on, or None.

    A recording that was finished elsewhere (`unbroken play --continue`) is
    counted instead: the run after it is returned. A recording that is gone or
    cannot be read is dropped with a line saying so (a new game starts).
    """
    playing = run.get("playing")
    if not playing:
        return None
    where = finished_as(Path(playing))
    try:
        game, recorder = resume(where, ruleset)
    except (ReplayError, OSError) as exc:
        counted = finished_elsewhere(run, ruleset)
        if counted is None:
            why = f"The run's unfinished game cannot be continued ({exc})"
            say(out, f"{why}; a new one starts.")
        return counted
    if game.is_over:  # its last decision was recorded, but it was not closed
        recorder.close()
        rest = {k: v for k, v in run.items() if k != "playing"}
        return after_game(rest, game.events, game.state, ruleset.settings.starting_weapon)
    print(f"Continuing the run's game {where.name} after decision {recorder.decisions}.", file=out)
    return TextGame.resumed(ruleset, game, recorder)
