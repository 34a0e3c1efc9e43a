"""The bots' side of Barcelona: the server's greedy `bot_move`, and the two questions the
greedy and search bots of domain/core/bots.py ask of the game, `evaluate` and `determinize`.

`bot_move` takes every action it can, keeps as much of a gain as fits, takes every step and
benefit, and builds the highest level it can: enough to give a human a game, and it only
ever picks from `legal`.
"""

from __future__ import annotations

import contextlib
import math
from itertools import islice
from random import Random

from msgspec.structs import replace

from .actions import builds
from .commands import (
    Build,
    ChooseBenefits,
    Command,
    EndActions,
    GiveJoy,
    RevealProjects,
    Skip,
    StepSagrada,
    Store,
    Walk,
)
from .components import (
    CERDA_START,
    CLASSES,
    CONDITION_VP,
    SECTION_SPACES,
    SECTIONS,
    Cls,
    multiplier,
)
from .geometry import streets_of
from .rules import legal
from .scoring import count, final_parts, outcome
from .state import Player, State


def priority(command: Command) -> int:
    match command:
        case Build(_, level, _):
            return 10 + level
        case Store(coins, cloths):
            return coins + cloths
        case ChooseBenefits(benefits):
            return len(benefits)
        case StepSagrada() | Walk() | GiveJoy():
            return 5
        case Skip() | EndActions() | RevealProjects():
            return 0
    return 3


def bot_move(state: State, seat: int, rng: Random) -> Command | None:
    moves = legal(state, seat)
    if not moves:
        return None
    best = max(priority(c) for c in moves)
    return rng.choice([c for c in moves if priority(c) == best])


# -- evaluate -------------------------------------------------------------------------

# What a holding is worth in VP while the game has far to go (scaled down by `left`, since
# a Coin unspent at the end scores only through a "coins" condition, counted already):
# a Coin or a Cloth buys about 1.5 VP (a Public Service is 10 VP for 3 Coins, a Project a few
# VP a tile), a Sagrada Família step leads to a tile worth 3-18 VP every two steps, an
# Intersection pays a benefit whenever anyone places on it.
RESOURCE_VP = 1.5
SAGRADA_STEP_VP = 2.0
INTERSECTION_VP = 3.0
# The turn's player, between placing and building: each street action still to take and the
# Building its Citizens allow. Without them a one-step look-ahead sees nothing in where it
# places (and shuns the Diagonal's three streets for their Coin).
STREET_VP = 2.0
BUILD_VP = 4.0
# Final scores of random and greedy games spread by 25-45 VP between first and last: a margin
# of 30 VP is tanh(1) = 0.76, a clear lead but not yet a won game.
MARGIN_SCALE = 30.0


def progress_left(state: State) -> float:
    """How much of the game is left, 1 at the start to 0 at the third Cerdà Scoring: the
    scorings still to come, less how far the fullest Citizen row is into the next section."""
    if state.scored >= SECTIONS or state.end:
        return 0.0
    start = state.scored * SECTION_SPACES
    filled = max(sum(row[start:start + SECTION_SPACES]) for row in state.track)
    return 1.0 - (state.scored + filled / SECTION_SPACES) / SECTIONS


def _cerda_to_come(state: State, seat: int, p: Player) -> float:
    """The Cerdà Scorings still to come at today's counts: the next one at today's
    multiplier, the later ones at most at the start's (the marker drops back after each)."""
    total = 0.0
    for section in range(state.scored, min(SECTIONS, len(state.cerda_tiles))):
        tile = state.cerda_tiles[section]
        mult = multiplier(p.cerda if section == state.scored else min(p.cerda, CERDA_START))
        total += CONDITION_VP[tile] * count(state, seat, tile) * mult
    return total


def projected(state: State, seat: int, left: float) -> float:
    """The VP `seat` may expect at the end, from public facts only: the final scoring of
    today's board (VP, Cobblestones, Passengers, Projects at today's counts), the Cerdà
    Scorings to come, and what its holdings may still buy."""
    p = state.players[seat]
    later = ((p.coins + p.cloths) * RESOURCE_VP + p.sagrada * SAGRADA_STEP_VP
             + p.intersections * INTERSECTION_VP)
    return final_parts(state, seat)["total"] + _cerda_to_come(state, seat, p) + later * left


# A seat's projection reads only its Player, four tuples of the board, the Cerdà tiles, how
# many are scored and `left`; `evolve` replaces only what an event changed, so after one
# command the other seats' projections are found here by the identity of those parts (a
# projection costs 20-40 us, mostly the condition counts). Each entry keeps its parts alive,
# so their ids stay theirs while it is there.
KEPT = 4096
_kept: dict[tuple[object, ...], tuple[tuple[object, ...], float]] = {}


def _projected_kept(state: State, seat: int, left: float) -> float:
    parts = (state.players[seat], state.sites, state.intersections, state.passengers,
             state.streets, state.cerda_tiles)
    key = (seat, state.scored, state.expansion, left, *map(id, parts))
    entry = _kept.get(key)
    if entry is not None and all(a is b for a, b in zip(entry[0], parts, strict=True)):
        return entry[1]
    if len(_kept) >= KEPT:
        # The oldest quarter (see memo.py); bots on other threads may change the dict
        # meanwhile, which only means other entries go first.
        with contextlib.suppress(RuntimeError):
            for old in list(islice(_kept, KEPT // 4)):
                _kept.pop(old, None)
    value = projected(state, seat, left)
    _kept[key] = (parts, value)
    return value


def turn_prospect(state: State, seat: int) -> float:
    """What the turn's player may still take this turn: the crossing's street actions not
    taken yet, and a Building once its Citizens allow one (mandatory, so it will be built)."""
    if state.turn != seat or state.crossing is None or state.phase not in ("actions", "build"):
        return 0.0
    streets = 0
    if state.phase == "actions":
        streets = sum(1 for street in streets_of(state.crossing) if street not in state.used)
    return streets * STREET_VP + (BUILD_VP if builds(state, seat) else 0.0)


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat`, in [-1, 1]. Once over: 1 first, -1 last, by rank
    (0 when all share the first rank). Before: tanh of its projected VP's margin over the
    best projected opponent. It reads only what every seat sees (no hand, no lower
    Citizen, not the bag's make-up), so a seat's own secrets do not move it either."""
    result = outcome(state)
    if result is not None:
        worst = max(result.ranks)
        return 0.0 if worst == 1 else 1.0 - 2.0 * (result.ranks[seat] - 1) / (worst - 1)
    left = progress_left(state)
    mine = [_projected_kept(state, s, left) for s in range(state.seats)]
    mine[state.turn] += turn_prospect(state, state.turn)
    best = max(v for s, v in enumerate(mine) if s != seat)
    return math.tanh((mine[seat] - best) / MARGIN_SCALE)


# -- determinize ---------------------------------------------------------------------


def _hidden_bottoms(state: State, seat: int | None) -> list[int]:
    """The crossings whose lower Citizen `seat` has not seen: placed by another seat."""
    return [x for x, stack in enumerate(state.stacks)
            if len(stack) > 1 and state.placed_by[x] != seat]


def determinize(state: State, seat: int | None, rng: Random) -> State:
    """A state `seat` cannot tell from `state`. Hidden from it are the other seats' hands,
    the lower Citizens the others placed, and what the bag holds (the table sees its size):
    together they are the Citizens `seat` has not seen, dealt anew at random, each hand,
    each stack and the bag keeping its size. Everything else is public or follows from what
    is public (the Modernisme stack is the tiles in play not on display, on a board or
    discarded), and once the game is over every view shows everything."""
    if state.phase == "over":
        return state
    others = [s for s in range(state.seats) if s != seat]
    bottoms = _hidden_bottoms(state, seat)
    held = [c for s in others for c in state.players[s].hand]
    held += [state.stacks[x][0] for x in bottoms]
    if not held:
        return state  # only the bag is unseen, and its make-up is all there is of it
    # Shuffled from an order of the classes, not the real one: the deal is a function of
    # what `seat` sees and of rng alone, so two states it cannot tell apart deal the same.
    unseen = [held.count(c) + n for c, n in zip(CLASSES, state.bag, strict=True)]
    pool: list[Cls] = [c for c, n in zip(CLASSES, unseen, strict=True) for _ in range(n)]
    rng.shuffle(pool)
    players = list(state.players)
    for s in others:
        size = len(players[s].hand)
        players[s] = replace(players[s], hand=tuple(pool[:size]))
        del pool[:size]
    stacks = list(state.stacks)
    for x in bottoms:
        stacks[x] = (pool.pop(), *stacks[x][1:])
    bag = tuple(pool.count(c) for c in CLASSES)
    return replace(state, players=tuple(players), stacks=tuple(stacks), bag=bag)
