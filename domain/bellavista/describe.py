"""`describe`: one line of the game log per event, in words; and the components in words,
for the log and for the sentences of refusals (reasons.py).

Each line fits one row of the terminal client's log in an 80-column terminal (70 characters
beside the border and the seq column, seats written `Seat N`): a longer line wraps, and the
first one used to leave its last word, the 0 of the offer costs, alone as a line "0.".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from .components import CONTRACTS, STRIPED, SUBSIDIZED, UNSTRIPED, ZONING, tile_label
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
from .state import Card

TOWNS = {"london": "London", "new_york": "New York", "rome": "Rome", "bangkok": "Bangkok",
         "berlin": "Berlin", "paris": "Paris", "random": "a random town",
         "custom": "a custom town"}


def card_text(card: Card) -> str:
    return f"#{card.height} (roofed)" if card.roofed else f"#{card.height}"


def tiles_text(tiles: tuple[str, ...]) -> str:
    return ", ".join(tile_label(t) for t in tiles)


def contract_text(contract: int, seats: int) -> str:
    card = CONTRACTS[contract]
    need = card.needed(seats)
    what = {
        "one_tile": f"{need} buildings entirely on the {tiles_text(card.tiles)} tile",
        "tiles": f"a building entirely on each of {tiles_text(card.tiles)}",
        "spanning": f"{need} buildings spanning two adjacent Neighborhood tiles",
        "border": f"{need} buildings on the border of Town",
        "rivers": f"{need} buildings adjacent to a River",
        "parks": f"{need} buildings adjacent to a Park",
    }[card.kind]
    return f"contract {contract} ({what}, {card.coins} coins)"


def zoning_text(card: str) -> str:
    kind = ZONING[card]
    if kind == "subsidized":
        return f"Subsidized Neighborhoods ({tiles_text(SUBSIDIZED[card])})"
    return {
        "community_parks": "Community Parks (adjacent to a Park)",
        "no_parks": "No Parks (not adjacent to a Park)",
        "no_rivers": "No Rivers (not adjacent to a River)",
        "no_borders": "No Borders (not on the border of Town)",
    }[kind]


def zoning_short(card: str) -> str:
    """The zoning card in a few words (a log line fits one terminal row)."""
    tiles = SUBSIDIZED.get(card)
    if tiles is None:
        return zoning_text(card)
    if set(tiles) <= set(STRIPED) or set(tiles) <= set(UNSTRIPED):
        shown = "the striped tiles" if tiles[0] in STRIPED else "the unstriped tiles"
    else:
        motifs = dict.fromkeys(t.removesuffix("_striped").capitalize() for t in tiles)
        shown = f"{' and '.join(motifs)} tiles"
    return f"Subsidized Neighborhoods, {shown}"


def hand_text(cards: tuple[Card, ...]) -> str:
    """'#2, #7 and roofed #3, #5': a hand of five in one short line."""
    plain = ", ".join(f"#{c.height}" for c in cards if not c.roofed)
    roofed = ", ".join(f"#{c.height}" for c in cards if c.roofed)
    if not roofed:
        return plain
    return f"{plain} and roofed {roofed}" if plain else f"roofed {roofed}"


def cells_text(cells: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"({r},{c})" for r, c in cells)


def _seat(seat: int | None) -> str:
    return "the neutral colour" if seat is None else f"Seat {seat}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _seats(order: tuple[int, ...]) -> str:
    return ", ".join(_seat(s) for s in order)  # `Seat N`, so a client can name each


def _started(e: GameStarted) -> str:
    costs = ", ".join(str(c) for c in e.costs)
    town = TOWNS.get(e.layout, e.layout)
    return f"{e.seats} architects build {town}; offer spaces: {costs} coins."


def _colour(e: ColourChosen) -> str:
    return f"{_seat(e.seat)} chose {e.colour}."


def _objectives(e: ObjectivesDrawn) -> str:
    return f"The objectives are Height: {e.height} and Grouping: " \
           f"{e.grouping.replace('_', ' ')}."


def _zoning(e: ZoningRevealed) -> str:
    return f"Zoning card: {zoning_short(e.card)}."


def _contracts_drawn(e: ContractsDrawn) -> str:
    return f"Face up: {_plural(len(e.cards), 'new contract card')} " \
           f"({', '.join(str(c) for c in e.cards)})."


def _starting_order(e: StartingOrderDrawn) -> str:
    return f"The offer order is {_seats(e.order)}."


def _drawn(e: HandDrawn) -> str:
    if e.cards:
        return f"{_seat(e.seat)} drew {hand_text(e.cards)}."
    return f"{_seat(e.seat)} drew {_plural(e.count, 'construction card')}."


def _offered(e: OfferMade) -> str:
    shown = f" card {card_text(e.card)}" if e.card else " a card face down"
    return f"{_seat(e.seat)} paid {_plural(e.cost, 'coin')} for offer space {e.space} and " \
           f"played{shown}."


def _card_revealed(e: CardRevealed) -> str:
    return f"{_seat(e.seat)} revealed card {card_text(e.card)} on offer space {e.space}."


def _placed(e: BuildingPlaced) -> str:
    whose = "the neutral" if e.owner is None else f"a {e.colour}"
    where = f"{_seat(e.seat)} placed {whose} #{e.height} on {cells_text(e.cells)}"
    if e.forced:  # on the border or, failing that, anywhere: never by the zoning card
        return f"{where}, zoning unmet{'' if e.owner is None else ': no coins'}."
    return f"{where}." if e.owner is None else f"{where} and earned {_plural(e.coins, 'coin')}."


def _not_built(e: BuildingNotBuilt) -> str:
    whose = "the neutral" if e.owner is None else "their"
    return f"{_seat(e.seat)} found no room for {whose} #{e.height}: it is set aside."


def _taken(e: ContractTaken) -> str:
    if e.contract is None:
        return f"{_seat(e.seat)} took a contract card and put it face down."
    return f"{_seat(e.seat)} took contract card {e.contract}, face down."


def _declined(e: ContractDeclined) -> str:
    return f"{_seat(e.seat)} took no contract card."


def _revealed(e: ContractsRevealed) -> str:
    seat, contracts = e.seat, e.contracts
    if not contracts:
        return f"{_seat(seat)} has no contract card to turn up."
    coins = sum(CONTRACTS[c].coins for c in contracts)
    cards = "card" if len(contracts) == 1 else "cards"
    return f"{_seat(seat)} turns up contract {cards} {', '.join(map(str, contracts))}: " \
           f"{_plural(coins, 'coin')}."


def _round_ended(e: RoundEnded) -> str:
    return f"Round {e.round} ended; next offer order: {_seats(e.order)}."


def _ended(e: GameEnded) -> str:
    return f"The game ended with totals {', '.join(str(s) for s in e.scores)}."


def _once(line: Callable[[Any], str]) -> Callable[[Any], str]:
    """`line`, its sentence kept for the last events by their identity (each entry keeping
    its event alive): `redact` gives every audience it hides a card from the same event,
    so its sentence is made once, not once per audience."""
    said: dict[int, tuple[Any, str]] = {}

    def once(e: Any) -> str:
        found = said.get(id(e))
        if found is not None and found[0] is e:
            return found[1]
        text = line(e)
        if len(said) >= 64:  # a fan-out asks about one command's events
            said.clear()
        said[id(e)] = (e, text)
        return text

    return once


# One line per event type, found by the event's exact type (as evolve.py: a `match` tried
# each class pattern in turn, each failed one costing about as much as a line).
_LINES: dict[type[Any], Callable[[Any], str]] = {
    GameStarted: _started, ColourChosen: _colour, ObjectivesDrawn: _objectives,
    ZoningRevealed: _zoning, ContractsDrawn: _contracts_drawn,
    StartingOrderDrawn: _starting_order, HandDrawn: _once(_drawn), OfferMade: _once(_offered),
    CardRevealed: _card_revealed, BuildingPlaced: _placed, BuildingNotBuilt: _not_built,
    ContractTaken: _once(_taken), ContractDeclined: _declined, ContractsRevealed: _revealed,
    RoundEnded: _round_ended, GameEnded: _ended,
}
assert set(_LINES) == set(get_args(Event)), "describe lacks a line"


def describe(event: Event) -> str:
    line = _LINES.get(type(event))
    return type(event).__name__ if line is None else line(event)
