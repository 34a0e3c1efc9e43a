"""Building particular Bella Vista situations directly from events and state."""

from __future__ import annotations

from random import Random

from msgspec.structs import replace

from domain.bellavista import GAME
from domain.bellavista.commands import ChooseColour, Command
from domain.bellavista.components import COLOURS, CONTRACTS, ContractKind, offer_costs
from domain.bellavista.events import Event
from domain.bellavista.layouts import parse
from domain.bellavista.options import Options
from domain.bellavista.state import Building, Card, Offer, State
from domain.bellavista.town import orientations
from domain.core.simulate import Simulation

# A town whose coordinates the tests rely on (tile (r, c) covers spaces 3r..3r+2, 3c..3c+2):
#   P1 F  B  L      F striped Flower, B striped Butterfly, L striped Leaf
#   f  R1 R2 P2     f Flower, the two Rivers touch (one River)
#   d  b  l  P3     P2 and P3 touch (one Park); P1 is a Park alone
#   D  P4 P5 .      P4 and P5 touch (one Park); D striped Dove
TEST_TOWN = ("PFBL", "fRRP", "dblP", "DPP.")


def custom(rows: tuple[str, ...] = TEST_TOWN) -> Options:
    return Options(layout="custom", tiles=parse(rows))


def fold(state: State | None, events: list[Event]) -> State:
    for event in events:
        state = GAME.evolve(state, event)
    assert state is not None
    return state


def chosen(state: State, seed: int = 0) -> State:
    """Each architect takes COLOURS[seat] (red, blue, green, yellow), so that with three the
    neutral colour is yellow; the starting order and the hands are then drawn."""
    for seat in range(state.seats):
        state = play(state, seat, ChooseColour(COLOURS[seat]), seed)[0]
    return state


def started(seats: int = 4, options: Options | None = None, seed: int = 0) -> State:
    """A game in the first Offer phase, the architects having chosen as in `chosen`."""
    return chosen(fold(None, GAME.start(options or custom(), seats, Random(seed))), seed)


def simulation(seats: int, options: dict[str, object], seed: int) -> Simulation:
    """A simulated game in the first Offer phase, colours chosen as in `chosen`."""
    sim = Simulation(GAME, seats, options, seed=seed)
    for seat in range(seats):
        sim.command(seat, ChooseColour(COLOURS[seat]))
    return sim


def play(state: State, seat: int, command: Command, seed: int = 0) -> tuple[State, list[Event]]:
    events = GAME.decide(state, seat, command, Random(seed))
    return fold(state, events), events


def building(owner: int | None, height: int, *cells: tuple[int, int]) -> Building:
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    shape = tuple(sorted((r - top, c - left) for r, c in cells))
    assert shape in [s for _, _, s in orientations(height)], f"not a #{height}: {cells}"
    colour = "yellow" if owner is None else COLOURS[owner]  # the colours `chosen` gives
    return Building(owner, colour, height, tuple(sorted(cells)))


def contract_id(kind: ContractKind, *tiles: str) -> int:
    return next(c.id for c in CONTRACTS if c.kind == kind and (not tiles or c.tiles == tiles))


def construction(state: State, offers: list[tuple[int, Card]], zoning: str,
                 buildings: tuple[Building, ...] = (), contracts: tuple[int, ...] = ()) -> State:
    """`state` in the construction phase: `offers` on the spaces from the left, the first one
    revealed and about to be built, the town holding `buildings`."""
    costs = offer_costs(state.seats)
    spaces: list[Offer | None] = [
        Offer(seat, card, costs[i], revealed=i == 0) for i, (seat, card) in enumerate(offers)]
    spaces += [None] * (len(costs) - len(spaces))
    return replace(state, phase="place", spaces=tuple(spaces), builder=0, zoning=zoning,
                   buildings=buildings, contracts=contracts or state.contracts,
                   order=tuple(seat for seat, _ in offers), offer_turn=len(offers))
