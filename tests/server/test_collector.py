"""The server's collector policy (server/collector.py): what a middle or full pass leaves is
frozen out of the later ones, and the full pass after every so many walks it again, less
often while those re-checks find nothing; passes due run when the last command in flight
ends, and then as CPython would choose them."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvloop

from server import collector, metrics
from tests.server.test_cycles import in_process, play_to_the_end


class Node:
    """A reference cycle of one: once nothing else holds it, only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def freezer() -> Iterator[collector.Freezer]:
    gc.collect()
    policy = collector.Freezer(least=4, most=16)
    gc.callbacks.append(policy)
    try:
        yield policy
    finally:
        gc.callbacks.remove(policy)
        gc.unfreeze()


def test_a_cycle_that_dies_frozen_is_freed_at_the_recheck_and_not_before(
        freezer: collector.Freezer) -> None:
    cycle = Node()
    gone = weakref.ref(cycle)
    gc.collect(1)  # a middle pass: the cycle, alive, is frozen with what else it left
    assert gc.get_freeze_count() > 0
    assert not any(obj is cycle for obj in gc.get_objects())
    del cycle
    for _ in range(freezer.least):
        gc.collect()
        assert gone() is not None, "a full pass walked the frozen heap before the re-check"
    assert gc.get_freeze_count() == 0  # the last of those unfroze it
    gc.collect()
    assert gone() is None


def test_young_passes_leave_the_heap_unfrozen(freezer: collector.Freezer) -> None:
    gc.collect(0)
    assert gc.get_freeze_count() == 0


def recheck(freezer: collector.Freezer, leaking: bool) -> None:
    """Full passes up to and through the next re-check, a frozen cycle dying before it if
    `leaking`: enough of them that it frees QUIET_RECHECK objects or more."""
    cycles = [Node() for _ in range(collector.QUIET_RECHECK if leaking else 0)]
    gc.collect(1)  # frozen alive
    del cycles
    while not freezer.rechecking:
        gc.collect()
    gc.collect()
    assert not freezer.rechecking


def test_rechecks_come_twice_as_late_while_they_find_nothing(freezer: collector.Freezer) -> None:
    seen = [freezer.every]
    for _ in range(4):
        recheck(freezer, leaking=False)
        seen.append(freezer.every)
    assert seen == [4, 8, 16, 16, 16]


def test_a_recheck_that_finds_a_leak_brings_the_next_one_back_soon(
        freezer: collector.Freezer) -> None:
    recheck(freezer, leaking=False)
    recheck(freezer, leaking=False)
    assert freezer.every == 16
    recheck(freezer, leaking=True)
    assert freezer.every == 4


@pytest.fixture
def passes() -> Iterator[list[int]]:
    """The generation of every pass from here on, with CPython's own young threshold far
    off, so that only the pacer starts one."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    thresholds = gc.get_threshold()
    gc.collect()
    gc.set_threshold(1_000_000, 2, 1_000)
    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)
        gc.set_threshold(*thresholds)


def made(count: int) -> list[list[int]]:
    return [[n] for n in range(count)]  # new lists, not free-listed ones: each counts


async def test_a_due_pass_waits_until_no_command_is_in_flight(passes: list[int]) -> None:
    pacer = collector.Pacer(due=100)
    pacer.started()
    pacer.started()
    kept = made(200)
    pacer.ended()
    await asyncio.sleep(0)
    assert passes == [], "a pass ran while a command was still in flight"
    pacer.ended()
    assert passes == [], "the pass ran inside the command that ended, not after it"
    await asyncio.sleep(0)
    assert passes == [0]
    assert gc.get_count()[0] <= 1 and len(kept) == 200


async def test_no_pass_before_due_nor_once_another_command_has_started(passes: list[int]) -> None:
    pacer = collector.Pacer(due=100)
    gc.collect(0)
    passes.clear()
    pacer.started()
    pacer.ended()  # fewer than 100 made since
    await asyncio.sleep(0)
    assert passes == [], "a pass ran before it was due"
    pacer.started()
    kept = made(200)
    pacer.ended()
    pacer.started()  # a new command, before the loop came round to the pass
    await asyncio.sleep(0)
    assert passes == [], "a pass ran with a command in flight"
    pacer.ended()
    await asyncio.sleep(0)
    assert passes == [0] and len(kept) == 200


def test_a_due_pass_is_the_one_cpython_would_choose(passes: list[int]) -> None:
    """The young pass, and after as many young passes as the middle threshold allows, the
    middle one: on a Python where a made container no longer starts a pass, this fails."""
    kept = []
    for _ in range(8):
        kept.append(made(10))
        collector.collect_due()
    assert passes == [0, 0, 0, 1, 0, 0, 0, 1]  # a middle pass once more than 2 young ones ran
    assert gc.get_threshold() == (1_000_000, 2, 1_000), "the threshold was not put back"


def test_a_served_game_runs_passes_between_its_commands(tmp_path: Path) -> None:
    """The runtime counts its commands in flight: over a game played on a real socket, some
    passes run between commands, and none is left counted in flight after it."""
    thresholds = gc.get_threshold()
    gc.set_threshold(*collector.THRESHOLDS)
    before = metrics.REGISTRY.get_sample_value("plaza_gc_between_commands_total") or 0.0
    try:
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            runner.run(play_in_process(tmp_path))
    finally:
        gc.set_threshold(*thresholds)
    assert (metrics.REGISTRY.get_sample_value("plaza_gc_between_commands_total") or 0.0) > before
    assert collector.PACER.in_flight == 0


async def play_in_process(tmp_path: Path) -> None:
    async with in_process(tmp_path) as url:
        await play_to_the_end(url)


async def test_no_pass_is_run_nor_counted_while_the_collector_is_off(passes: list[int]) -> None:
    pacer = collector.Pacer(due=100)
    before = metrics.REGISTRY.get_sample_value("plaza_gc_between_commands_total") or 0.0
    gc.disable()
    try:
        pacer.started()
        kept = made(200)
        pacer.ended()
        await asyncio.sleep(0)
    finally:
        gc.enable()
    assert passes == [] and len(kept) == 200
    assert (metrics.REGISTRY.get_sample_value("plaza_gc_between_commands_total") or 0.0) == before
