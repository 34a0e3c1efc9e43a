"""What each audience sees: the whole table, with hands and face-down cards only for
their owner. Every audience gets the same shape; a secret is None where it would be."""

from __future__ import annotations

from functools import cache, lru_cache

import msgspec

from domain.core.memo import LastShown, per_state

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


# gc=False, and tuples rather than lists: a view is built from the state and never refers
# back to itself, so no cycle can pass through it. The server keeps each game's last views
# (LastShown), and a list (or a struct the collector tracks) in them would be walked by every
# middle pass; a tuple of untracked items is untracked by the first collection it survives.
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
    cells: tuple[tuple[int, int], ...]  # offsets from the PlaceBuilding (row, col)


class FootprintView(msgspec.Struct, frozen=True, gc=False):
    height: int
    shapes: tuple[ShapeView, ...]


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
    tiles: tuple[str, ...]  # the neighborhoods a Subsidized Neighborhoods card shows


class NowView(msgspec.Struct, frozen=True, gc=False):
    """The building being placed, once its card is face up (or the neutral one)."""

    seat: int
    owner: int | None
    colour: str
    height: int
    rule: str  # zoning, border (no space respects the zoning card) or anywhere


class PlayerView(msgspec.Struct, frozen=True, gc=False):
    seat: int
    colours: tuple[str, ...]  # empty until the architect has chosen (two with two architects)
    coins: int
    hand: tuple[Card, ...] | None  # only in the owner's view
    hand_size: int
    deck_size: int
    contracts: tuple[Contract, ...] | None  # face down: the owner's view, or everyone's once over
    contracts_taken: int
    took_contract_this_round: bool


class View(msgspec.Struct, frozen=True, gc=False):
    seats: int
    round: int
    rounds: int
    phase: str
    active: tuple[int, ...]
    layout: str
    tiles: tuple[TileView, ...]
    footprints: tuple[FootprintView, ...]
    buildings: tuple[Building, ...]
    offers: tuple[OfferView, ...]
    order: tuple[int, ...]  # the seats of the cards beneath the offer board, left to right
    now: NowView | None
    zoning: ZoningView | None
    zoning_deck_size: int
    zoning_pile: tuple[str, ...]
    height_objective: str
    grouping_objective: str
    contracts: tuple[Contract, ...]  # face up; `count` is the number needed in this game
    contract_deck_size: int
    neutral_colour: str | None  # 3 architects: the colour nobody chose, once all have
    players: tuple[PlayerView, ...]


# The town's drawing and the footprints' shapes depend on the layout alone, and the
# table (everything but a seat's own secrets) on the state alone, yet every view of every
# audience carries them: each is built once and the same objects serve every view
# (nothing mutates a view).
@lru_cache(maxsize=256)  # as many as `town_of` keeps
def _tiles_by_value(layout: Layout) -> tuple[TileView, ...]:
    town = town_of(layout)
    out = []
    for spot in layout:
        corner = (spot.row * TILE_SIDE, spot.col * TILE_SIDE)
        area = town.park_of.get(corner, town.river_of.get(corner))
        out.append(TileView(spot.tile, tile_kind(spot.tile), tile_label(spot.tile), corner[0],
                            corner[1], TILE_SIDE, area))
    return tuple(out)


# found by the identity of the game's layout tuple first, as `town_of` (hashing 15 structs)
@per_state(size=64)
def _tiles(layout: Layout) -> tuple[TileView, ...]:
    return _tiles_by_value(layout)


@cache
def footprints() -> tuple[FootprintView, ...]:
    return tuple(
        FootprintView(h, tuple(ShapeView(r, m, cells) for r, m, cells in orientations(h)))
        for h in FOOTPRINTS
    )


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


def _offers(state: State, viewer: int | None) -> tuple[OfferView, ...]:
    board = [_offer(i, cost, o, viewer) for i, (cost, o) in enumerate(
        zip(state.costs, state.spaces, strict=True))]
    late = [_offer(len(state.costs) + i, 0, o, viewer) for i, o in enumerate(state.late)]
    return (*board, *late)


def _now(state: State) -> NowView | None:
    if state.phase not in ("place", "contract", "neutral"):
        return None
    seat, owner, colour, height = building_now(state)
    return NowView(seat, owner, colour, height, placements(state)[1])


def _player(state: State, seat: int, viewer: int | None) -> PlayerView:
    roofed = [True] if state.seats == 2 else []
    colours = tuple([colour_of(state, seat, r) for r in [False, *roofed]]) if state.colours[seat] else ()
    taken = state.taken[seat]
    # seed: a taken contract card lies face down until its coins are added at the end
    shown = seat == viewer or state.phase == "over"
    return PlayerView(
        seat, colours, state.coins[seat],
        state.hands[seat] if seat == viewer else None,
        len(state.hands[seat]), len(state.decks[seat]),
        tuple([contract_view(c, state.seats) for c in taken]) if shown else None, len(taken),
        state.took_this_round[seat],
    )


# A state is shown to every audience, and the views differ only in one seat's hand, its
# face-down offers and its contract cards; from one command to the next most of the table
# stays as it was (`evolve` replaces only the tuples an event changes). So each game's
# last shown state is kept with its views (`_Shown`, in a `LastShown`:
# domain/core/memo.py), found by the identity of its `colours` (a tuple made once per game
# when the last architect chooses), and the next state's views take as they are the parts
# whose parts of the state are the very same objects (`_next`: checked part by part, so an
# older state of the game or another game's only finds less); `_fresh` builds every part
# (the plain computation tests/bellavista/test_shown.py pins `_next` to). Nothing mutates
# a view, so one part serves every view that shows it.


class _Shown:
    """A state and its views: the spectators' (`table`), and each seat's once asked, with
    the parts the next state may take: each seat's own player and offers."""

    __slots__ = ("face_down", "offers", "own", "seats", "state", "table")

    def __init__(self, state: State, table: View, face_down: dict[int, list[int]],
                 own: list[PlayerView | None], offers: list[tuple[OfferView, ...] | None]
                 ) -> None:
        self.state = state
        self.table = table
        self.face_down = face_down  # per seat, the index in `offers` of its face-down cards
        self.own = own  # each seat's player with its hand and contracts
        self.offers = offers  # each seat's offers, its face-down cards shown
        self.seats: list[View | None] = [None] * state.seats


def view(state: State, viewer: int | None) -> View:
    shown = _SHOWN(state)
    if viewer is None or not 0 <= viewer < state.seats:
        return shown.table  # sees what the spectators see
    seat = shown.seats[viewer]
    return _seat(shown, viewer) if seat is None else seat


def _follow(state: State, last: _Shown) -> _Shown:
    """The views of `state`, with the parts it shares with the game's last shown state."""
    if last.state.seats != state.seats or last.state.costs != state.costs:
        return _fresh(state)
    return _next(state, last)


def _seat(shown: _Shown, viewer: int) -> View:
    """The spectators' view with `viewer`'s own player and face-down cards."""
    state, table = shown.state, shown.table
    own = shown.own[viewer]
    if own is None:
        own = shown.own[viewer] = _player(state, viewer, viewer)
    offers = shown.offers[viewer]
    if offers is None:
        offers = table.offers
        if viewer in shown.face_down:  # its own face-down cards, which only it sees
            mine = list(offers)
            for i in shown.face_down[viewer]:
                mine[i] = msgspec.structs.replace(mine[i], card=_card(state, i))
            offers = tuple(mine)
        shown.offers[viewer] = offers
    players = list(table.players)
    players[viewer] = own
    seat = shown.seats[viewer] = msgspec.structs.replace(table, offers=offers,
                                                         players=tuple(players))
    return seat


def _face_down(state: State) -> dict[int, list[int]]:
    """Per seat, the index in `offers` of each of that seat's cards still face down."""
    face_down: dict[int, list[int]] = {}
    for i, offer in enumerate((*state.spaces, *state.late)):
        if offer is not None and not offer.revealed:
            face_down.setdefault(offer.seat, []).append(i)
    return face_down


def _zoning(state: State) -> ZoningView | None:
    # none drawn yet: the states before the setup's draws
    if not state.zoning:
        return None
    return ZoningView(state.zoning, ZONING[state.zoning], SUBSIDIZED.get(state.zoning, ()))


def _fresh(state: State) -> _Shown:
    """The spectators' view (no hand, no face-down card), every part built."""
    table = View(
        state.seats, state.round, ROUNDS, state.phase, tuple(active(state)), state.layout,
        _tiles(state.town), footprints(), state.buildings, _offers(state, None),
        state.order, _now(state), _zoning(state),
        len(ZONING) - len(state.zoning_pile), state.zoning_pile,
        state.height_objective, state.grouping_objective,
        tuple([contract_view(c, state.seats) for c in state.contracts]),
        len(CONTRACTS) - len(state.contracts_drawn),
        neutral_colour(state),
        tuple([_player(state, seat, None) for seat in range(state.seats)]),
    )
    none = [None] * state.seats
    return _Shown(state, table, _face_down(state), list(none), list(none))


def _next(s: State, last: _Shown) -> _Shown:
    """`s`'s views with the parts of `last` (a state of as many seats and offer spaces)
    whose parts of the state are the very same objects in `s`."""
    was, wv = last.state, last.table
    players, own = _next_players(s, was, wv.players, last.own)
    if s.spaces is was.spaces and s.late is was.late:
        offers, face_down, seat_offers = wv.offers, last.face_down, last.offers
    else:
        offers, face_down, seat_offers = _offers(s, None), _face_down(s), [None] * s.seats
    table = View(
        s.seats, s.round, ROUNDS, s.phase, tuple(active(s)), s.layout,
        wv.tiles if s.town is was.town else _tiles(s.town), wv.footprints,
        s.buildings, offers, s.order, _now(s),  # the state's own tuples, frozen as a view is
        wv.zoning if s.zoning == was.zoning else _zoning(s),
        len(ZONING) - len(s.zoning_pile), s.zoning_pile,
        s.height_objective, s.grouping_objective,
        wv.contracts if s.contracts is was.contracts
        else tuple([contract_view(c, s.seats) for c in s.contracts]),
        len(CONTRACTS) - len(s.contracts_drawn),
        neutral_colour(s), players,
    )
    return _Shown(s, table, face_down, own, seat_offers)


def _next_players(s: State, was: State, views: tuple[PlayerView, ...],
                  own: list[PlayerView | None]
                  ) -> tuple[tuple[PlayerView, ...], list[PlayerView | None]]:
    """The spectators' players of `s` and each seat's own (None: made when asked), those
    of `was` (`views`, `own`) kept where the parts of the state they show are the same."""
    if (s.colours is not was.colours
            or (s.phase == "over") is not (was.phase == "over")):  # contracts turn up
        return tuple([_player(s, seat, None) for seat in range(s.seats)]), [None] * s.seats
    if (s.coins is was.coins and s.hands is was.hands and s.decks is was.decks
            and s.taken is was.taken and s.took_this_round is was.took_this_round):
        return views, own
    players, mine = list(views), list(own)
    for seat in range(s.seats):
        hand, taken = s.hands[seat], s.taken[seat]
        if (s.coins[seat] != was.coins[seat] or len(hand) != len(was.hands[seat])
                or len(s.decks[seat]) != len(was.decks[seat]) or taken is not was.taken[seat]
                or s.took_this_round[seat] != was.took_this_round[seat]):
            players[seat] = _player(s, seat, None)
            mine[seat] = None
        elif hand is not was.hands[seat]:
            mine[seat] = None
    return tuple(players), mine


def _card(state: State, i: int) -> Card:
    offer = state.spaces[i] if i < len(state.spaces) else state.late[i - len(state.spaces)]
    assert offer is not None
    return offer.card


def redact(event: Event, viewer: int | None) -> Event:
    """Empty what `viewer` may not see: others' drawn cards, face-down offers and face-down
    contract cards (turned up at the end by `ContractsRevealed`). Every audience it hides
    something from is given the same event (`_redacted`)."""
    # exact types (no event type has subclasses): a failed isinstance on a msgspec Struct
    # class costs several times more, and most events are none of these
    if ((type(event) is HandDrawn or type(event) is OfferMade or type(event) is ContractTaken)
            and event.seat != viewer):
        made = _redacted.get(id(event))
        return _redact(event) if made is None or made[0] is not event else made[1]
    return event


# The events last redacted, by their identity (each entry keeping its event alive): an
# event is shown to every audience after a command, and those it hides something from are
# given the one redacted event, whose sentence `describe` then makes once (describe.py).
_redacted: dict[int, tuple[Event, Event]] = {}
REDACTED = 64  # the hidden events of a few commands: a fan-out asks about one command's


def _redact(event: HandDrawn | OfferMade | ContractTaken) -> Event:
    hidden: Event
    if type(event) is HandDrawn:
        hidden = HandDrawn(event.seat, event.count, None)
    elif type(event) is OfferMade:
        hidden = OfferMade(event.seat, event.space, event.cost, None)
    else:
        hidden = ContractTaken(event.seat, None)
    if len(_redacted) >= REDACTED:
        _redacted.clear()
    _redacted[id(event)] = (event, hidden)
    return hidden


_SHOWN = LastShown(__name__, lambda state: state.colours, _fresh, _follow)
