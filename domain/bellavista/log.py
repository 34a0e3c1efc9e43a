"""`describe`: one line of the game log per event, in words.

Each line fits one row of the terminal client's log in an 80-column terminal (70 characters
beside the border and the seq column, seats written `Seat N`): a longer line wraps, and the
first one used to leave its last word, the 0 of the offer costs, alone as a line "0.".
"""

from __future__ import annotations

from .components import CONTRACTS
from .events import (
    BuildingNotBuilt,
    BuildingPlaced,
    CardRevealed,
    ColourChosen,
    ContractDeclined,
    ContractsDrawn,
    ContractsRevealed,
    ContractTaken,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    ObjectivesDrawn,
    OfferMade,
    RoundEnded,
    StartingOrderDrawn,
    ZoningRevealed,
)
from .words import TOWNS, card_text, cells_text, hand_text, zoning_short


def _seat(seat: int | None) -> str:
    return "the neutral colour" if seat is None else f"Seat {seat}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _seats(order: tuple[int, ...]) -> str:
    return ", ".join(_seat(s) for s in order)  # `Seat N`, so a client can name each


def _placed(e: BuildingPlaced) -> str:
    whose = "the neutral" if e.owner is None else f"a {e.colour}"
    where = f"{_seat(e.seat)} placed {whose} #{e.height} on {cells_text(e.cells)}"
    if e.forced:  # on the border or, failing that, anywhere: never by the zoning card
        return f"{where}, zoning unmet{'' if e.owner is None else ': no coins'}."
    return f"{where}." if e.owner is None else f"{where} and earned {_plural(e.coins, 'coin')}."


def _revealed(seat: int, contracts: tuple[int, ...]) -> str:
    if not contracts:
        return f"{_seat(seat)} has no contract card to turn up."
    coins = sum(CONTRACTS[c].coins for c in contracts)
    cards = "card" if len(contracts) == 1 else "cards"
    return f"{_seat(seat)} turns up contract {cards} {', '.join(map(str, contracts))}: " \
           f"{_plural(coins, 'coin')}."


def describe(event: Event) -> str:
    match event:
        case GameStarted(seats, layout, _, spaces):
            costs = ", ".join(str(c) for c in spaces)
            town = TOWNS.get(layout, layout)
            return f"{seats} architects build {town}; offer spaces: {costs} coins."
        case ColourChosen(seat, colour):
            return f"{_seat(seat)} chose {colour}."
        case ObjectivesDrawn(height, grouping):
            return f"The objectives are Height: {height} and Grouping: " \
                   f"{grouping.replace('_', ' ')}."
        case ZoningRevealed(card):
            return f"Zoning card: {zoning_short(card)}."
        case ContractsDrawn(cards):
            return f"Face up: {_plural(len(cards), 'new contract card')} " \
                   f"({', '.join(str(c) for c in cards)})."
        case StartingOrderDrawn(order):
            return f"The offer order is {_seats(order)}."
        case HandDrawn(seat, count, cards):
            if cards:
                return f"{_seat(seat)} drew {hand_text(cards)}."
            return f"{_seat(seat)} drew {_plural(count, 'construction card')}."
        case OfferMade(seat, space, cost, card):
            shown = f" card {card_text(card)}" if card else " a card face down"
            return f"{_seat(seat)} paid {_plural(cost, 'coin')} for offer space {space} and " \
                   f"played{shown}."
        case CardRevealed(seat, space, card):
            return f"{_seat(seat)} revealed card {card_text(card)} on offer space {space}."
        case BuildingPlaced():
            return _placed(event)
        case BuildingNotBuilt(seat, owner, height):
            whose = "the neutral" if owner is None else "their"
            return f"{_seat(seat)} found no room for {whose} #{height}: it is set aside."
        case ContractTaken(seat, contract):
            if contract is None:
                return f"{_seat(seat)} took a contract card and put it face down."
            return f"{_seat(seat)} took contract card {contract}, face down."
        case ContractDeclined(seat):
            return f"{_seat(seat)} took no contract card."
        case ContractsRevealed(seat, contracts):
            return _revealed(seat, contracts)
        case RoundEnded(round_, order):
            return f"Round {round_} ended; next offer order: {_seats(order)}."
        case GameEnded(scores):
            return f"The game ended with totals {', '.join(str(s) for s in scores)}."
    return type(event).__name__
