"""The hard-core campaign: what a won game keeps, a death ends the run, the records panel."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from unbroken_gauntlet import campaign, campaign_lines

from unbroken.api import (
    Game,
    GameOver,
    GameState,
    Recorder,
    heuristic_bot,
    load_plugins,
    load_ruleset,
    resume,
)


def play_out(game: Game) -> Game:
    """Play a game to its end with the heuristic bot."""
    n = 0
    while not game.is_over:
        game.apply(heuristic_bot(game, n))
        n += 1
    return game


def first_game(won: bool, seed: int = 1, carry: dict[str, object] | None = None) -> Game:
    """Return the first game from `seed` on that was won (or lost), played to the end."""
    rules = load_ruleset()
    options = {"carry": carry} if carry else {}
    for s in range(seed, seed + 200):
        game = play_out(Game.new(rules, "niola", "easy", s, options))
        if game.state.outcome is not None and game.state.outcome.won == won:
            return game
    raise AssertionError("no such game in 200 seeds")


def test_a_won_game_keeps_one_weapon_one_skill_and_its_treasure() -> None:
    state = GameState(
        weapons=["base:bare-hands", "base:knife", "base:sword"],
        skills=["base:daring", "base:wrecker"],
        res={"treasure": 3, "food": 2},
    )
    won = [GameOver(won=True, level=4, step="hunger", score=30)]
    carry = campaign.keep(won, state, "base:bare-hands")
    assert carry == {"weapon": "base:sword", "skills": ["base:wrecker"], "res": {"treasure": 3}}
    bare = GameState(weapons=["base:bare-hands"], res={"treasure": 0})
    assert campaign.keep(won, bare, "base:bare-hands") == {}
    lost = [GameOver(won=False, level=3, step="battle")]
    assert campaign.keep(lost, state, "base:bare-hands") is None


def test_a_run_carries_a_win_into_the_next_game_and_ends_at_a_death() -> None:
    rules = load_ruleset()
    start = rules.settings.starting_weapon
    run = campaign.new_run("base:niola", "easy")
    won = first_game(True)
    run = campaign.after_game(run, won.events, won.state, start)
    assert not run["over"] and run["games"][0]["won"]
    assert run["carry"] == campaign.keep(won.events, won.state, start)
    # The next game starts with what the first kept.
    nxt = Game.new(rules, run["character"], run["difficulty"], 77, {"carry": run["carry"]})
    if run["carry"].get("weapon"):
        assert nxt.state.weapons[-1] == run["carry"]["weapon"]
    for skill in run["carry"].get("skills", []):
        assert skill in nxt.state.skills
    lost = first_game(False, carry=run["carry"])
    run = campaign.after_game(run, lost.events, lost.state, start)
    assert run["over"] and run["carry"] == {} and len(run["games"]) == 2
    assert "ended by a death" in campaign.describe(run, rules)[0]


def test_a_carried_game_replays_from_its_recording(tmp_path: Path) -> None:
    rules = load_ruleset()
    carry = {"weapon": "base:club", "skills": ["base:daring"], "res": {"treasure": 1}}
    game = Game.new(rules, "niola", "normal", 5, {"carry": carry})
    recorder = Recorder.start(game, rules, tmp_path)
    for n in range(10):
        action = heuristic_bot(game, n)
        recorder.record(action, game.apply(action), game)
    recorder.close()
    resumed, _ = resume(recorder.path, rules)
    assert resumed.events == game.events
    assert resumed.state.weapons == ["base:bare-hands", "base:club"]


def test_the_command_starts_shows_and_refuses_a_bad_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    assert campaign.main(["--status"], out=out) == 0
    assert "No campaign yet" in out.getvalue()
    out = io.StringIO()
    assert (
        campaign.main(
            ["--new", "--character", "tomu", "--difficulty", "expert", "--status"], out=out
        )
        == 0
    )
    assert out.getvalue().startswith("Campaign: Tomu, Expert, 0 won, going on.")
    saved = json.loads(campaign.path().read_text())
    assert saved["difficulty"] == "gauntlet:expert" and saved["games"] == []
    assert campaign.main(["--new", "--character", "nobody"], out=io.StringIO()) == 2
    assert "unknown character 'nobody'" in capsys.readouterr().err
    campaign.path().write_text("{ not json")
    assert campaign.main(["--status"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "gauntlet-campaign.json: cannot read the campaign" in err and "--new" in err


def test_the_command_plays_the_next_game_and_keeps_its_result() -> None:
    campaign.main(
        ["--new", "--character", "niola", "--difficulty", "easy", "--status"], out=io.StringIO()
    )
    # Quitting at once leaves the game unfinished: the run is as it was.
    out = io.StringIO()
    campaign.main(["--seed", "3"], stdin=io.StringIO(""), out=out)
    run = json.loads(campaign.path().read_text())
    assert run["games"] == [] and not run["over"]


def test_the_records_panel_shows_the_run() -> None:
    rules = load_ruleset()
    [panel] = load_plugins(["base", "gauntlet"]).records_panels
    assert panel.name == "gauntlet:campaign"
    assert campaign_lines(rules) == ["No campaign yet: unbroken-campaign --new starts one."]
    run = campaign.new_run("base:tomu", "normal")
    run["games"] = [{"seed": 4, "won": True, "level": 4, "score": 21}]
    run["carry"] = {"weapon": "base:sword", "res": {"treasure": 2}}
    campaign.save(campaign.path(), run)
    assert panel.lines(rules) == [
        "Campaign: Tomu, Normal, 1 won, going on.",
        "  game 1: won, score 21 (seed 4)",
        "  next game starts with: Sword, 2 treasure",
    ]


def test_an_unfinished_campaign_game_is_continued_by_the_next_command() -> None:
    campaign.main(["--new", "--character", "niola", "--difficulty", "easy", "--status"])
    campaign.main(["--seed", "3"], stdin=io.StringIO("1\n"), out=io.StringIO())
    playing = json.loads(campaign.path().read_text())["playing"]
    assert Path(playing).exists()
    out = io.StringIO()
    campaign.main([], stdin=io.StringIO(""), out=out)
    assert f"Continuing the run's game {Path(playing).name} after decision 1." in out.getvalue()


def recorded(game: Game, rules: Any, folder: Path) -> Path:
    """Play `game` to its end with the heuristic bot, recorded in `folder`; its recording."""
    recorder = Recorder.start(game, rules, folder)
    n = 0
    while not game.is_over:
        action = heuristic_bot(game, n)
        recorder.record(action, game.apply(action), game)
        n += 1
    recorder.close()
    return recorder.path


def test_a_campaign_game_finished_elsewhere_is_counted(tmp_path: Path) -> None:
    rules = load_ruleset()
    game = Game.new(rules, "niola", "easy", 3)
    # Finished games' recordings are renamed with their result.
    path = recorded(game, rules, tmp_path)
    path.rename(path.with_name(path.name.replace(".jsonl", "_won.jsonl")))
    run = {**campaign.new_run("base:niola", "easy"), "playing": str(path)}
    campaign.save(campaign.path(), run)
    out = io.StringIO()
    campaign.main(["--seed", "4"], stdin=io.StringIO(""), out=out)
    kept = json.loads(campaign.path().read_text())
    assert [g["seed"] for g in kept["games"]][0] == 3
    assert kept["over"] == (not game.state.outcome.won)  # type: ignore[union-attr]


def test_status_counts_a_game_finished_elsewhere(tmp_path: Path) -> None:
    # `--status` said "0 won, going on" for a run whose game a death had ended through
    # `unbroken play --continue` (only a playing `unbroken-campaign` counted it).
    rules = load_ruleset()
    for won in (False, True):
        game = Game.new(rules, "niola", "easy", 3 if won else 1)
        while True:
            path = recorded(game, rules, tmp_path / str(won))
            if game.state.outcome is not None and game.state.outcome.won == won:
                break
            game = Game.new(rules, "niola", "easy", game.state.seed + 1)
        path.rename(
            path.with_name(path.name.replace(".jsonl", f"_{'won' if won else 'lost'}.jsonl"))
        )
        run = {**campaign.new_run("base:niola", "easy"), "playing": str(path)}
        campaign.save(campaign.path(), run)
        shown = campaign_lines(rules)  # the Records screen's panel: counted, not saved
        assert "playing" in json.loads(campaign.path().read_text())
        out = io.StringIO()
        assert campaign.main(["--status"], out=out) == 0
        assert shown == out.getvalue().splitlines()
        said = out.getvalue().splitlines()
        state = "1 won, going on." if won else "0 won, ended by a death."
        assert said[0] == f"Campaign: Niola, Easy, {state}", said
        level = game.state.outcome.level  # type: ignore[union-attr]
        result = f"won, score {game.state.outcome.score}" if won else f"died on level {level}"  # type: ignore[union-attr]
        assert said[1] == f"  game 1: {result} (seed {game.state.seed})", said
        kept = json.loads(campaign.path().read_text())
        assert "playing" not in kept and len(kept["games"]) == 1  # counted once, kept


def test_a_new_run_takes_the_last_games_character_and_difficulty(tmp_path: Path) -> None:
    # #28: `unbroken-campaign --new` ignored the character and difficulty kept in the
    # settings (the New game screen's last choices); named ones still win.
    import os

    config = Path(os.environ["UNBROKEN_CONFIG_DIR"])
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text(
        'character = "base:tomu"\ndifficulty = "hard"\n', encoding="utf-8"
    )
    out = io.StringIO()
    assert campaign.main(["--new", "--status"], out=out) == 0
    assert out.getvalue().startswith("Campaign: Tomu, Hard, 0 won, going on.")
    out = io.StringIO()
    assert campaign.main(["--new", "--character", "niola", "--status"], out=out) == 0
    assert out.getvalue().startswith("Campaign: Niola, Hard, 0 won, going on.")


def test_the_command_takes_a_data_dir_and_says_where_it_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # #28 round 20: `unbroken-campaign` had no --data-dir (every `unbroken` command has), and
    # neither it nor --help said its games are played in the plain-text game.
    other = tmp_path / "elsewhere"
    args = ["--data-dir", str(other), "--new", "--character", "tomu", "--status"]
    assert campaign.main(args, out=io.StringIO()) == 0
    assert json.loads((other / campaign.FILE).read_text())["character"] == "base:tomu"
    with pytest.raises(SystemExit):
        campaign.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--data-dir DIR" in shown and "plain-text game" in shown


def test_a_won_campaign_game_says_its_scores_and_what_carries_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # #28 round 22: the campaign's text end said only "Score 98: Nemesis." (not the
    # scorepad the full-screen end says), and nothing said which skill carries over (the
    # last one taken, by the rule) nor why; `--help` did not say it either.
    from unbroken.api import TextGame

    class BotGame(TextGame):  # the heuristic bot answers every question, then the end
        def loop(self, stdin: object, out: object) -> int:
            n = 0
            while not self.game.is_over:
                self.session.apply(heuristic_bot(self.game, n))
                n += 1
            self.narrate_new(out)  # type: ignore[arg-type]
            self.end(out)  # type: ignore[arg-type]
            return 0

    won = first_game(True)
    seed = won.state.seed
    monkeypatch.setattr(campaign, "TextGame", BotGame)
    campaign.main(["--new", "--character", "niola", "--difficulty", "easy", "--status"])
    out = io.StringIO()
    assert campaign.main(["--seed", str(seed)], stdin=io.StringIO(""), out=out) == 0
    lines = out.getvalue().splitlines()
    wide = [ln for ln in lines if len(ln) > 80 and not ln.startswith("Recorded in /")]
    assert not wide, wide
    said = " ".join(" ".join(lines).split())
    assert "The expansions' scores: Gauntlet scorepad: " in said, said
    assert "= score " in said and " × Easy 2" in said, said
    run = json.loads(campaign.path().read_text())
    skill = run["carry"]["skills"][0]
    rules = load_ruleset()
    assert f"{rules.card_name(skill)} (the last skill you took" in said, said
    assert said.index("Carried into the next game:") < said.index("next game starts with:")
    with pytest.raises(SystemExit):
        campaign.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "the last skill you took (the rule chooses, you are not asked" in shown, shown


def test_carry_words_name_the_skills_left_behind() -> None:
    rules = load_ruleset()
    state = GameState(skills=["base:daring", "base:wrecker"], res={"treasure": 3})
    carry = {"skills": ["base:wrecker"], "res": {"treasure": 3}}
    said = campaign.carry_words(carry, state, rules)
    wrecker, daring = rules.card_name("base:wrecker"), rules.card_name("base:daring")
    assert said == (
        f"Carried into the next game: {wrecker} (the last skill you took; {daring} stays "
        "behind), 3 treasure (all you had left)."
    )
    assert campaign.carry_words({}, GameState(), rules).startswith("Nothing carries")


def bot_loop(self: Any, stdin: object, out: Any) -> int:
    """TextGame.loop with the heuristic bot answering every question, then the game's end."""
    n = 0
    while not self.game.is_over:
        self.session.apply(heuristic_bot(self.game, n))
        n += 1
    self.narrate_new(out)
    self.end(out)
    return 0


def test_a_campaign_game_finished_by_play_continue_says_what_carries_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # #28 round 23: a campaign game left unfinished and finished with `unbroken play
    # --continue` said nothing of what carries over (only `unbroken-campaign`'s end did).
    from unbroken.api import TextGame, data_dir
    from unbroken.testing import run_command

    campaign.main(["--new", "--character", "niola", "--difficulty", "easy", "--status"])
    campaign.main(["--seed", "3"], stdin=io.StringIO("1\n"), out=io.StringIO())
    monkeypatch.setattr(TextGame, "loop", bot_loop)
    capsys.readouterr()
    assert run_command(["play", "--continue"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "Continuing " in said and " after decision 1." in said, said
    if list((data_dir() / "replays").glob("*_won.jsonl*")):  # what the next game starts with
        assert "Campaign: Carried into the next game: " in said, said
        assert "(the last skill you took" in said or "Nothing carries" in said, said
    else:
        assert "Campaign: this death ends the run" in said, said
    # The next `unbroken-campaign` counts it (as before), its row in the run.
    monkeypatch.setattr(TextGame, "loop", lambda self, stdin, out: 0)
    campaign.main(["--seed", "5"], stdin=io.StringIO(""), out=io.StringIO())
    assert [g["seed"] for g in json.loads(campaign.path().read_text())["games"]] == [3]


def test_the_end_lines_say_the_carry_of_the_run_s_game_only() -> None:
    rules = load_ruleset()
    won = first_game(True)
    run = {**campaign.new_run("base:niola", "easy"), "playing_seed": won.state.seed}
    campaign.save(campaign.path(), run)
    carry = campaign.keep(won.events, won.state, rules.settings.starting_weapon)
    assert carry is not None
    expected = f"Campaign: {campaign.carry_words(carry, won.state, rules)}"
    assert campaign_end(won) == [expected]
    assert campaign_end(won) == [expected]  # said again (the end screen drawn again): same
    assert json.loads(campaign.path().read_text()) == run  # it writes nothing
    other = first_game(True, seed=won.state.seed + 1)  # another game: not the run's
    assert campaign_end(other) == []
    lost = first_game(False)
    campaign.save(campaign.path(), {**run, "playing_seed": lost.state.seed})
    assert campaign_end(lost)[0].startswith("Campaign: this death ends the run")


def campaign_end(game: Game) -> list[str]:
    """Return what the end of `game` says, through the game's hook (as every front end)."""
    loaded = load_plugins(["base", "gauntlet"], strict=["gauntlet"])
    return loaded.end_lines(game.events, game.state)


def test_the_help_has_the_campaign_and_its_search_finds_it() -> None:
    # #28 round 23: help's search found nothing for "campaign".
    loaded = load_plugins(["base", "gauntlet"], strict=["gauntlet"])
    [section] = loaded.help_sections  # listed in help as "Campaign (Gauntlet)", searched
    assert (section.title, section.plugin) == ("Campaign", "gauntlet")
    said = " ".join(section.text.split())
    assert "A **campaign** is a hard-core run of games" in said, said
    assert "unbroken-campaign --new" in said and "`unbroken-campaign` plays" in said, said
    # What carries over, as the campaign's end says it, and why.
    for part in ("the weapon on top of your stack", "the last skill you took", "treasure"):
        assert part in said and part in campaign.carry_words(
            {"weapon": "base:sword", "skills": ["base:daring"], "res": {"treasure": 2}},
            GameState(skills=["base:daring"]),
            loaded.ruleset,
        )
    assert "the rule chooses it, you are not asked" in said
    assert "a death ends the run" in said and "unbroken play --continue" in said


@pytest.mark.parametrize("plugins", ["base,gauntlet", "base"])
def test_the_campaign_s_own_end_says_the_carry_once(
    plugins: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Through the game's end lines with Gauntlet on; said by the command itself when the
    # player turned Gauntlet off (its games play on without it).
    from unbroken.api import TextGame

    monkeypatch.setenv("UNBROKEN_PLUGINS", plugins)
    won = first_game(True)
    monkeypatch.setattr(TextGame, "loop", bot_loop)
    campaign.main(["--new", "--character", "niola", "--difficulty", "easy", "--status"])
    out = io.StringIO()
    assert campaign.main(["--seed", str(won.state.seed)], stdin=io.StringIO(""), out=out) == 0
    said = " ".join(out.getvalue().split())
    assert said.count("Campaign: Carried into the next game: ") == 1, said
