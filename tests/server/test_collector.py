"""The server's collector policy (server/collector.py): what a full pass leaves is frozen out
of the next ones, and the pass after every RECHECK_EVERY-th walks it again."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from server import collector


class Node:
    me: Node | None = None


@pytest.fixture
def policy() -> Iterator[None]:
    gc.collect()
    collector._full_passes[0] = 0
    gc.callbacks.append(collector._freeze_survivors)
    try:
        yield
    finally:
        gc.callbacks.remove(collector._freeze_survivors)
        gc.unfreeze()


def test_a_cycle_that_dies_frozen_is_freed_at_the_recheck_and_not_before(policy: None) -> None:
    cycle = Node()
    cycle.me = cycle
    gone = weakref.ref(cycle)
    gc.collect()  # full pass 1: the cycle, alive, is frozen with the rest
    assert gc.get_freeze_count() > 0
    assert not any(obj is cycle for obj in gc.get_objects())
    del cycle
    for _ in range(2, collector.RECHECK_EVERY + 1):
        gc.collect()
        assert gone() is not None, "a full pass walked the frozen heap before the re-check"
    assert gc.get_freeze_count() == 0  # the RECHECK_EVERY-th pass unfroze it
    gc.collect()
    assert gone() is None


def test_young_and_middle_passes_leave_the_heap_unfrozen(policy: None) -> None:
    gc.collect(0)
    gc.collect(1)
    assert gc.get_freeze_count() == 0
