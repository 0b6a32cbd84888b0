"""Issue #28, the team's notes: small leftovers each checked here."""

from __future__ import annotations

import re
from pathlib import Path

from unbroken.advisor.chances import Estimate, Figure
from unbroken.core import actions as act
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.tui.careful import costly
from unbroken.tui.help_pages import KEYS, THE_SCREEN
from unbroken.tui.newgame import ABILITY_USES
from unbroken.tui.odds import odds_text

#: A skill whose one ability costs nothing but gives the player Frightened (a bad card),
#: and one that gives Blessed (a positive card).
CRIES = """
[[skills]]
id = "cries"
name = "Cries"
text = "Shout into the dark."

[[skills.abilities]]
id = "howl"
name = "Howl"
type = "action"
timing = "general"
text = "Gain Frightened."
effects = [{ kind = "condition", condition = "base:frightened", timing = "now", rounds = 2 }]

[[skills.abilities]]
id = "hymn"
name = "Hymn"
type = "action"
timing = "general"
text = "Gain Blessed."
effects = [{ kind = "condition", condition = "base:blessed", timing = "now" }]
"""


def test_an_option_whose_only_cost_is_a_bad_condition_is_costly(tmp_path: Path) -> None:
    # The team's notes: Howl (gain Frightened, nothing paid) was taken by one quick key,
    # while options that cost less needed the careful key; a positive card is no cost.
    plugin = FolderPlugin(write_pack(tmp_path / "x", {"skills.toml": CRIES}))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    game = Scenario(ruleset=rules).skills("x:cries").start()
    howl, hymn = act.Use("x:cries", "howl"), act.Use("x:cries", "hymn")
    legal = game.legal_actions()
    assert howl in legal and hymn in legal, legal
    frightened = game.query().forecast(howl)
    assert not frightened.paid and not frightened.lost and not frightened.stops == "chance"
    assert frightened.conditions_gained == ("base:frightened",)
    assert frightened.bad_conditions == ("base:frightened",)
    assert costly(howl, frightened, game.state)
    blessed = game.query().forecast(hymn)
    assert blessed.conditions_gained == ("base:blessed",) and not blessed.bad_conditions
    assert not costly(hymn, blessed, game.state)


def test_the_words_on_ability_uses_say_which_abilities_spend_one() -> None:
    # The team's notes: New game's "All abilities, Responses too, share one pool" (and
    # help's legend) said a skill's ability spends a use; only the class's do.
    game = Scenario("mae-el").ability_uses(3).skills("base:meditation").resources(se=9).start()
    breathe = act.Use("base:meditation", "meditation-breathe")
    peek = act.Use("base:sneak", "take-a-peek")
    legal = game.legal_actions()
    assert breathe in legal and peek in legal, legal
    query = game.query()
    assert query.forecast(breathe).after.ability_uses == 3  # a skill's: no use spent
    assert query.forecast(peek).after.ability_uses == 2  # the class's: one
    for words in (ABILITY_USES, " ".join(THE_SCREEN.split())):
        assert "all abilities" not in words.lower(), words
        assert "class's abilities, Responses too, share one pool" in words, words
        assert "skills' abilities take none" in words, words


def test_help_says_every_form_the_odds_rows_use() -> None:
    # The team's notes: the `%` rows read "[≤12% behind]" (round 30) and help's odds said
    # nothing of that "≤": each form a row can take is shown and said in help's keys page.
    chance = Estimate(73, 100)
    figures = [
        Figure.against(chance, -0.3, -0.45, -0.15, 16, stopped=True),  # [43% behind]
        Figure.against(chance, -0.8, -0.95, -0.6, 16, stopped=True),  # held at 0: [0-N% …]
        Figure(0.0, 0.0, 0.004, 16, stopped=True, behind=True),  # [0% behind] (31b-5)
        Figure(0.34, 0.2, 0.5, 16, stopped=True),  # [34% stopped]
        Figure(0.38, 0.2, 0.5, 16, stopped=True, at_most=True),  # [≤38% stopped]
        Figure(0.0, 0.0, 0.004, 16, stopped=True, at_most=True),  # [0% stopped] (31b-5)
    ]
    said = [odds_text(f) for f in figures]
    assert any(s.startswith("[0-") and s.endswith("behind]") for s in said), said
    keys = " ".join(KEYS.split())
    for form in said:
        shape = re.sub(r"\d+", r"\\d+", re.escape(form))
        assert re.search(rf"`{shape}`", keys), (form, keys)
    # What the range of a row behind held at 0 means, in words next to it (33b-3: its
    # former "≤" read as the bound of a row stopped early).
    assert re.search(r"`\[0-\d+% behind\]`: clearly behind, .{0,200}is its interval", keys)
