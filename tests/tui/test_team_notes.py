"""Issue #28, the team's notes: small leftovers each checked here."""

from __future__ import annotations

from pathlib import Path

from unbroken.core import actions as act
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.tui.careful import costly
from unbroken.tui.help_pages import THE_SCREEN
from unbroken.tui.newgame import ABILITY_USES

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
