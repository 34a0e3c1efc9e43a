"""Why a command is refused: one sentence that quotes the input and names the rule.

Only called once `legal()` has said no, so each function finds the first broken rule.
"""

from __future__ import annotations

from .commands import ChooseColour, Command, MakeOffer, PlaceBuilding, TakeContract
from .components import CONTRACTS, FOOTPRINTS, tile_kind, tile_label
from .describe import card_text, contract_text, zoning_text
from .placing import building_now, placements
from .requirements import owned, progress
from .state import Card, State
from .town import orientations, town_of

_STEP = {
    "colour": "choose your colour (ChooseColour)",
    "offer": "make an offer (MakeOffer)",
    "place": "place your building (PlaceBuilding)",
    "neutral": "place the neutral building (PlaceBuilding)",
    "contract": "take a contract (TakeContract) or decline (DeclineContract)",
}


def why_illegal(state: State, seat: int, command: Command) -> str:
    name = type(command).__name__
    step = _STEP.get(state.phase, "wait")
    if isinstance(command, ChooseColour) and state.phase == "colour":
        return _why_colour(state, command)
    if isinstance(command, MakeOffer) and state.phase == "offer":
        return _why_offer(state, seat, command)
    if isinstance(command, PlaceBuilding) and state.phase in ("place", "neutral"):
        return _why_place(state, command)
    if isinstance(command, TakeContract) and state.phase == "contract":
        return _why_contract(state, seat, command)
    return f"{name} is not possible now: in round {state.round} you must {step}."


def _why_colour(state: State, command: ChooseColour) -> str:
    free = ", ".join(state.free_colours())
    if command.colour in state.colours:
        return f"colour {command.colour!r} is taken by seat {state.colours.index(command.colour)}" \
               f"; the free colours are {free}."
    if state.seats == 2:
        return f"colour {command.colour!r}: with two architects only the Red and Blue sets " \
               f"have the two-architect cards; the free colours are {free}."
    return f"colour {command.colour!r} does not exist; the free colours are {free}."


def _why_offer(state: State, seat: int, command: MakeOffer) -> str:
    card = Card(command.height, command.roofed)
    if card not in state.hands[seat]:
        hand = ", ".join(card_text(c) for c in state.hands[seat])
        return f"height {command.height}: you hold no construction card {card_text(card)} " \
               f"(your hand: {hand})."
    late = len(state.costs) + len(state.late)
    if command.space == late or not 0 <= command.space < len(state.costs):
        if command.space != late:
            return f"space {command.space} does not exist: the offer spaces are 0 to " \
                   f"{len(state.costs) - 1} (and {late} right of the 0 space when you can pay " \
                   "for none)."
        return f"space {command.space} is right of the 0 space, only for an architect who can " \
               "pay for no remaining offer space; you can."
    cost = state.costs[command.space]
    taken = state.spaces[command.space]
    if taken is not None:
        return f"space {command.space} ({cost} coins) is taken by seat {taken.seat}: " \
               "architects cannot choose the same space."
    return f"space {command.space} costs {cost} coins and you have {state.coins[seat]}."


def _why_place(state: State, command: PlaceBuilding) -> str:
    height = building_now(state)[3]
    shapes = {(r, m): cells for r, m, cells in orientations(height)}
    shape = shapes.get((command.rotation, command.mirror))
    if shape is None:
        listed = ", ".join(f"rotation {r} mirror {str(m).lower()}" for r, m in shapes)
        return f"rotation {command.rotation} mirror {str(command.mirror).lower()}: building " \
               f"#{height} ({len(FOOTPRINTS[height])} spaces) has the shapes {listed} only."
    town = town_of(state.town)
    cells = tuple((command.row + r, command.col + c) for r, c in shape)
    for cell in cells:
        tile = town.tile_of.get(cell)
        if tile is None:
            return f"row {command.row}, col {command.col}: space {cell} is outside the town."
        if tile_kind(tile) != "neighborhood":
            return f"row {command.row}, col {command.col}: space {cell} is on " \
                   f"{tile_label(tile)}; buildings cannot be placed on Parks or Rivers."
        if cell in state.occupied():
            return f"row {command.row}, col {command.col}: space {cell} already has a building."
    mode = placements(state)[1]
    if mode == "zoning":
        return f"row {command.row}, col {command.col}: this placement breaks the zoning card " \
               f"{zoning_text(state.zoning)}."
    return f"row {command.row}, col {command.col}: no placement respects the zoning card " \
           f"{zoning_text(state.zoning)}, so the building must go on the border of Town."


def _why_contract(state: State, seat: int, command: TakeContract) -> str:
    if command.contract not in state.contracts:
        shown = ", ".join(str(c) for c in state.contracts) or "none"
        return f"contract {command.contract} is not face up (face up: {shown})."
    if state.took_this_round[seat]:
        return "you already took a contract card this round: one per round."
    have, need = progress(CONTRACTS[command.contract], owned(state, seat), state.seats)
    return f"{contract_text(command.contract, state.seats)}: its requirement is not met " \
           f"({have} of {need})."

