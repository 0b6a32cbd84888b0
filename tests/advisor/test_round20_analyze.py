"""#28 round 20: `unbroken analyze` on the playtesters' recordings.

Huckdorf, Hard (seed 3145851930969495089): at decision 11 the game said "Taken for you:
Pass (use nothing more) — it would do nothing here" (Snare against the armorless
Gibberling), and analyze listed that Pass as the costliest decision of the game ("Snare
instead: +19 points"). The engine proves Pass never worse there (R-DIGI-4); the race's
figures differed only by how the reference bot played on after paying 2 SE for nothing.
"""

from __future__ import annotations

from pathlib import Path

from unbroken.advisor.analysis import positions
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

PLAYERS_GAME = Path(__file__).parent / "data" / "round20_huckdorf_hard_won.jsonl.gz"


def _taken_for_the_player(rec_path: Path) -> list[int]:
    """Return the decisions of a recording answered as the game takes them for the player
    (the pointless answer, or the obvious one), where there was more than one answer."""
    rules = load_ruleset()
    rec = read_recording(rec_path)
    h = rec.header
    game = Game.new(rules, h.character, h.difficulty, h.seed, h.options)
    found = []
    for d in rec.decisions:
        proved = game.pointless() or game.obvious()
        if len(game.legal_actions()) > 1 and proved is not None and proved[0] == d.action:
            found.append(d.n)
        game.apply(d.action)
    return found


def test_a_decision_the_game_takes_for_the_player_is_not_weighed() -> None:
    taken_for_you = _taken_for_the_player(PLAYERS_GAME)
    assert 11 in taken_for_you  # the Snare window against the Gibberling
    found, _ = positions(read_recording(PLAYERS_GAME), load_ruleset())
    weighed = {p.n for p in found}
    assert weighed, "the game's other decisions are still weighed"
    assert not weighed & set(taken_for_you), sorted(weighed & set(taken_for_you))


PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}
WON_GAME = Path(__file__).parent / "data" / "round20_hesk-marrow_expert_won.jsonl.gz"


def test_a_treasure_taken_for_its_points_says_what_it_scores() -> None:
    """Hesk Marrow, Expert, both expansions, won with 85 points: "Resolve Gem Vein" (1 metal
    for 2 treasure, 20 of those points) was the game's only costly decision, "Rest instead:
    +24 points". Checked with the bot that takes the kill (round 19): still Rest, 8 futures
    won to 0 of 32 (Rest's 4 SE against a metal, on Expert). The chance counts winning only;
    the verdict now says what the option taken scores more if the game is won."""
    from unbroken.advisor.analysis import _choice
    from unbroken.advisor.estimator import Weighing
    from unbroken.testing import expansions_from_source

    with expansions_from_source(PLUGINS, EXPANSIONS) as rules:
        found, _ = positions(read_recording(WON_GAME), rules)
        gem = next(p for p in found if p.n == 33)
        resolve, rest = gem.legal
        assert gem.taken == 0
        query = gem.game.query()
        # 2 treasure (10 each) for 1 metal (3): 17 more, as a won game's score counts them.
        assert query.score_after(resolve) - query.score_after(rest) == 17
        everything = (1 << 32) - 1
        rest_best = Weighing(wins=(0, everything), games=(32, 32), best=1, fresh=0, fresh_games=0)
        choice = _choice(gem, rest_best)
    assert choice.costly and choice.score_ahead == 17
    assert "Resolve Gem Vein scores 17 more if you win" in choice.verdict()
    assert choice.verdict().startswith("Rest instead: +")


def test_the_command_and_the_viewer_say_one_time_left_and_on_what_it_rests() -> None:
    """Round 20: the viewer said "about 4 min 30 s left", then `unbroken analyze` of a like
    game took 9-10 minutes on a loaded machine, and the command said no time at all. Both now
    say the one estimate, and that it is the pace so far (measured, a base game of 119
    decisions with a choice at load 5 on 2 cores: 129 s; the estimate after 16 s said 171,
    after 42 s 122, after 95 s 140), the command's within 80 columns."""
    import io

    from unbroken.cli.analyze import Progress
    from unbroken.tui.analysis import progress_note
    from unbroken.words.vocabulary import time_left

    command = Progress(io.StringIO(), 126)
    for done, seconds in [(3, 2.0), (10, 20.0), (100, 50.0), (118, 800.0)]:
        left = time_left(done, 119, seconds)
        assert left.endswith("left at this pace"), left
        line = command.line(done, 119, seconds)
        assert line.endswith(left) and len(line) < 80, line
        # The viewer's note keeps the duration whole (round 21: non-breaking spaces).
        assert progress_note(done, 119, seconds).endswith(time_left(done, 119, seconds, True))
    assert time_left(10, 119, 20.0).startswith("about 3 min 38 s")
    assert not time_left(2, 119, 20.0) and not time_left(119, 119, 20.0)  # too soon; done
    # Without a time left, as long as it gets (a rewritten line that wraps leaves a row).
    assert len(Progress(io.StringIO(), 999).line(999, 999, 9999.0)) < 80
