"""What each audience sees: the whole table, with hands and face-down cards only for
their owner. Every audience gets the same shape; a secret is None where it would be."""

from __future__ import annotations

from functools import cache, lru_cache

import msgspec

from domain.core.memo import per_state

from .components import (
    CONTRACTS,
    FOOTPRINTS,
    ROUNDS,
    SUBSIDIZED,
    TILE_SIDE,
    ZONING,
    Contract,
    tile_kind,
    tile_label,
)
from .events import ContractTaken, Event, HandDrawn, OfferMade
from .layouts import Layout
from .placing import building_now, colour_of, neutral_colour, placements
from .state import Building, Card, Offer, State, active
from .town import orientations, town_of


# gc=False: a view is built from the state and never refers back to itself, so no cycle
# can pass through it; the collector need not walk the parts kept for the next views.
class TileView(msgspec.Struct, frozen=True, gc=False):
    """A town tile covering spaces row..row+size-1, col..col+size-1; `area` numbers the
    Park (or River) it belongs to, adjacent tiles sharing one."""

    tile: str
    kind: str
    label: str
    row: int
    col: int
    size: int
    area: int | None


class ShapeView(msgspec.Struct, frozen=True, gc=False):
    rotation: int
    mirror: bool
    cells: list[tuple[int, int]]  # offsets from the PlaceBuilding (row, col)


class FootprintView(msgspec.Struct, frozen=True, gc=False):
    height: int
    shapes: list[ShapeView]


class OfferView(msgspec.Struct, frozen=True, gc=False):
    """An offer space (past the board's last: right of the 0 space); `card` is None while it
    is face down, except for its owner."""

    space: int
    cost: int
    seat: int | None
    card: Card | None
    revealed: bool


class ZoningView(msgspec.Struct, frozen=True, gc=False):
    card: str
    kind: str
    tiles: list[str]  # the neighborhoods a Subsidized Neighborhoods card shows


class NowView(msgspec.Struct, frozen=True, gc=False):
    """The building being placed, once its card is face up (or the neutral one)."""

    seat: int
    owner: int | None
    colour: str
    height: int
    rule: str  # zoning, border (no space respects the zoning card) or anywhere


class PlayerView(msgspec.Struct, frozen=True, gc=False):
    seat: int
    colours: list[str]  # empty until the architect has chosen (two with two architects)
    coins: int
    hand: list[Card] | None  # only in the owner's view
    hand_size: int
    deck_size: int
    contracts: list[Contract] | None  # face down: the owner's view, or everyone's once over
    contracts_taken: int
    took_contract_this_round: bool


class View(msgspec.Struct, frozen=True, gc=False):
    seats: int
    round: int
    rounds: int
    phase: str
    active: list[int]
    layout: str
    tiles: list[TileView]
    footprints: list[FootprintView]
    buildings: list[Building]
    offers: list[OfferView]
    order: list[int]  # the seats of the cards beneath the offer board, left to right
    now: NowView | None
    zoning: ZoningView | None
    zoning_deck_size: int
    zoning_pile: list[str]
    height_objective: str
    grouping_objective: str
    contracts: list[Contract]  # face up; `count` is the number needed in this game
    contract_deck_size: int
    neutral_colour: str | None  # 3 architects: the colour nobody chose, once all have
    players: list[PlayerView]


# The town's drawing and the footprints' shapes depend on the layout alone, and the
# table (everything but a seat's own secrets) on the state alone, yet every view of every
# audience carries them: each is built once and the same objects serve every view
# (nothing mutates a view).
@lru_cache(maxsize=256)  # as many as `town_of` keeps
def _tiles_by_value(layout: Layout) -> list[TileView]:
    town = town_of(layout)
    out = []
    for spot in layout:
        corner = (spot.row * TILE_SIDE, spot.col * TILE_SIDE)
        area = town.park_of.get(corner, town.river_of.get(corner))
        out.append(TileView(spot.tile, tile_kind(spot.tile), tile_label(spot.tile), corner[0],
                            corner[1], TILE_SIDE, area))
    return out


# found by the identity of the game's layout tuple first, as `town_of` (hashing 15 structs)
@per_state(size=64)
def _tiles(layout: Layout) -> list[TileView]:
    return _tiles_by_value(layout)


@cache
def footprints() -> list[FootprintView]:
    return [
        FootprintView(h, [ShapeView(r, m, list(cells)) for r, m, cells in orientations(h)])
        for h in FOOTPRINTS
    ]


@lru_cache(maxsize=64)
def contract_view(card: int, seats: int) -> Contract:
    """The card as this game reads it: `count` is what it needs here (3 for 2 with two)."""
    contract = CONTRACTS[card]
    return msgspec.structs.replace(contract, count=contract.needed(seats))


def _offer(space: int, cost: int, offer: Offer | None, viewer: int | None) -> OfferView:
    if offer is None:
        return OfferView(space, cost, None, None, False)
    seen = offer.revealed or offer.seat == viewer
    return OfferView(space, cost, offer.seat, offer.card if seen else None, offer.revealed)


def _offers(state: State, viewer: int | None) -> list[OfferView]:
    board = [_offer(i, cost, o, viewer) for i, (cost, o) in enumerate(
        zip(state.costs, state.spaces, strict=True))]
    late = [_offer(len(state.costs) + i, 0, o, viewer) for i, o in enumerate(state.late)]
    return board + late


def _now(state: State) -> NowView | None:
    if state.phase not in ("place", "contract", "neutral"):
        return None
    seat, owner, colour, height = building_now(state)
    return NowView(seat, owner, colour, height, placements(state)[1])


def _player(state: State, seat: int, viewer: int | None) -> PlayerView:
    roofed = [True] if state.seats == 2 else []
    colours = [colour_of(state, seat, r) for r in [False, *roofed]] if state.colours[seat] else []
    taken = state.taken[seat]
    # seed: a taken contract card lies face down until its coins are added at the end
    shown = seat == viewer or state.phase == "over"
    return PlayerView(
        seat, colours, state.coins[seat],
        list(state.hands[seat]) if seat == viewer else None,
        len(state.hands[seat]), len(state.decks[seat]),
        [contract_view(c, state.seats) for c in taken] if shown else None, len(taken),
        state.took_this_round[seat],
    )


@per_state(size=64, scaled=False)  # asked for each audience while one state is shown
def _table(state: State) -> tuple[View, dict[int, list[int]]]:
    """The spectators' view (no hand, no face-down card), and per seat the index in its
    `offers` of each of that seat's cards still face down."""
    zoning = (ZoningView(state.zoning, ZONING[state.zoning], list(SUBSIDIZED.get(state.zoning, ())))
              if state.zoning else None)  # none drawn yet: the states before the setup's draws
    table = View(
        state.seats, state.round, ROUNDS, state.phase, active(state), state.layout,
        _tiles(state.town), footprints(), list(state.buildings), _offers(state, None),
        list(state.order), _now(state), zoning,
        len(ZONING) - len(state.zoning_pile), list(state.zoning_pile),
        state.height_objective, state.grouping_objective,
        [contract_view(c, state.seats) for c in state.contracts],
        len(CONTRACTS) - len(state.contracts_drawn),
        neutral_colour(state),
        [_player(state, seat, None) for seat in range(state.seats)],
    )
    face_down: dict[int, list[int]] = {}
    for i, offer in enumerate((*state.spaces, *state.late)):
        if offer is not None and not offer.revealed:
            face_down.setdefault(offer.seat, []).append(i)
    return table, face_down


def view(state: State, viewer: int | None) -> View:
    table, face_down = _table(state)
    if viewer is None or not 0 <= viewer < state.seats:
        return table  # sees what the spectators see
    players = list(table.players)
    players[viewer] = _player(state, viewer, viewer)
    offers = table.offers
    if viewer in face_down:  # its own face-down cards, which only it sees
        offers = list(offers)
        for i in face_down[viewer]:
            offers[i] = msgspec.structs.replace(offers[i], card=_card(state, i))
    return msgspec.structs.replace(table, offers=offers, players=players)


def _card(state: State, i: int) -> Card:
    offer = state.spaces[i] if i < len(state.spaces) else state.late[i - len(state.spaces)]
    assert offer is not None
    return offer.card


def redact(event: Event, viewer: int | None) -> Event:
    """Empty what `viewer` may not see: others' drawn cards, face-down offers and face-down
    contract cards (turned up at the end by `ContractsRevealed`)."""
    # exact types (no event type has subclasses): a failed isinstance on a msgspec Struct
    # class costs several times more, and most events are none of these
    if type(event) is HandDrawn and event.seat != viewer:
        return HandDrawn(event.seat, event.count, None)
    if type(event) is OfferMade and event.seat != viewer:
        return OfferMade(event.seat, event.space, event.cost, None)
    if type(event) is ContractTaken and event.seat != viewer:
        return ContractTaken(event.seat, None)
    return event
