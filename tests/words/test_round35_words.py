"""#28 playtest round 35's words (35b-3): the same roll said one way, as it acts on the
player now: with LE 0 the Shaman's CONFUSE read "(lose 3 SE)" once and "(lose exactly 1 LE
and gain 2 SE (lose 3 SE if unable))" where keeping it would kill."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.details import detail_ways, fitted
from unbroken.words.actions import option_text, own_words


def _kept(se: int, le: int) -> Game:
    game = (
        Scenario("maxyn-zenma", level=3)
        .resources(se=se, le=le)
        .weapon("knife")
        .skills("lucky")
        .monster("shaman")
        .dice(3, 5, 3, 5)
        .start("battle")
    )
    game.apply(act.Skip())  # the Shaman rolls a 3: CONFUSE
    game.apply(act.Use("base:lucky", "lucky-reroll"))  # a 5: keep either
    return game


def test_a_kept_rows_lose_exactly_says_what_it_does_now_whatever_follows() -> None:
    for se in (20, 3, 2):  # lives, starves later, dies of it
        game = _kept(se, 0)
        line = option_text(act.PickRoll(3), "", game.state, game.ruleset)
        assert line.startswith("Keep the 3: CONFUSE (lose 3 SE; you have no LE)"), (se, line)
        assert "exactly" not in line and "if unable" not in line, line
        head = line.partition(" — ")[0]
        assert head.count("(") == 1, line  # no bracket in its bracket
    game = _kept(20, 2)
    line = option_text(act.PickRoll(3), "", game.state, game.ruleset)
    assert line.startswith("Keep the 3: CONFUSE (lose 1 LE, gain 2 SE)"), line


def test_all_of_it_holds_the_options_own_words_first() -> None:
    # 35a-2: Bash's kill highlighted, the line under said "It defeats the Gremlin;
    # Scavenger +1 wood + 1 metal. (i: all of it)" and `i` "Option 2, all of it: It
    # defeats the Gremlin; …": no "Attack with Bash … pay 3 SE" (the Ogre's said it).
    game = (
        Scenario("maxyn-zenma", level=2)
        .resources(se=13)
        .weapon("bare-hands", "club")
        .skills("scavenger")
        .monster("gremlin")
        .start("battle")
    )
    mo = game.state.monster
    assert mo is not None
    mo.health, mo.armor = 2, 0  # Bash's wound 2 defeats it
    bash = act.Attack("bash")
    own = own_words(bash, game.state, game.ruleset)
    assert own == "Attack with Bash: wound 2 - pay 3 SE", own
    row = option_text(bash, "", game.state, game.ruleset)
    ways = detail_ways(bash, game, None, False, False, f"2. {row}")
    assert "It defeats the Gremlin" in ways[0], ways
    assert ways[0].startswith(f"{own}. It defeats the Gremlin"), ways  # `i`'s "all of it"
    # The line under starts the same way wherever it fits, else without them.
    assert fitted(ways, 200, 2).startswith(own), ways
    assert "It defeats the Gremlin" in fitted(ways, 40, 2), ways
