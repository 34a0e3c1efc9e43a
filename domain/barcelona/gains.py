"""Gains and track moves: the effects every part of the game shares."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from .components import CERDA_OVERFLOW_VP, CERDA_SPACES, Reward
from .state import Player, State, Task, put, with_player


def push(state: State, *tasks: Task) -> State:
    """Put tasks on the stack, the first one given on top (resolved first)."""
    return replace(state, tasks=state.tasks + tuple(reversed(tasks)))


def pop(state: State) -> State:
    return replace(state, tasks=state.tasks[:-1])


def replace_top(state: State, task: Task) -> State:
    return replace(state, tasks=(*state.tasks[:-1], task))


def add_vp(state: State, seat: int, vp: int) -> State:
    return with_player(state, seat, vp=state.players[seat].vp + vp) if vp else state


CERDA_TOP = CERDA_SPACES - 1


def cerda_moved(cerda: int, vp: int, steps: int) -> tuple[int, int]:
    """(Cerdà space, VP) after `steps` on the Cerdà track (see `move_cerda`)."""
    to = cerda + steps
    if to > CERDA_TOP:
        return CERDA_TOP, vp + (to - CERDA_TOP) * CERDA_OVERFLOW_VP
    return (to, vp) if to >= 0 else (0, vp)


def move_cerda(state: State, seat: int, steps: int) -> State:
    """seed: mandatory; below the bottom is ignored, each step above the top is 2 VP."""
    p = state.players[seat]
    cerda, vp = cerda_moved(p.cerda, p.vp, steps)
    return with_player(state, seat, cerda=cerda, vp=vp)


def pay(state: State, seat: int, coins: int, cloths: int) -> State:
    p = state.players[seat]
    return with_player(state, seat, coins=p.coins - coins, cloths=p.cloths - cloths)


def gain(state: State, seat: int, r: Reward, tasks: tuple[Task, ...] | None = None,
         player: Player | None = None, **changes: Any) -> State:
    """`gained`, made in one change of the state with the caller's `changes` (not of the
    players) and its `tasks` under the new steps (the state's by default): a gain ends most
    events. (The commonest events call `gained` and name their changes: a `**changes`
    passed on costs a fold about as much as a copy of the state.)"""
    players, steps = gained(state, seat, r, player)
    return replace(state, players=players,
                   tasks=(state.tasks if tasks is None else tasks) + steps, **changes)


def gained(state: State, seat: int, r: Reward, player: Player | None = None
           ) -> tuple[tuple[Player, ...], tuple[Task, ...]]:
    """VP and Cerdà at once; resources stored at once when they fit and need no choice,
    else a Store step; Sagrada Família steps and Pedestrian gains as steps to take: the
    players once the seat's `player` (as the caller changed it; the state's by default)
    gained, and the steps to put on the tasks."""
    p = state.players[seat] if player is None else player
    vp, cerda, coins, cloths = p.vp + r.vp, p.cerda, p.coins, p.cloths
    if r.cerda:
        cerda, vp = cerda_moved(cerda, vp, r.cerda)
    steps: list[Task] = []
    if r.coins or r.cloths or r.either:
        if not r.either and coins + cloths + r.coins + r.cloths <= p.capacity:
            coins, cloths = coins + r.coins, cloths + r.cloths
        else:
            steps.append(Task("store", seat, coins=r.coins, cloths=r.cloths, either=r.either))
    if r.sagrada:
        steps.append(Task("sagrada", seat, n=r.sagrada))
    if r.joy or r.steps:
        steps.append(Task("walk", seat, steps=(r.steps, r.steps), chunks=r.joy))
    if vp != p.vp or cerda != p.cerda or coins != p.coins or cloths != p.cloths:
        p = replace(p, vp=vp, cerda=cerda, coins=coins, cloths=cloths)
    players = state.players
    if p is not players[seat]:
        players = put(players, seat, p)
    return players, (tuple(reversed(steps)) if steps else ())
