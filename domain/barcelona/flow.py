"""What no seat chooses: the random draws (Citizens from the bag, Modernisme tiles, the
reshuffle of the discards) and the Cerdà Scoring, each made when the state waits for it and
chained after a command through `domain.core.settle`."""

from __future__ import annotations

from random import Random

from domain.core import settle

from .components import CLASSES, DISPLAY, Cls, Condition
from .events import (
    CerdaScored,
    CitizensDrawn,
    Event,
    ProjectsRefreshed,
    ProjectsReshuffled,
    ProjectsRevealed,
)
from .evolve import fold
from .state import State
from .turns import cerda_gains


def advance(state: State, events: list[Event], rng: Random) -> list[Event]:
    """`events`, then what they revealed, drawn one at a time from what remains."""
    return settle(fold, state, events,
                  lambda s: [drawn] if (drawn := draw(s, rng)) is not None else None)


def draw(state: State, rng: Random) -> Event | None:
    """What the state waits for that no seat chooses: a random draw (from what remains)
    or a Cerdà Scoring; None when a seat is to choose."""
    if not state.projects_left and state.discards and state.phase != "over":
        # research: "if at any point the stack would become empty, reshuffle the discarded
        # tiles": so the stack is never empty while a reveal could need it
        return ProjectsReshuffled(state.discards)
    if state.reveal_due or state.phase == "reveal":
        return reveal_placeholders(state, rng)
    if state.phase == "scoring":
        return CerdaScored(state.scored, state.cerda_tiles[state.scored], cerda_gains(state))
    if state.phase == "refresh":
        left = list(state.projects_left)
        return ProjectsRefreshed(tuple(_take(left, min(DISPLAY, len(left)), rng)))
    if state.phase == "refill":
        empty = [i for i, t in enumerate(state.display) if t is None and not state.face_down[i]]
        return _reveal_into(state, empty, rng)
    if state.phase == "draw":
        return draw_citizens(state, state.turn, rng)
    return None


def _take(pool: list[Condition], n: int, rng: Random) -> list[Condition]:
    return [pool.pop(rng.randrange(len(pool))) for _ in range(n)]


def reveal_placeholders(state: State, rng: Random) -> ProjectsRevealed:
    return _reveal_into(state, [i for i, down in enumerate(state.face_down) if down], rng)


def _reveal_into(state: State, slots: list[int], rng: Random) -> ProjectsRevealed:
    """Tiles from the stack onto `slots`, as many as it holds (`draw` reshuffles the
    discards for the rest)."""
    left = list(state.projects_left)
    tiles = _take(left, min(len(slots), len(left)), rng)
    return ProjectsRevealed(tuple(slots[: len(tiles)]), tuple(tiles))


def draw_citizens(state: State, seat: int, rng: Random, n: int = 2) -> CitizensDrawn:
    """seed: draw 2 Citizens from the bag (what is left, when it runs low)."""
    bag: list[Cls] = [c for c, k in zip(CLASSES, state.bag, strict=True) for _ in range(k)]
    drawn = [bag.pop(rng.randrange(len(bag))) for _ in range(min(n, len(bag)))]
    return CitizensDrawn(seat, len(drawn), tuple(drawn))
