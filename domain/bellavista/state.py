"""The state of a game of Bella Vista, and `active`: whose move it is (evolve.py applies an
event to it)."""

from __future__ import annotations

from typing import Literal

import msgspec

from .components import COINS, COLOURS, CONTRACTS, FOOTPRINTS, TWO_ARCHITECT_COLOURS, Colour
from .layouts import TileSpot

Phase = Literal["colour", "setup", "offer", "reveal", "place", "contract", "neutral", "round_end", "over"]
Cell = tuple[int, int]


# gc=False: frozen, holding only values and tuples of them, so no cycle can pass through a
# state or any part of it; the collector need not walk the histories and caches holding them.
class Card(msgspec.Struct, frozen=True, gc=False, order=True):
    """A construction card: the height of the building it builds; `roofed` for the second
    set of a two-architect game (the building of the other colour under a roof tile)."""

    height: int
    roofed: bool = False


class Offer(msgspec.Struct, frozen=True, gc=False):
    """A card on the offer board: who played it, what it cost, whether it is face up."""

    seat: int
    card: Card
    cost: int
    revealed: bool = False


class Building(msgspec.Struct, frozen=True, gc=False):
    """A building in the town; `owner` is None for the neutral colour of a 3-architect game."""

    owner: int | None
    colour: str
    height: int
    cells: tuple[Cell, ...]


class State(msgspec.Struct, frozen=True, gc=False):
    seats: int
    layout: str
    town: tuple[TileSpot, ...]
    costs: tuple[int, ...]  # the offer spaces, left to right
    coins: tuple[int, ...]
    decks: tuple[tuple[Card, ...], ...]  # what is left in each deck, sorted: never an order
    hands: tuple[tuple[Card, ...], ...]
    colours: tuple[str, ...] = ()  # each architect's chosen colour, "" until chosen
    round: int = 1
    phase: Phase = "colour"  # then "setup": the starting order and hands, drawn by the game
    order: tuple[int, ...] = ()  # the seats of the cards beneath the board, left to right
    offer_turn: int = 0  # index into `order` of the architect making an offer
    spaces: tuple[Offer | None, ...] = ()  # the cards above the board, per offer space
    late: tuple[Offer, ...] = ()  # cards right of the 0 space (could pay for no space)
    builder: int = 0  # index into `sequence()` of the architect building now
    buildings: tuple[Building, ...] = ()
    zoning: str = ""
    zoning_pile: tuple[str, ...] = ()  # every zoning card revealed so far, the last on top
    height_objective: str = ""
    grouping_objective: str = ""
    contracts: tuple[int, ...] = ()  # face-up contract cards
    contracts_drawn: tuple[int, ...] = ()  # every contract card drawn so far
    taken: tuple[tuple[int, ...], ...] = ()  # contract cards each architect took
    took_this_round: tuple[bool, ...] = ()  # seed: at most one contract per round

    def sequence(self) -> tuple[Offer, ...]:
        """The construction order: the cards above the board, left to right."""
        return tuple([o for o in self.spaces if o is not None]) + self.late

    def builders(self) -> int:
        """len(sequence()), without building it."""
        return len(self.spaces) - self.spaces.count(None) + len(self.late)

    def positions(self) -> list[int]:
        """The offer space of each card of `sequence()` (past the board: right of the 0)."""
        above = [i for i, o in enumerate(self.spaces) if o is not None]
        return above + [len(self.costs) + i for i in range(len(self.late))]

    def current(self) -> Offer:
        """sequence()[builder], without building it (asked at every reveal)."""
        i = self.builder
        if i < 0:  # never in play; counted from the end, as sequence() does
            return self.sequence()[i]
        for offer in self.spaces:
            if offer is not None:
                if not i:
                    return offer
                i -= 1
        return self.late[i]

    def last_builder(self) -> int:
        return self.sequence()[-1].seat

    def occupied(self) -> set[Cell]:
        return {cell for b in self.buildings for cell in b.cells}

    def free_colours(self) -> list[Colour]:
        """The colours an architect may still choose (seed: Red or Blue with two)."""
        offered = TWO_ARCHITECT_COLOURS if self.seats == 2 else COLOURS
        return [c for c in offered if c not in self.colours]

    def choosing(self) -> int | None:
        """The seat choosing its colour now: seats in order (assumption: see RULES.md)."""
        return next((s for s, c in enumerate(self.colours) if not c), None)


def active(state: State) -> list[int]:
    """The seat the game waits for: colours in seat order, offers in the order beneath the
    board, construction in the order above it, the neutral building by the architect who
    played last."""
    if state.phase == "colour":
        choosing = state.choosing()
        return [] if choosing is None else [choosing]
    if state.phase == "offer":
        return [state.order[state.offer_turn]]
    if state.phase in ("place", "contract"):
        return [state.current().seat]
    if state.phase == "neutral":
        return [state.last_builder()]
    return []


def initial(seats: int, layout: str, town: tuple[TileSpot, ...],
            costs: tuple[int, ...]) -> State:
    """The state right after setup's first event: coins handed out, decks complete."""
    sets = (False, True) if seats == 2 else (False,)  # seed: 16 cards with two architects
    deck = tuple(sorted(Card(h, roofed) for h in FOOTPRINTS for roofed in sets))
    return State(
        seats=seats, layout=layout, town=town, costs=costs,
        coins=(COINS[seats],) * seats, decks=(deck,) * seats, hands=((),) * seats,
        colours=("",) * seats,
        spaces=(None,) * len(costs), taken=((),) * seats, took_this_round=(False,) * seats,
    )


def remaining_contracts(state: State) -> list[int]:
    return [c.id for c in CONTRACTS if c.id not in state.contracts_drawn]

