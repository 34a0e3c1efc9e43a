"""`evolve`: apply one event to the state. Total and deterministic; it validates nothing.

Rebuilding a game folds every event of its log, so this is written for speed (issue 13):
one handler per event type found by a dict lookup rather than a chain of class patterns,
counts moved in place in a list rather than summed from generators, each state made by
one `replace`. tests/carrara/test_evolve_fast.py pins it to the plain version it replaced
(tests/carrara/reference_evolve.py) over states reached by random play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, Final, TypeVar

from msgspec.structs import replace

from .cards import BASIC_CARDS, CHOOSING_GREENS
from .components import (
    BASE_TILES,
    BLOCKS_PER_COLOUR,
    CITIES,
    COLOURS,
    EIGHT_COST,
    EIGHT_TILES,
    ITEMS,
    SECTIONS,
    SPACES,
    STARTING_BLOCK,
    STARTING_COINS,
    Item,
)
from .events import (
    BlocksBought,
    BlocksDrawn,
    BonusChosen,
    BuildingBuilt,
    BuildingChosen,
    BuildingRevealed,
    CardsDrawn,
    CategoryScored,
    CityScored,
    CoinsTaken,
    EndAnnounced,
    Event,
    GameEnded,
    GameStarted,
    ObjectBought,
    TurnEnded,
    TypeScored,
    UpgradeSkipped,
    UpgradeTaken,
    WheelKept,
    WheelTurned,
)
from .state import Cards, Counts, Pending, Phase, Player, State, upgrade_choices

T = TypeVar("T")

COLOUR_AT: Final[dict[str, int]] = {colour: i for i, colour in enumerate(COLOURS)}
ITEM_AT: Final[dict[str, int]] = {item: i for i, item in enumerate(ITEMS)}
CITY_AT: Final[dict[str, int]] = {city: i for i, city in enumerate(CITIES)}
# The order of the tiles in a city: by cost, then type (as `sorted` with this key gives).
_BUILD_ORDER: Final = attrgetter("cost", "kind")


def _setup(event: GameStarted) -> State:
    blocks = [[0] * len(COLOURS) for _ in range(event.seats)]
    for seat in range(event.seats):
        blocks[seat][COLOURS.index(STARTING_BLOCK[seat])] = 1
    # one block of each colour on section I, the starting blocks behind screens
    bag = [BLOCKS_PER_COLOUR - 1 - sum(b[i] for b in blocks) for i in range(len(COLOURS))]
    wheel = ((1,) * len(COLOURS),) + ((0,) * len(COLOURS),) * (SECTIONS - 1)
    players = tuple(
        Player(STARTING_COINS, tuple(b), (0,) * len(ITEMS)) for b in blocks
    )
    expansion = event.expansion
    return State(
        seats=event.seats, expansion=expansion, board=event.board, cards=Cards(*BASIC_CARDS),
        players=players, wheel=wheel, bag=tuple(bag), pile=BASE_TILES,
        eights=EIGHT_TILES if expansion else (),
        upgrade_tiles=SPACES if expansion else (),
    )


def moved(counts: Counts, names: Iterable[str], at: dict[str, int], sign: int = 1) -> Counts:
    """`counts` with one more (sign 1) or one fewer (sign -1) for each name; `at` gives the
    place of a name. The same as adding `counts_of(names, order)` times `sign`, without
    counting every name of the order in between."""
    out = list(counts)
    for name in names:
        out[at[name]] += sign
    return tuple(out)


def _without(values: tuple[T, ...], value: T) -> tuple[T, ...]:
    """`values` less every `value`. Tiles, objects and spaces are each there at most once, so
    the usual case is one cut at the one place it is."""
    n = values.count(value)
    if n != 1:
        return tuple(v for v in values if v != value) if n else values
    i = values.index(value)
    return values[:i] + values[i + 1:]


def _players(state: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    """The players with `seat`'s changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def _section(wheel: tuple[Counts, ...], section: int, blocks: Iterable[str],
             sign: int) -> tuple[Counts, ...]:
    """The wheel with `blocks` put on (sign 1) or taken from (sign -1) a section."""
    out = list(wheel)
    out[section] = moved(out[section], blocks, COLOUR_AT, sign)
    return tuple(out)


# -- the wheel, the bank and the object supply ------------------------------------------

def _wheel_turned(state: State, e: WheelTurned) -> State:
    # every section moves on by one; section VI comes back round to section I
    wheel = state.wheel
    return replace(state, wheel=(wheel[-1], *wheel[:-1]), phase="buy")


def _wheel_kept(state: State, e: WheelKept) -> State:
    return replace(state, phase="buy")


def _blocks_drawn(state: State, e: BlocksDrawn) -> State:
    return replace(state, wheel=_section(state.wheel, 0, e.blocks, 1),
                   bag=moved(state.bag, e.blocks, COLOUR_AT, -1))


def _blocks_bought(state: State, e: BlocksBought) -> State:
    player = state.players[e.seat]
    players = _players(state, e.seat, blocks=moved(player.blocks, e.blocks, COLOUR_AT),
                       coins=player.coins - e.price)
    return replace(state, players=players, wheel=_section(state.wheel, e.section, e.blocks, -1),
                   phase="purchase")


def _coins_taken(state: State, e: CoinsTaken) -> State:
    players = _players(state, e.seat, coins=state.players[e.seat].coins + e.coins)
    return replace(state, players=players, phase="purchase")


def _object_bought(state: State, e: ObjectBought) -> State:
    player = state.players[e.seat]
    players = _players(state, e.seat, coins=player.coins - e.price,
                       items=moved(player.items, (e.item,), ITEM_AT))
    return replace(state, players=players, for_sale=_without(state.for_sale, e.item),
                   phase="closing")


# -- building and scoring ---------------------------------------------------------------

def _building_chosen(state: State, e: BuildingChosen) -> State:
    return replace(state, pending=Pending(e.tile, e.city, e.replaces, e.due), phase="pay")


def _building_built(state: State, e: BuildingBuilt) -> State:
    player, tile = state.players[e.seat], e.tile
    i = CITY_AT[e.city]
    here = [t for t in player.cities[i] if t != e.replaces]
    here.append(tile)
    here.sort(key=_BUILD_ORDER)
    cities = list(player.cities)
    cities[i] = tuple(here)
    players = _players(state, e.seat, cities=tuple(cities),
                       blocks=moved(player.blocks, e.blocks, COLOUR_AT, -1))
    display, end = state.display, state.end
    if tile in display:
        display = tuple(None if t == tile else t for t in display)
        if not state.pile and not any(display):
            end = end or "last_building"  # research: the 30th building ends the game
    phase: Phase = "purchase"
    if tile.cost == EIGHT_COST and upgrade_choices(state):
        phase = "upgrade"
    return replace(state, players=players, display=display, eights=_without(state.eights, tile),
                   bag=moved(state.bag, e.blocks, COLOUR_AT), pending=None, phase=phase, end=end)


def _upgrade_taken(state: State, e: UpgradeTaken) -> State:
    players = _players(state, e.seat, upgrades=(*state.players[e.seat].upgrades, e.space))
    return replace(state, players=players, phase="purchase",
                   upgrade_tiles=_without(state.upgrade_tiles, e.space))


def _upgrade_skipped(state: State, e: UpgradeSkipped) -> State:
    return replace(state, phase="purchase")


def _scoring(state: State, seat: int, vp: int, coins: int, items: tuple[Item, ...],
             **changes: Any) -> dict[str, Any]:
    """The changes to the state of a scoring by `seat` (`changes`: those to its player)."""
    player = state.players[seat]
    players = _players(state, seat, vp=player.vp + vp, coins=player.coins + coins,
                       items=moved(player.items, items, ITEM_AT),
                       scorings=player.scorings + 1, **changes)
    return {"players": players, "supply": moved(state.supply, items, ITEM_AT, -1),
            "phase": "purchase"}


def _city_scored(state: State, e: CityScored) -> State:
    scored = list(state.city_scored_by)
    scored[CITY_AT[e.city]] = e.seat
    return replace(state, city_scored_by=tuple(scored),
                   **_scoring(state, e.seat, e.vp, e.coins, e.items))


def _type_scored(state: State, e: TypeScored) -> State:
    kinds = (*state.players[e.seat].scored_kinds, e.kind)
    return replace(state, **_scoring(state, e.seat, e.vp, e.coins, e.items, scored_kinds=kinds))


def _category_scored(state: State, e: CategoryScored) -> State:
    done = (*state.players[e.seat].scored_categories, e.category)
    return replace(state, **_scoring(state, e.seat, e.vp, e.coins, (), scored_categories=done))


# -- the rest of the game ---------------------------------------------------------------

def _cards_drawn(state: State, e: CardsDrawn) -> State:
    return replace(state, cards=Cards(e.brown, e.purple, e.grey, e.green))


def _building_revealed(state: State, e: BuildingRevealed) -> State:
    display = list(state.display)
    display[e.slot] = e.tile
    return replace(state, display=tuple(display), pile=_without(state.pile, e.tile))


def _end_announced(state: State, e: EndAnnounced) -> State:
    players = _players(state, e.seat, vp=state.players[e.seat].vp + e.vp, announced=True)
    return replace(state, players=players, end="announced", announcer=e.seat)


def _turn_ended(state: State, e: TurnEnded) -> State:
    nxt = (e.seat + 1) % state.seats
    return replace(state, turn=nxt, round=state.round + (nxt == 0), phase="action",
                   pending=None)


def _game_ended(state: State, e: GameEnded) -> State:
    # research: green II and VI let every player choose what is scored again
    choosing = state.cards.green in CHOOSING_GREENS
    return replace(state, phase="bonus" if choosing else "over")


def _bonus_chosen(state: State, e: BonusChosen) -> State:
    players = _players(state, e.seat, bonus=e.choice)
    done = all(p.bonus for p in players)
    return replace(state, players=players, phase="over" if done else "bonus")


# Every event but GameStarted (which needs no state); test_evolve_fast.py checks that the
# keys are exactly the rest of the union, as `assert_never` over a `match` would.
HANDLERS: Final[dict[type, Callable[[State, Any], State]]] = {
    TurnEnded: _turn_ended, WheelTurned: _wheel_turned, WheelKept: _wheel_kept,
    BlocksDrawn: _blocks_drawn, BlocksBought: _blocks_bought, CoinsTaken: _coins_taken,
    ObjectBought: _object_bought, BuildingChosen: _building_chosen,
    BuildingBuilt: _building_built, UpgradeTaken: _upgrade_taken,
    UpgradeSkipped: _upgrade_skipped, CityScored: _city_scored, TypeScored: _type_scored,
    CategoryScored: _category_scored, CardsDrawn: _cards_drawn,
    BuildingRevealed: _building_revealed, EndAnnounced: _end_announced,
    GameEnded: _game_ended, BonusChosen: _bonus_chosen,
}


def evolve(state: State | None, event: Event) -> State:
    """Apply one event."""
    if isinstance(event, GameStarted):
        return _setup(event)
    assert state is not None, "the first event must be GameStarted"
    return HANDLERS[type(event)](state, event)
