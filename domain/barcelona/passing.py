"""`until_choice`: the steps that need no choice, taken after every event (evolve.py).

A task with nothing left to choose is dropped, a phase with nothing to do is passed. Asked
after every event, so each step is found in a table (by the task's kind, by the phase)
rather than by trying the kinds one after the other, and whether a seat has anything to do
is asked of exists.py, which stops at the first command, rather than listed.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from .actions import can_drop_passenger
from .components import SAGRADA_TOP
from .exists import can_act, can_build, can_do_task, can_place, has_street_action
from .pedestrians import hex_free
from .state import State, Task
from .turns import end_turn


def _act_settled(s: State, task: Task) -> bool:
    return not can_do_task(s, task)


def _narrow_settled(s: State, task: Task) -> bool:
    return not can_act(s, task.seat, "narrow", task.flags)


def _passenger_settled(s: State, task: Task) -> bool:
    return not can_drop_passenger(s, task.seat, task.flags)


def _sagrada_settled(s: State, task: Task) -> bool:
    return task.n <= 0 or s.players[task.seat].sagrada >= SAGRADA_TOP


def _walk_settled(s: State, task: Task) -> bool:
    return not any(task.steps) and not any(task.joy) and not task.chunks


def _hex_settled(s: State, task: Task) -> bool:
    return not hex_free(s)


# Whether a task on top has nothing left to choose (it is then dropped), by its kind; the
# other kinds always wait for a choice.
_SETTLED: dict[str, Callable[[State, Task], bool]] = {
    "act": _act_settled, "narrow": _narrow_settled, "passenger": _passenger_settled,
    "sagrada": _sagrada_settled, "walk": _walk_settled, "hex": _hex_settled,
}


def _placing_passed(s: State) -> State | None:
    return None if can_place(s, s.turn) else end_turn(replace(s, end=True))  # assumption: nobody can place


def _actions_passed(s: State) -> State | None:
    return None if has_street_action(s, s.turn) else replace(s, phase="build")


def _building_passed(s: State) -> State | None:
    return None if can_build(s, s.turn) else replace(s, phase="confirm")


def _confirm_passed(s: State) -> State | None:
    return None if s.confirm else end_turn(s)


def _scoring_due(s: State) -> State:
    return replace(s, phase="scoring")


def _game_over(s: State) -> State:
    return replace(s, phase="over")


# The state after a phase passed by itself, by the phase (None: a seat has something to do);
# the other phases wait for a seat or a draw (flow.py).
_PASSING: dict[str, Callable[[State], State | None]] = {
    "place": _placing_passed, "actions": _actions_passed, "build": _building_passed,
    "confirm": _confirm_passed, "pre_scoring": _scoring_due, "pre_final": _game_over,
}


def until_choice(s: State) -> State:
    """The state moved on through every step that needs no choice: a task with nothing left
    to choose is dropped, a phase with nothing to do is passed. (Asked after every event:
    each step is found in a table rather than by trying the kinds one after the other.)"""
    while True:
        tasks = s.tasks
        if tasks:
            settled = _SETTLED.get(tasks[-1].kind)
            if settled is None or not settled(s, tasks[-1]):
                return s
            s = replace(s, tasks=tasks[:-1])
            continue
        passing = _PASSING.get(s.phase)
        if passing is None:
            return s
        passed = passing(s)
        if passed is None:
            return s
        s = passed
