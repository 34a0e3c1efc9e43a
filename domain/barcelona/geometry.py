"""The city's geometry: crossings, street spaces, streets, blocks and building spaces.

research: 4x4 blocks, 5 row and 5 column streets of 4 spaces, 25 crossings, and the
Diagonal through the four blocks (r, r) corner to corner. Crossing (r, c) is
`5 * r + c`; street spaces are the 20 row spaces, the 20 column spaces, then the 4
diagonal spaces; the 12 square building spaces and the 8 Corner triangles of the
diagonal blocks are numbered block by block.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .components import Reward

SIZE: Final = 5  # crossings per side
BLOCKS: Final = 4  # blocks per side
CROSSINGS: Final = SIZE * SIZE
ROWS: Final = tuple(range(SIZE))  # street ids 0-4: rows; 5-9: columns; 10: the diagonal
DIAGONAL: Final = 2 * SIZE
STREETS: Final = 2 * SIZE + 1
STREET_NAMES: Final = tuple([f"row {r + 1}" for r in range(SIZE)]
                            + [f"column {c + 1}" for c in range(SIZE)] + ["the Diagonal"])


def crossing(r: int, c: int) -> int:
    return r * SIZE + c


def crossing_name(x: int) -> str:
    return f"{'ABCDE'[x // SIZE]}{x % SIZE + 1}"


def on_diagonal(x: int) -> bool:
    return x // SIZE == x % SIZE


def _spaces() -> tuple[tuple[tuple[int, int], int], ...]:
    """Every street space: (its two crossings, its street)."""
    out: list[tuple[tuple[int, int], int]] = []
    for r in range(SIZE):
        for c in range(BLOCKS):
            out.append(((crossing(r, c), crossing(r, c + 1)), r))
    for r in range(BLOCKS):
        for c in range(SIZE):
            out.append(((crossing(r, c), crossing(r + 1, c)), SIZE + c))
    for i in range(BLOCKS):
        out.append(((crossing(i, i), crossing(i + 1, i + 1)), DIAGONAL))
    return tuple(out)


SPACES: Final = _spaces()
SPACE_ENDS: Final[tuple[tuple[int, int], ...]] = tuple(ends for ends, _ in SPACES)
SPACE_STREET: Final[tuple[int, ...]] = tuple(street for _, street in SPACES)
STREET_SPACES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i, s in enumerate(SPACE_STREET) if s == street) for street in range(STREETS))
# assumption: see RULES.md. Row 3, column 3 and the Diagonal are the wide streets.
WIDE_STREETS: Final = (2, SIZE + 2, DIAGONAL)
WIDE: Final[tuple[bool, ...]] = tuple(s in WIDE_STREETS for s in SPACE_STREET)


def space_name(i: int) -> str:
    a, b = SPACE_ENDS[i]
    return f"{crossing_name(a)}-{crossing_name(b)}"


def _printed(i: int) -> Reward:
    """assumption: see RULES.md. The benefit printed on each street space, in a cycle of
    Coin, Cloth, 2 VP, +1 Cerdà, +1 Sagrada Família shifted from street to street."""
    street = SPACE_STREET[i]
    k = (STREET_SPACES[street].index(i) + 2 * street) % 5
    return (Reward(coins=1), Reward(cloths=1), Reward(vp=2), Reward(cerda=1),
            Reward(sagrada=1))[k]


PRINTED: Final[tuple[Reward, ...]] = tuple(_printed(i) for i in range(len(SPACES)))
# the street spaces touching each crossing
TOUCHING: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i, ends in enumerate(SPACE_ENDS) if x in ends) for x in range(CROSSINGS))


def streets_of(x: int) -> tuple[int, ...]:
    """seed: the crossing's column, its row, and the Diagonal if it lies on it."""
    r, c = divmod(x, SIZE)
    return (r, SIZE + c, DIAGONAL) if r == c else (r, SIZE + c)


# -- buildings ------------------------------------------------------------------

Kind = str  # "square", "upper" (triangle above the Diagonal) or "lower"


def _buildings() -> tuple[tuple[tuple[int, int], Kind, tuple[int, ...]], ...]:
    """Every building space: (block, kind, corner crossings)."""
    out: list[tuple[tuple[int, int], Kind, tuple[int, ...]]] = []
    for r in range(BLOCKS):
        for c in range(BLOCKS):
            a, b = crossing(r, c), crossing(r, c + 1)
            d, e = crossing(r + 1, c), crossing(r + 1, c + 1)
            if r == c:
                out.append(((r, c), "upper", (a, b, e)))
                out.append(((r, c), "lower", (a, d, e)))
            else:
                out.append(((r, c), "square", (a, b, d, e)))
    return tuple(out)


BUILDINGS: Final = _buildings()
BUILDING_BLOCK: Final[tuple[tuple[int, int], ...]] = tuple(b for b, _, _ in BUILDINGS)
BUILDING_KIND: Final[tuple[Kind, ...]] = tuple(k for _, k, _ in BUILDINGS)
BUILDING_CORNERS: Final[tuple[tuple[int, ...], ...]] = tuple(c for _, _, c in BUILDINGS)
IS_TRIANGLE: Final[tuple[bool, ...]] = tuple(k != "square" for k in BUILDING_KIND)
# building spaces around each crossing, and those along each street space
AROUND: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(b for b, corners in enumerate(BUILDING_CORNERS) if x in corners)
    for x in range(CROSSINGS))
ALONG: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(b for b, corners in enumerate(BUILDING_CORNERS) if a in corners and e in corners)
    for a, e in SPACE_ENDS)


def building_name(b: int) -> str:
    r, c = BUILDING_BLOCK[b]
    kind = BUILDING_KIND[b]
    where = f"block {r + 1}-{c + 1}"
    return where if kind == "square" else f"{where} ({kind} corner)"


# -- the Tram's moves -----------------------------------------------------------


def next_spaces(space: int, via: int) -> tuple[int, ...]:
    """Spaces a Tram may enter leaving `space` through crossing `via` (no reversing)."""
    return tuple(s for s in TOUCHING[via] if s != space)


def far_end(space: int, via: int) -> int:
    """The crossing at the other end of `space`, entered through `via`."""
    a, b = SPACE_ENDS[space]
    return b if a == via else a


@lru_cache(maxsize=4096)  # a search asked again with each of the Tram's owner's moves
def tram_destinations(start: int, own: frozenset[int], blocked: frozenset[int]) -> tuple[int, ...]:
    """seed: 1 or 2 counted spaces along the streets, own Street tiles free and not counted,
    turning at crossings allowed, no reversing, ending on another space with no Tram."""
    seen: set[tuple[int, int, int]] = set()
    ends: set[int] = set()
    frontier = [(start, via, 0) for via in SPACE_ENDS[start]]
    while frontier:
        space, via, used = frontier.pop()
        for nxt in next_spaces(space, via):
            cost = used + (0 if nxt in own else 1)
            if cost > 2:
                continue
            state = (nxt, far_end(nxt, via), cost)
            if state in seen:
                continue
            seen.add(state)
            ends.add(nxt)
            frontier.append(state)
    ends.discard(start)
    return tuple(sorted(ends - blocked))


