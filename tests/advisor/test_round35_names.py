"""#28 playtest round 35 (35b, analyze): "Trick the… — food 0 of 1 after" cut its note
mid-phrase: analyze's and `unbroken play`'s option names keep what an option's line ends
with in whole words (34a-2/3's rule for the game's rows), never a phrase cut."""

from __future__ import annotations

from unbroken.advisor.estimator import Weighing
from unbroken.cli.analyze import short_option
from unbroken.play.text_odds import table

TRICK = "Trick the monster: pay 2 cunning + 1 food — food 0 of 1 after: hunger −3 SE"
TRIAL = "Trial and Error: 3 time -> a skill — ⚠ time runs out: the monster ambushes you"


def test_a_note_or_warning_is_kept_in_whole_words() -> None:
    for most in range(26, len(TRICK)):
        said = short_option(TRICK, most)
        assert len(said) <= most, said
        assert not said.endswith(("after", "food 0 of 1 after…")), said
        if " — " in said:
            assert said.endswith(("— food 0 of 1 after: hunger −3 SE", "— hunger −3 SE")), said
    assert short_option(TRICK, 40) == "Trick the monster: pay… — hunger −3 SE"
    for most in range(28, len(TRIAL)):
        said = short_option(TRIAL, most)
        assert len(said) <= most, said
        end = said.partition(" — ")[2]
        assert end in ("⚠ ambush", "⚠ time runs out: ambush", TRIAL.partition(" — ")[2]), said


def test_the_play_odds_table_names_options_alike() -> None:
    weighing = Weighing(
        wins=(0b111111, 0b1111), games=(16, 16), best=0, fresh=(1 << 70) - 1, fresh_games=100
    )
    printed = table(["Explore", TRICK], [0, 1], weighing).splitlines()
    (row,) = [line for line in printed if "Trick" in line]
    # Was "… + 1 food — food 0 of 1 a…", cut mid-word.
    assert row.endswith((" — food 0 of 1 after: hunger −3 SE", " — hunger −3 SE")), row
    assert len(row) <= 80, row
