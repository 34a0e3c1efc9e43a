"""`describe`: one line of the game log per event, in words."""

from __future__ import annotations

from .events import (
    BuildingNotBuilt,
    BuildingPlaced,
    CardRevealed,
    ContractDeclined,
    ContractsDrawn,
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
from .words import card_text, cells_text, zoning_text


def _seat(seat: int | None) -> str:
    return "the neutral colour" if seat is None else f"Seat {seat}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _placed(e: BuildingPlaced) -> str:
    whose = "the neutral" if e.owner is None else f"a {e.colour}"
    how = " on the border, as no space respected the zoning card" if e.forced else ""
    return f"{_seat(e.seat)} placed {whose} building #{e.height} on {cells_text(e.cells)}" \
           f"{how} and earned {_plural(e.coins, 'coin')}."


def describe(event: Event) -> str:
    match event:
        case GameStarted(seats, layout, town, spaces):
            costs = ", ".join(str(c) for c in spaces)
            return f"A game for {seats} architects began in the town {layout} " \
                   f"({len(town)} tiles); offer spaces cost {costs}."
        case ObjectivesDrawn(height, grouping):
            return f"The objectives are Height: {height} and Grouping: {grouping}."
        case ZoningRevealed(card):
            return f"The zoning card is {zoning_text(card)}."
        case ContractsDrawn(cards):
            return f"Face up: {_plural(len(cards), 'new contract card')} " \
                   f"({', '.join(str(c) for c in cards)})."
        case StartingOrderDrawn(order):
            return f"The offer order is seats {', '.join(str(s) for s in order)}."
        case HandDrawn(seat, count, cards):
            shown = f": {', '.join(card_text(c) for c in cards)}" if cards else ""
            return f"{_seat(seat)} drew {_plural(count, 'construction card')}{shown}."
        case OfferMade(seat, space, cost, card):
            shown = f" card {card_text(card)}" if card else " a card face down"
            return f"{_seat(seat)} paid {_plural(cost, 'coin')} for offer space {space} and " \
                   f"played{shown}."
        case CardRevealed(seat, space, card):
            return f"{_seat(seat)} revealed card {card_text(card)} on offer space {space}."
        case BuildingPlaced():
            return _placed(event)
        case BuildingNotBuilt(seat, owner, height):
            return f"{_seat(seat)} found no free spaces for building #{height} of " \
                   f"{_seat(owner)}; it is set aside."
        case ContractTaken(seat, contract):
            return f"{_seat(seat)} took contract card {contract}."
        case ContractDeclined(seat):
            return f"{_seat(seat)} took no contract card."
        case RoundEnded(round_, order):
            return f"Round {round_} ended; the next offer order is seats " \
                   f"{', '.join(str(s) for s in order)}."
        case GameEnded(scores):
            return f"The game ended with totals {', '.join(str(s) for s in scores)}."
    return type(event).__name__

