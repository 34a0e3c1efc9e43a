"""Facts about buildings in the town: coins earned, contract requirements, groups."""

from __future__ import annotations

from .components import (
    COIN_PER_SHORTER_NEIGHBOUR,
    CONTRACTS,
    TALLEST_BONUS,
    Contract,
)
from .state import Building, State
from .town import (
    BORDER,
    COUNTER_BITS,
    COUNTER_MAX,
    PARKS,
    RIVERS,
    SPANNING,
    WITHIN,
    Placement,
    Town,
    town_of,
)


def facts(town: Town, building: Building) -> Placement:
    """The placement a building stands on, with its tiles, Parks, Rivers and border."""
    return town.by_cells[building.cells]


def neighbours(town: Town, buildings: tuple[Building, ...], place: Placement) -> list[Building]:
    """The buildings adjacent to a placement (orthogonally, seed: diagonals do not count)."""
    return [b for b in buildings if town.mask(b.cells) & place.halo]


def coins_for(town: Town, buildings: tuple[Building, ...], place: Placement, height: int) -> int:
    """seed: 1 coin per strictly shorter adjacent building, and 3 more when strictly taller
    than every adjacent building or isolated (ja: equal height does not count)."""
    around = [b.height for b in neighbours(town, buildings, place)]
    coins = COIN_PER_SHORTER_NEIGHBOUR * sum(1 for h in around if h < height)
    if all(h < height for h in around):
        coins += TALLEST_BONUS
    return coins


def owned(state: State, seat: int) -> list[Placement]:
    town = town_of(state.town)
    return [facts(town, b) for b in state.buildings if b.owner == seat]


def progress(contract: Contract, mine: list[Placement], seats: int) -> tuple[int, int]:
    """(how far an architect is, what the card needs) for one contract card.

    seed: a building spanning two Neighborhood tiles is entirely on neither.
    """
    need = contract.needed(seats)
    if contract.kind == "one_tile":
        return sum(1 for p in mine if p.within == contract.tiles[0]), need
    if contract.kind == "tiles":
        within = {p.within for p in mine}
        return sum(1 for t in contract.tiles if t in within), len(contract.tiles)
    if contract.kind == "spanning":
        return sum(1 for p in mine if len(p.tiles) >= 2), need
    if contract.kind == "border":
        return sum(1 for p in mine if p.border), need
    if contract.kind == "rivers":
        return sum(1 for p in mine if p.rivers), need
    return sum(1 for p in mine if p.parks), need


def met(state: State, seat: int, contract: int) -> bool:
    have, need = progress(CONTRACTS[contract], owned(state, seat), state.seats)
    return have >= need


def counts(town: Town, buildings: tuple[Building, ...], seat: int) -> int:
    """The packed counters (see `town.COUNTER_BITS`) of the buildings `seat` owns."""
    by_cells = town.by_cells
    total = 0
    for b in buildings:
        if b.owner == seat:
            total += by_cells[b.cells].counts
    return total


def _counters(contract: Contract) -> tuple[int, ...]:
    """The shifts of the counters that `progress` reads for this card."""
    if contract.kind in ("one_tile", "tiles"):
        counters = [WITHIN[t] for t in contract.tiles]
    else:
        counters = [{"spanning": SPANNING, "border": BORDER, "rivers": RIVERS,
                     "parks": PARKS}[contract.kind]]
    return tuple(COUNTER_BITS * c for c in counters)


# Per card: the shifts of its counters, and the least each must reach with 2 and with 3 or 4
# architects: `need` buildings on one counter, or (`tiles`) one building on each tile.
def _least(contract: Contract, seats: int) -> int:
    return 1 if contract.kind == "tiles" else contract.needed(seats)


_NEEDS: tuple[tuple[tuple[int, ...], int, int], ...] = tuple(
    (_counters(c), _least(c, 2), _least(c, 3)) for c in CONTRACTS
)


def is_met(contract: int, tally: int, seats: int) -> bool:
    """`progress` reaches what the card needs, read from an architect's `counts`."""
    shifts, two, more = _NEEDS[contract]
    least = two if seats == 2 else more
    for shift in shifts:  # noqa: SIM110 (a loop: all() of a generator costs 4 times more)
        if (tally >> shift) & COUNTER_MAX < least:
            return False
    return True


def eligible_among(state: State, seat: int, buildings: tuple[Building, ...]) -> list[int]:
    """The face-up contracts `seat` may take when the town holds `buildings`."""
    if state.took_this_round[seat]:
        return []
    tally = counts(town_of(state.town), buildings, seat)
    return [card for card in state.contracts if is_met(card, tally, state.seats)]


def eligible(state: State, seat: int) -> list[int]:
    """The face-up contracts `seat` may take now (seed: one per round at most).

    Each is a card whose `progress` reaches what it needs; tests/bellavista pin the two.
    """
    return eligible_among(state, seat, state.buildings)


def groups(state: State, seat: int) -> list[list[Building]]:
    """An architect's buildings split into sets of adjacent ones (singletons included).

    seed: a Group is at least two adjacent buildings of the same architect; with two
    architects both colours of an architect are theirs.
    """
    town = town_of(state.town)
    mine = [b for b in state.buildings if b.owner == seat]
    masks = [town.mask(b.cells) for b in mine]
    halos = [facts(town, b).halo for b in mine]
    seen: set[int] = set()
    out = []
    for start in range(len(mine)):
        if start in seen:
            continue
        seen.add(start)
        todo, part = [start], []
        while todo:
            i = todo.pop()
            part.append(mine[i])
            for j in range(len(mine)):
                if j not in seen and masks[j] & halos[i]:
                    seen.add(j)
                    todo.append(j)
        out.append(part)
    return out


def largest_group(state: State, seat: int) -> int:
    """Spaces covered by the architect's largest Group (0 when there is none)."""
    sizes = [sum(len(b.cells) for b in g) for g in groups(state, seat) if len(g) >= 2]
    return max(sizes, default=0)
