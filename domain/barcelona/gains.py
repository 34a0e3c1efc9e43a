"""Gains and track moves: the effects every part of the game shares."""

from __future__ import annotations

from msgspec.structs import replace

from .components import CERDA_OVERFLOW_VP, CERDA_SPACES, Reward
from .state import State, Task, with_player


def push(state: State, *tasks: Task) -> State:
    """Put tasks on the stack, the first one given on top (resolved first)."""
    return replace(state, tasks=state.tasks + tuple(reversed(tasks)))


def pop(state: State) -> State:
    return replace(state, tasks=state.tasks[:-1])


def replace_top(state: State, task: Task) -> State:
    return replace(state, tasks=(*state.tasks[:-1], task))


def add_vp(state: State, seat: int, vp: int) -> State:
    return with_player(state, seat, vp=state.players[seat].vp + vp) if vp else state


def move_cerda(state: State, seat: int, steps: int) -> State:
    """seed: mandatory; below the bottom is ignored, each step above the top is 2 VP."""
    p = state.players[seat]
    to = p.cerda + steps
    over = max(0, to - (CERDA_SPACES - 1))
    state = with_player(state, seat, cerda=min(max(to, 0), CERDA_SPACES - 1))
    return add_vp(state, seat, over * CERDA_OVERFLOW_VP)


def pay(state: State, seat: int, coins: int, cloths: int) -> State:
    p = state.players[seat]
    return with_player(state, seat, coins=p.coins - coins, cloths=p.cloths - cloths)


def gain(state: State, seat: int, r: Reward) -> State:
    """VP and Cerdà at once; resources stored at once when they fit and need no choice,
    else a Store step; Sagrada Família steps and Pedestrian gains as steps to take."""
    state = add_vp(state, seat, r.vp)
    if r.cerda:
        state = move_cerda(state, seat, r.cerda)
    p = state.players[seat]
    tasks: list[Task] = []
    if r.coins or r.cloths or r.either:
        fits = p.coins + p.cloths + r.coins + r.cloths <= p.capacity
        if fits and not r.either:
            state = with_player(state, seat, coins=p.coins + r.coins, cloths=p.cloths + r.cloths)
        else:
            tasks.append(Task("store", seat, coins=r.coins, cloths=r.cloths, either=r.either))
    if r.sagrada:
        tasks.append(Task("sagrada", seat, n=r.sagrada))
    if r.joy or r.steps:
        tasks.append(Task("walk", seat, steps=(r.steps, r.steps), chunks=r.joy))
    return push(state, *tasks)
