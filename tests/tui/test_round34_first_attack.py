"""Round 34 (#28, 34b): with no SE left the highlight started on the Club's Bash (wound 2,
paid as 3 ME) above Heavy blow (wound 3 for 1 ME): Enter took the dearer attack that
does less. The highlight, and `unbroken play`'s Enter, start on an attack proved better
than the first that can be taken, where one is."""

from __future__ import annotations

from pilot import CAREFUL, played, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.play.text import default_pick
from unbroken.testing import Scenario
from unbroken.tui.option_rows import DecisionList


def club_without_se(se: int = 0) -> Game:
    """A battle turn with the Club against an unarmored monster: Bash costs 3 SE (paid as
    3 ME with none), Heavy blow 1 ME."""
    club = Scenario("tomu", level=1).no_time_track().monster("kobold").weapon("club")
    game = club.resources(se=se, me=4).start("battle")
    assert game.state.monster is not None
    game.state.monster.armor, game.state.monster.health = 0, 6
    return game


def index_of(game: Game, attack: str) -> int:
    return next(i for i, (a, _) in enumerate(game.options()) if a == act.Attack(attack))


def test_the_cheaper_attack_that_does_more_is_where_enter_starts() -> None:
    game = club_without_se()
    offered = game.options()
    assert game.query().better_attack(offered) == index_of(game, "heavy-blow")
    assert default_pick(game, offered) == index_of(game, "heavy-blow")
    # Paid in SE, Bash is not proved the dearer (3 SE against 1 ME): the first stays.
    rich = club_without_se(se=10)
    assert rich.query().better_attack(rich.options()) is None


@sync
async def test_the_highlight_starts_on_heavy_blow_not_bash() -> None:
    game = club_without_se()
    async with played(game, CAREFUL) as (_pilot, screen):
        decisions = screen.query_one(DecisionList)
        assert decisions.highlighted == index_of(game, "heavy-blow"), decisions.highlighted
