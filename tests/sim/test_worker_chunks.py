"""How work is cut for the workers (`workers.chunks`) and the collector's pace while games
are re-run (`workers.collecting_less`)."""

from __future__ import annotations

import gc

import pytest

from unbroken.bots import workers


@pytest.mark.parametrize(("items", "jobs", "most"), [(300, 2, 20), (1000, 2, 50), (5, 4, 20)])
def test_chunks_keep_every_item_in_order_and_shrink_toward_the_end(
    items: int, jobs: int, most: int
) -> None:
    parts = workers.chunks(list(range(items)), jobs, most)
    assert [i for part in parts for i in part] == list(range(items))
    sizes = [len(part) for part in parts]
    assert max(sizes) <= most
    assert sizes == sorted(sizes, reverse=True)  # the big ones first, so none is left last
    assert sizes[-jobs:] == [1] * jobs  # the workers finish within one item of each other


def test_collecting_less_raises_the_threshold_and_puts_it_back() -> None:
    before = gc.get_threshold()
    with workers.collecting_less():
        assert gc.get_threshold()[0] == max(before[0], workers.FEWER_COLLECTIONS)
        assert gc.get_threshold()[1:] == before[1:]
    assert gc.get_threshold() == before


def _frozen(_: list[int]) -> int:
    return gc.get_freeze_count()


def test_a_worker_keeps_what_it_inherited_out_of_the_collector() -> None:
    from unbroken.plugins import load_ruleset

    parts = [[1], [2]]
    assert all(n > 0 for n in workers.map_chunks(_frozen, parts, load_ruleset(), 2))
