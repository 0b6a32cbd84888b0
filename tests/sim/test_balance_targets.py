"""`unbroken balance` checks every target of CONTENT.md's "Balance", prints one PASS/FAIL
line per target and exits 1 when one fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from unbroken import sim
from unbroken.cli.balance import (
    CHARACTER_SPREAD,
    CLASS_SPREAD,
    KEPT,
    Target,
    check_targets,
    report,
)
from unbroken.cli.command import main
from unbroken.plugins import load_ruleset

RULES = load_ruleset()
DIFFICULTIES = [d.id for d in RULES.settings.difficulties]
#: A made-up run that meets every target: win rates in the middle of their ranges.
MIDDLE = {"easy": 55.0, "normal": 35.0, "hard": 15.0}


def made_up(
    rates: dict[str, float] | None = None,
    character: dict[str, float] | None = None,
    deaths: dict[str, int] | None = None,
    games: int = 1000,
) -> sim.Summary:
    """Return a heuristic summary from made-up numbers: `games` per character and
    difficulty, winning `rates` % (a character's own from `character`, on Normal), and
    100 deaths per monster unless `deaths` says otherwise."""
    rates = {**MIDDLE, **(rates or {})}
    summary = sim.Summary()
    for d in DIFFICULTIES:
        for c in sorted(RULES.characters):
            rate = rates[d]
            if d == "normal" and character:
                rate = character.get(c, rate)
            wins = round(games * rate / 100)
            cls = RULES.characters[c].cls
            for table, key in (
                (summary.by_difficulty, d),
                (summary.by_class_difficulty, f"{cls}/{d}"),
                (summary.by_character_difficulty, f"{c}/{d}"),
            ):
                row = table.setdefault(key, [0, 0, 0])
                row[0] += games
                row[1] += wins
            summary.games += games
            summary.wins += wins
    for monster in RULES.monsters:
        summary.monsters[monster] = [500, (deaths or {}).get(monster, 100)]
    return summary


def random_bot(wins: int = 0) -> sim.Summary:
    return sim.Summary(games=24000, wins=wins)


def failed(targets: list[Target]) -> list[str]:
    return [t.name for t in targets if not t.ok]


def test_made_up_numbers_in_the_middle_meet_every_target() -> None:
    targets = check_targets(RULES, made_up(), random_bot())
    # 3 win rates, 3 class spreads, 1 character spread, 4 levels of monsters, random bot.
    assert len(targets) == 12
    assert failed(targets) == []


@pytest.mark.parametrize(
    ("rates", "missed"),
    [
        ({"easy": 44.9}, "Easy win rate"),
        ({"easy": 70.1}, "Easy win rate"),
        ({"normal": 24.9}, "Normal win rate"),
        ({"hard": 25.1}, "Hard win rate"),
    ],
)
def test_a_win_rate_out_of_its_range_fails(rates: dict[str, float], missed: str) -> None:
    assert failed(check_targets(RULES, made_up(rates), random_bot())) == [missed]


def test_a_class_more_than_6_points_from_the_mean_fails_on_any_difficulty() -> None:
    assert CLASS_SPREAD == 6.0
    # The Sages win 63 % on Easy, the others 55 %: the mean is 57, the Sage +6.0.
    holds = made_up()
    holds.by_class_difficulty["base:sage/easy"][1] = 1260
    assert failed(check_targets(RULES, holds, random_bot())) == []
    # Two more wins: 63.1 %, +6.1 from the mean.
    holds.by_class_difficulty["base:sage/easy"][1] = 1262
    targets = check_targets(RULES, holds, random_bot())
    assert failed(targets) == ["Easy class spread"]
    assert targets[3].line() == (
        "FAIL  Easy class spread: Sage +6.1 from the mean 57.0 % (target within 6 points)"
    )


def test_one_character_more_than_8_points_from_the_mean_on_normal_fails() -> None:
    assert CHARACTER_SPREAD == 8.0
    # One sheet of eight 9.3 points above the others: 8.1 above the mean of the eight.
    targets = check_targets(RULES, made_up(character={"base:tomu": 44.3}), random_bot())
    assert failed(targets) == ["Normal character spread"]
    assert targets[6].line() == (
        "FAIL  Normal character spread: Tomu +8.1 from the mean 36.2 % (target within 8 points)"
    )
    # 9.1 points above the others is 7.96 above the mean: it holds.
    targets = check_targets(RULES, made_up(character={"base:tomu": 44.1}), random_bot())
    assert "Normal character spread" not in failed(targets)


def test_a_monster_below_04x_or_above_2x_its_level_average_fails() -> None:
    # Six monsters per level: 100 deaths each but one at 30 -> average 88.3, ratio 0.34.
    rare = made_up(deaths={"base:gremlin": 30})
    targets = check_targets(RULES, rare, random_bot())
    assert failed(targets) == ["Level 2 monster deaths"]
    assert "Gremlin 0.34x of the level average (target 0.4-2.0x)" in targets[8].line()
    # One at 260: average 126.7, ratio 2.05.
    wall = made_up(deaths={"base:troglodyte": 260})
    assert failed(check_targets(RULES, wall, random_bot())) == ["Level 2 monster deaths"]


def test_the_basilisk_may_reach_25x_but_no_more() -> None:
    # The other five at 100: the Basilisk at 345 is 2.45x of the average 140.8.
    targets = check_targets(RULES, made_up(deaths={"base:basilisk": 345}), random_bot())
    assert failed(targets) == []
    assert "Basilisk up to 2.5x" in targets[10].line()
    # At 360 it is 2.51x (average 143.3).
    too_many = made_up(deaths={"base:basilisk": 360})
    assert failed(check_targets(RULES, too_many, random_bot())) == ["Level 4 monster deaths"]
    # Any other level-4 monster at 2.45x misses.
    troll = made_up(deaths={"base:troll": 345})
    assert failed(check_targets(RULES, troll, random_bot())) == ["Level 4 monster deaths"]


def test_the_random_bot_at_3_percent_fails() -> None:
    assert failed(check_targets(RULES, made_up(), random_bot(wins=719))) == []
    targets = check_targets(RULES, made_up(), random_bot(wins=720))
    assert failed(targets) == ["Random bot win rate"]
    assert targets[-1].line() == (
        "FAIL  Random bot win rate: 3.00 % of 24000 games (target under 3 %)"
    )


def test_the_report_lists_every_target_and_the_tables() -> None:
    text = report(RULES, made_up(), random_bot(), "cmd")
    assert "- PASS  Easy win rate: 55.0 % of 8000 games (target 45-70 %)" in text
    assert "Every target met (12 targets)." in text
    for heading in (
        "## Targets",
        "## Heuristic win rate by class and difficulty",
        "## Heuristic win rate by character on Normal",
        "## Deaths per monster",
    ):
        assert heading in text
    assert "| Maxyn Zenma | Sneak | 1000 | 35.0 % | +0.0 | yes |" in text
    assert "| 4 | Basilisk | 500 | 100 | 100.0 | 1.00 | 0.4-2.5x | yes |" in text
    assert "| 4 | Troll | 500 | 100 | 100.0 | 1.00 | 0.4-2.0x | yes |" in text


def fake_runs(heuristic: sim.Summary, randomly: sim.Summary) -> Any:
    """Return a stand-in for sim.run that gives these summaries for the two bots."""

    def run(*args: Any, bot: str = "random", **kwargs: Any) -> sim.Summary:
        return heuristic if bot == "heuristic" else randomly

    return run


def test_the_command_exits_0_when_every_target_holds(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("unbroken.bots.batch.run", fake_runs(made_up(), random_bot()))
    assert main(["balance", "--games", "2"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 13 and all(line.startswith("PASS  ") for line in lines[:-1])
    assert lines[-1] == "balance: every target met (12 targets)"
    assert "# Balance report" in captured.out


def test_the_command_exits_1_when_a_target_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    heuristic = made_up(deaths={"base:gnoll": 10})
    monkeypatch.setattr("unbroken.bots.batch.run", fake_runs(heuristic, random_bot()))
    out = tmp_path / "balance.md"
    assert main(["balance", "--games", "2", "--output", str(out)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert [line for line in lines if line.startswith("FAIL")] == [
        "FAIL  Level 3 monster deaths: Gnoll 0.12x of the level average (target 0.4-2.0x)"
    ]
    assert lines[-1] == f"{out}: 1 of 12 targets failed: Level 3 monster deaths"
    assert "- FAIL  Level 3 monster deaths" in out.read_text(encoding="utf-8")


def test_rewriting_a_report_keeps_its_hand_written_end(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("unbroken.bots.batch.run", fake_runs(made_up(), random_bot()))
    out = tmp_path / "balance.md"
    notes = f"{KEPT}\n\n## Changes\n\n- Gremlin health 4 -> 5.\n"
    out.write_text("# Balance report\n\nold numbers\n\n" + notes, encoding="utf-8")
    assert main(["balance", "--games", "2", "--output", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "old numbers" not in text and "## Targets" in text
    assert text.endswith("| Cause | Deaths |\n|---|---:|\n\n" + notes)
    # Again: the same file, not a second copy of the notes.
    assert main(["balance", "--games", "2", "--output", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == text
    # A report without the line keeps nothing.
    out.write_text("# Balance report\n\n## Changes\n", encoding="utf-8")
    assert main(["balance", "--games", "2", "--output", str(out)]) == 0
    assert "## Changes" not in out.read_text(encoding="utf-8")


def test_a_tiny_real_run_prints_a_line_per_target(capsys: pytest.CaptureFixture[str]) -> None:
    # 3 games per class and difficulty are far too few for the targets: it must say so.
    assert main(["balance", "--games", "3", "--jobs", "2"]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 13
    assert all(line[:6] in ("PASS  ", "FAIL  ") for line in lines[:-1])
    assert "targets failed" in lines[-1]


def test_the_help_says_what_is_printed_and_the_exit_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["balance", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "one line on stderr, PASS or FAIL" in text
    assert "exit status is 1 when a target fails, 0 when all hold" in text


def test_the_help_names_the_small_run_ci_makes() -> None:
    """Round 22 (lead): `unbroken balance --help` said CI runs `--seed 4`; .ci/run runs 13
    since round 19. The help quotes .ci/run's own command."""
    from unbroken.cli.balance import EPILOG

    ci = (Path(__file__).parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    command = next(line for line in ci.splitlines() if line.startswith("unbroken balance "))
    assert command in EPILOG
