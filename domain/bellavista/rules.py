"""`legal`, the one source of truth for what an architect may do, and `decide`."""

from __future__ import annotations

from random import Random

from domain.core import Illegal
from domain.core.game import listed_once

from .commands import (
    ChooseColour,
    Command,
    DeclineContract,
    MakeOffer,
    PlaceBuilding,
    TakeContract,
)
from .events import (
    BuildingPlaced,
    ColourChosen,
    ContractDeclined,
    ContractTaken,
    Event,
    OfferMade,
)
from .flow import advance
from .placing import building_now, placements
from .reasons import why_illegal
from .requirements import coins_for, eligible
from .state import Card, State, active
from .town import town_of


def offer_spaces(state: State, seat: int) -> list[int]:
    """Empty spaces `seat` can pay for; if none, the place right of the 0 space.

    seed: "If an architect cannot pay the cost of any remaining available Offer Spaces,
    they will play last, and must place their Construction Card to the right of the Offer
    Board, after the space that costs 0 Coins."
    """
    free = [i for i, offer in enumerate(state.spaces) if offer is None]
    affordable = [i for i in free if state.costs[i] <= state.coins[seat]]
    return affordable or [len(state.costs) + len(state.late)]


@listed_once  # the seat to move is sent its list, then `decide` checks against the same
def legal(state: State, seat: int) -> list[Command]:
    if seat not in active(state):
        return []
    if state.phase == "colour":
        return [ChooseColour(c) for c in state.free_colours()]
    if state.phase == "offer":
        cards = sorted(set(state.hands[seat]))
        return [MakeOffer(space, card.height, card.roofed)
                for space in offer_spaces(state, seat) for card in cards]
    if state.phase == "contract":
        take: list[Command] = [TakeContract(c) for c in eligible(state, seat)]
        return [*take, DeclineContract()]
    return [p.command for p in placements(state)[0]]


def _place(state: State, seat: int, command: PlaceBuilding) -> BuildingPlaced:
    _, owner, colour, height = building_now(state)
    town = town_of(state.town)
    place = town.by_command[(height, command)]
    forced = placements(state)[1] != "zoning"
    # seed: a forced border placement earns nothing; the neutral building earns nothing
    earns = not forced and owner is not None
    coins = coins_for(town, state.buildings, place, height) if earns else 0
    return BuildingPlaced(seat, owner, colour, height, place.cells, coins, forced)


def decide(state: State, seat: int, command: Command, rng: Random) -> list[Event]:
    if command not in legal(state, seat):
        raise Illegal(why_illegal(state, seat, command))
    events: list[Event]
    match command:
        case ChooseColour(colour):
            events = [ColourChosen(seat, colour)]
        case MakeOffer(space, height, roofed):
            cost = state.costs[space] if space < len(state.costs) else 0
            events = [OfferMade(seat, space, cost, Card(height, roofed))]
        case PlaceBuilding():
            events = [_place(state, seat, command)]
        case TakeContract(contract):
            events = [ContractTaken(seat, contract)]
        case DeclineContract():
            events = [ContractDeclined(seat)]
    return advance(state, events, rng)
