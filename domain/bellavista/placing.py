"""Where the building of the moment may go: by the zoning card, else on the border.

seed: "If an architect cannot place their Building while respecting the Zoning Card,
they MUST place the Building on the border of Town."
"""

from __future__ import annotations

from typing import Literal

from domain.core.memo import per_state

from .components import COLOURS, ROOFED_COLOUR
from .state import State
from .town import Placement, town_of

Mode = Literal["zoning", "border", "anywhere"]


def colour_of(state: State, seat: int, roofed: bool) -> str:
    """seed: with two architects the second set is the other colour under a roof tile."""
    colour = state.colours[seat]
    return ROOFED_COLOUR[colour] if roofed else colour


def neutral_colour(state: State) -> str | None:
    """seed: with 3 architects, the colour not in play (known once all have chosen)."""
    if state.seats != 3 or not all(state.colours):
        return None
    return next(c for c in COLOURS if c not in state.colours)


def building_now(state: State) -> tuple[int, int | None, str, int]:
    """(seat placing, owner, colour, height) of the building to place now.

    seed: with 3 architects, the architect who played last places the building of the
    colour not in play, of the round's number.
    """
    if state.phase == "neutral":
        return state.last_builder(), None, neutral_colour(state) or "", state.round
    offer = state.current()
    return offer.seat, offer.seat, colour_of(state, offer.seat, offer.card.roofed), \
        offer.card.height


# Asked of one state by `legal`, by `decide` (twice), by `advance` and by every view.
@per_state
def placements(state: State) -> tuple[tuple[Placement, ...], Mode]:
    """Every legal placement now, and which rule allows them.

    `anywhere` (any free spaces) is Plaza's rule for a town whose border has no room
    left either (assumption: see RULES.md); the simulations never reach it.
    """
    town = town_of(state.town)
    taken = 0
    for building in state.buildings:  # `town.mask(state.occupied())`, a building at a time
        taken |= town.covered(building.cells)
    height = building_now(state)[3]
    zoned = tuple(p for p in town.zoned(height, state.zoning) if not p.mask & taken)
    if zoned:
        return zoned, "zoning"
    border = tuple(p for p in town.on_border[height] if not p.mask & taken)
    if border:
        return border, "border"
    return tuple(p for p in town.placements[height] if not p.mask & taken), "anywhere"
