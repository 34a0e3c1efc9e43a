"""Facts about buildings in the town: coins earned, contract requirements, groups."""

from __future__ import annotations

from domain.core.memo import capacity

from .components import (
    COIN_PER_SHORTER_NEIGHBOUR,
    CONTRACTS,
    TALLEST_BONUS,
    Contract,
)
from .layouts import Layout
from .state import Building, State
from .town import (
    BORDER,
    COUNTER_BITS,
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
    halo, covered = place.halo, town.covered
    return [b for b in buildings if covered(b.cells) & halo]


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


# A card is met when each of its counters reaches the least it needs: `need` buildings on one
# counter, or (`tiles`) one building on each tile. Adding HALF - least to a counter sets its
# top bit exactly when it reaches `least` (a counter holds at most 16, least is at most HALF,
# so no sum carries into the next counter); every other counter gets HALF, which always sets
# its top bit. So one addition and one mask test the whole card: `(tally + add) & _HIGH`.
_HALF = 1 << (COUNTER_BITS - 1)
_FIELDS = PARKS + 1  # the counters of `town`: WITHIN's, then SPANNING up to PARKS
_HIGH = sum(_HALF << (COUNTER_BITS * i) for i in range(_FIELDS))
assert _HALF > 16, "a counter (16 buildings at most) would reach its top bit"


def _least(contract: Contract, seats: int) -> int:
    return 1 if contract.kind == "tiles" else contract.needed(seats)


def _add(contract: Contract, seats: int) -> int:
    least = _least(contract, seats)
    assert 0 <= least <= _HALF, "a counter's sum would carry"
    shifts = _counters(contract)
    return sum((_HALF - least if COUNTER_BITS * i in shifts else _HALF) << (COUNTER_BITS * i)
               for i in range(_FIELDS))


# Per card, indexed by `seats == 2`: with 3 or 4 architects, then with 2.
_ADDS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_add(c, 3) for c in CONTRACTS), tuple(_add(c, 2) for c in CONTRACTS),
)


def is_met(contract: int, tally: int, seats: int) -> bool:
    """`progress` reaches what the card needs, read from an architect's `counts`."""
    return (tally + _ADDS[seats == 2][contract]) & _HIGH == _HIGH


def eligible_for(state: State, seat: int, tally: int) -> list[int]:
    """The face-up contracts `seat` may take with the packed counts `tally` (seed: one per
    round at most)."""
    if state.took_this_round[seat] or not state.contracts:
        return []
    adds = _ADDS[state.seats == 2]
    return [card for card in state.contracts if (tally + adds[card]) & _HIGH == _HIGH]


def may_take(state: State, seat: int, tally: int) -> bool:
    """Whether `eligible_for` lists any card (found without listing them)."""
    if state.took_this_round[seat]:
        return False
    adds = _ADDS[state.seats == 2]
    for card in state.contracts:  # noqa: SIM110 (a loop: any() of a generator costs more)
        if (tally + adds[card]) & _HIGH == _HIGH:
            return True
    return False


def eligible(state: State, seat: int) -> list[int]:
    """The face-up contracts `seat` may take now (seed: one per round at most).

    Each is a card whose `progress` reaches what it needs; tests/bellavista pin the two.
    """
    return eligible_for(state, seat, tallies(state)[seat])


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


# Each seat's `counts` for a tuple of buildings, kept by the tuple's identity with the layout
# and town they were counted in. A placement makes the next tuple out of the last, so a fold
# adds each building's counters once (`tallies_with`) instead of recounting every building
# of the town at every placement (a third of BuildingPlaced's cost with 24 buildings). Each
# entry keeps its tuple and layout alive, so no other object can take their ids meanwhile;
# one tuple may stand in states of several games (the empty one in all), so an entry serves
# only a state of its layout and number of seats.
_Entry = tuple[tuple[Building, ...], Layout, Town, tuple[int, ...]]
_room = capacity(256, __name__)
_kept: dict[int, _Entry] = {}


def _keep(entry: _Entry) -> None:
    if len(_kept) >= _room.size:
        _room.trim(_kept)
    _kept[id(entry[0])] = entry


def _entry(state: State) -> _Entry:
    """The entry kept for `state.buildings`, counted and kept now if there is none."""
    buildings, layout = state.buildings, state.town
    entry = _kept.get(id(buildings))
    if (entry is None or entry[0] is not buildings or entry[1] is not layout
            or len(entry[3]) != state.seats):
        town = town_of(layout)
        entry = (buildings, layout, town,
                 tuple([counts(town, buildings, seat) for seat in range(state.seats)]))
        _keep(entry)
    return entry


def tallies(state: State) -> tuple[int, ...]:
    """Each seat's `counts` of `state.buildings`."""
    return _entry(state)[3]


def tallies_with(state: State, buildings: tuple[Building, ...]) -> tuple[int, ...]:
    """Each seat's `counts` of `buildings`: `state.buildings` and one more building after
    them (what `evolve` places), kept for `buildings`, which the next state holds."""
    entry = _kept.get(id(state.buildings))  # `_entry`'s look-up inline: once per placement
    if (entry is None or entry[0] is not state.buildings or entry[1] is not state.town
            or len(entry[3]) != state.seats):
        entry = _entry(state)
    _, layout, town, found = entry
    new = buildings[-1]
    # the neutral colour counts for nobody (nor, as in `counts`, an owner that is no seat)
    if new.owner is not None and 0 <= new.owner < len(found):
        grown = list(found)
        grown[new.owner] += town.by_cells[new.cells].counts
        found = tuple(grown)
    _keep((buildings, layout, town, found))
    return found
