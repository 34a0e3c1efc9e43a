"""The state of a game (immutable Structs and tuples) and small helpers over it.

`evolve` lives in evolve.py: it applies an event and then takes every step that needs
no choice. A turn is a `phase` plus a stack of `tasks` (the top one is what the
game waits for): a granted Sagrada Família step, a gain to store, an action granted by
a Sidewalk space, a Public Service or a Passenger, and so on.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

import msgspec
from msgspec.structs import replace

from .components import (
    BAG,
    CERDA_START,
    COBBLESTONES,
    MARKER_STACKS,
    NARROW_STACKS,
    PROJECT_SPACES,
    START_CLOTHS,
    START_COINS,
    TILES,
    WAREHOUSE_OPEN,
    WIDE_STACK,
    Action,
    Amenity,
    Bonus,
    Cls,
    Condition,
    Cost,
    Service,
    Violet,
)
from .options import BenefitTiming, Layout

Phase = Literal["setup", "place", "actions", "build", "confirm", "reveal", "pre_scoring",
                "scoring", "refresh", "refill", "draw", "pre_final", "over"]
TaskKind = Literal["benefits", "act", "narrow", "passenger", "store", "sagrada",
                   "sagrada_tile", "walk", "hex", "starting_joy"]
# Hospital: no Coin costs; Pavelló: no Cloth cost of the space; Universitat: anywhere;
# Estació: the Passenger's Coin cost is waived.
Flag = Literal["no_coins", "no_cloth", "anywhere", "free_passenger"]


# gc=False: frozen, holding only immutable values, so no cycle can pass through a state;
# the collector need not walk the many states that histories and caches keep.
class Task(msgspec.Struct, frozen=True, gc=False):
    """Something the game waits for `seat` to choose, above the turn's phase."""

    kind: TaskKind
    seat: int
    n: int = 0  # benefits to choose, steps left, tile level
    actions: tuple[Action, ...] = ()
    flags: tuple[Flag, ...] = ()
    coins: int = 0  # a gain to store
    cloths: int = 0
    either: int = 0
    steps: tuple[int, int] = (0, 0)  # Pedestrian steps left, each
    joy: tuple[int, int] = (0, 0)  # Joy due to a named Pedestrian
    chunks: tuple[int, ...] = ()  # Joy due to either Pedestrian, chunk by chunk


class Site(msgspec.Struct, frozen=True, gc=False):
    level: int  # 0 Corner, 1-3
    markers: tuple[int, ...] = ()  # seats, bottom first


class Player(msgspec.Struct, frozen=True, gc=False):
    coins: int = START_COINS
    cloths: int = START_CLOTHS
    vp: int = 0
    hand: tuple[Cls, ...] = ()
    cerda: int = CERDA_START
    sagrada: int = 0
    sagrada_tiles: tuple[str, ...] = ()
    cobbles: int = 0  # square Cobblestones placed
    narrow: tuple[int, ...] = NARROW_STACKS
    wide: int = WIDE_STACK
    intersections: int = 0
    passengers: int = 0
    markers: tuple[int, ...] = MARKER_STACKS
    projects: tuple[Condition | None, ...] = (None,) * len(PROJECT_SPACES)
    tops: tuple[bool, ...] = (False,) * len(PROJECT_SPACES)
    services: tuple[Service, ...] = ()
    tram: int | None = None
    waiting: int = 0  # Intersection benefits waiting for this player's turn (option)
    joy: tuple[int, int] = (1, 1)  # expansion: Barcelona, Gràcia Pedestrian
    walked: tuple[int, int] = (0, 0)  # 0 in its starting city, 1-3 on the path
    hexes: int = 0

    @property
    def capacity(self) -> int:
        """Open Warehouse spaces: the first ones and those freed by Cobblestones."""
        return WAREHOUSE_OPEN + self.cobbles

    def can_pay(self, cost: Cost) -> bool:
        return self.coins >= cost.coins and self.cloths >= cost.cloths

    @property
    def narrow_placed(self) -> int:
        return sum(NARROW_STACKS) - sum(self.narrow)

    @property
    def wide_placed(self) -> int:
        return WIDE_STACK - self.wide

    @property
    def cobbles_left(self) -> int:
        return COBBLESTONES - self.cobbles


class State(msgspec.Struct, frozen=True, gc=False):
    seats: int
    expansion: bool = False
    promo_bonus: bool = False
    layout_mode: Layout = "random"
    timing: BenefitTiming = "immediately"
    confirm: bool = True
    reveal_at_once: bool = False
    players: tuple[Player, ...] = ()
    layout: tuple[Action, ...] = ()
    bag: tuple[int, ...] = BAG
    outside: tuple[int, ...] = (0,) * len(BAG)  # per class: Citizens beyond a full row
    stacks: tuple[tuple[Cls, ...], ...] = ((),) * 25  # per crossing, bottom first
    placed_by: tuple[int | None, ...] = (None,) * 25
    intersections: tuple[int | None, ...] = (None,) * 25
    streets: tuple[int | None, ...] = (None,) * 44  # owner of the Street tile
    passengers: tuple[int | None, ...] = (None,) * 44
    sidewalk: tuple[int | None, ...] = (None,) * 25  # -1: the printed centre
    sites: tuple[Site | None, ...] = (None,) * 20
    tiles_left: tuple[int, ...] = tuple(TILES.values())
    bonuses: tuple[Bonus, ...] = ("vp5",) * 4
    flipped: tuple[bool, ...] = (False,) * 4
    track: tuple[tuple[bool, ...], ...] = ()  # per class row, spaces covered
    cerda_tiles: tuple[Condition, ...] = ()
    scored: int = 0
    display: tuple[Condition | None, ...] = (None,) * 4
    face_down: tuple[bool, ...] = (False,) * 4
    projects_left: tuple[Condition, ...] = ()  # a set, sorted: never an order
    discards: tuple[Condition, ...] = ()  # face up, sorted: the next stack once it runs out
    services: tuple[Service, ...] = ()
    services_left: tuple[int, ...] = ()
    sagrada_left: tuple[str, ...] = ()
    amenities: tuple[Amenity, ...] = ()
    violets: tuple[Violet, ...] = ()
    hexes: tuple[int | None, ...] = ()  # owner per hexagonal reward space
    turn: int = 0
    phase: Phase = "setup"
    tasks: tuple[Task, ...] = ()
    crossing: int | None = None
    used: tuple[int, ...] = ()  # streets whose action was taken this turn
    end: bool = False
    reveal_due: bool = False


def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    changed = list(values)  # faster than joining two slices around the value
    changed[i] = value
    return tuple(changed)


def first_left(stacks: tuple[int, ...]) -> int | None:
    """The leftmost of a player's stacks (Narrow Streets, markers) not empty yet."""
    for i, n in enumerate(stacks):
        if n:
            return i
    return None


@lru_cache(maxsize=256)  # a player's stacks take a few dozen shapes
def take_leftmost(stacks: tuple[int, ...]) -> tuple[tuple[int, ...], bool] | None:
    """The stacks once a piece is taken from the leftmost not empty yet, and whether that
    emptied it (None: all empty)."""
    i = first_left(stacks)
    return None if i is None else (put(stacks, i, stacks[i] - 1), stacks[i] == 1)


def active(state: State) -> list[int]:
    """The seat the game waits for: the owner of the top task, else the turn's player."""
    if state.phase == "over":
        return []
    if state.tasks:
        return [state.tasks[-1].seat]
    return [state.turn]


def tiles_remain(state: State) -> bool:
    """Whether a Modernisme tile can still be revealed (research: the discards are
    reshuffled into a new stack when it runs out)."""
    return bool(state.projects_left or state.discards)


def top(state: State) -> Task | None:
    return state.tasks[-1] if state.tasks else None
