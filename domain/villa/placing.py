"""Every place the Hedge in hand may go, at once: what `legal` lists in the "place" phase,
a few hundred commands per state, which made it the costliest question of the game.

The board is drawn as bitmaps (board.py's `Bits`: bit (x - x0) * width + (y - y0) of an
integer stands for joint (x, y), or for the segment (x, y, d) in the bitmap of direction d).
Shifting a bitmap by a Hedge's point or segment then tries every position at once, in C.
The positions found become commands without a Python step per command: the bitmaps of the
eight orientations are interleaved into one string of "0" and "1", byte 8 * bit + orientation
(counted from the top, then the list reversed), which orders them as `legal` lists them (by x,
y, rotation, mirrored), and the command of each byte is made once for all games, since the
frame of `Bits` is the same for every board.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import accumulate, islice
from operator import itemgetter
from typing import NamedTuple

from .board import MARGIN, ORIGIN, WIDTH, Bits, Board
from .commands import Command, PlaceHedge
from .geometry import ORIENTATIONS, oriented

# (rotation, mirrored) of the orientation numbered 2 * rotation + mirrored: commands are
# listed by x, y, rotation, mirrored, so that number orders them at one position.
_ORIENTATION = tuple((tag >> 1, bool(tag & 1)) for tag in range(8))
_REACH = 4  # how far a position lies from the joint of the board its Hedge touches


class Listing(NamedTuple):
    """The placements of a Hedge on a board, and the bitmaps they were read from."""

    commands: list[Command]  # every PlaceHedge that `board.fits`, sorted
    # Per orientation 2 * rotation + mirrored, where it fits: bit i for bit first + i of the
    # frame, i < size. Empty for a board beyond the frame.
    fits: tuple[int, ...]
    first: int
    size: int


def placements(b: Board, hedge: int) -> list[Command]:
    """Every PlaceHedge of the Hedge in hand that `board.fits`, sorted."""
    return listing(b, hedge).commands


def listing(b: Board, hedge: int) -> Listing:
    if b.bits is None:  # a board that outgrew the frame (no game seen so far)
        return Listing([PlaceHedge(*p) for p in _unframed(b, hedge)], (), 0, 0)
    return _framed(b.bits, hedge)


def listed(at: Listing, x: int, y: int, rotation: int, mirrored: bool) -> bool | None:
    """Whether PlaceHedge(x, y, rotation, mirrored) is among the commands, read off the
    bitmaps (one bit, not a search of the list); None when there are none to read."""
    if not at.fits:
        return None
    bit = (x - ORIGIN) * WIDTH + y - ORIGIN - at.first
    if not (ORIGIN <= y < ORIGIN + WIDTH and 0 <= bit < at.size and 0 <= rotation < 4):
        return False  # outside the rows worked on (the column checked: no wrapping)
    return at.fits[2 * rotation + mirrored] >> bit & 1 == 1


def _shifted(bitmap: int, by: int) -> int:
    """Bit i + by of `bitmap` moved to i."""
    return bitmap >> by if by >= 0 else bitmap << -by


def _fits(joints: int, walls: tuple[int, int], through: int, width: int, hedge: int,
          rotation: int, mirrored: bool) -> int:
    """The positions where a point of the Hedge lies on a joint with a free segment, less
    those where a segment of it lies on a blocked edge or it would cross a Hedge in play."""
    shape = oriented(hedge, rotation, mirrored)
    fit = 0
    for x, y in shape.points:
        fit |= _shifted(joints, x * width + y)
    for x, y, d in shape.edges:
        fit &= ~_shifted(walls[d], x * width + y)
    for x, y in shape.straight:  # `board.crossing`
        fit &= ~_shifted(through, x * width + y)
    return fit


# Every offset of a Hedge's point or segment from its first end, x * WIDTH + y, is at
# least -_PAD: the bitmaps are moved up by _PAD once, so each shift is one `>>` in C.
_PAD = _REACH * WIDTH + _REACH


Shifts = tuple[int, ...]


@cache
def _plan(hedge: int) -> tuple[tuple[int, Shifts, Shifts, Shifts, Shifts], ...]:
    """Per orientation: its byte in a position's 8 as `_framed` lays them (from the top),
    then the shifts (plus _PAD) of its points, its segments of each direction, and the points
    where it runs straight on."""
    def shifts(points: Iterable[tuple[int, int]]) -> Shifts:
        return tuple(x * WIDTH + y + _PAD for x, y in points)

    out = []
    for rotation, mirrored in ORIENTATIONS:
        shape = oriented(hedge, rotation, mirrored)
        out.append((7 - (2 * rotation + mirrored), shifts(shape.points),
                    shifts((x, y) for x, y, d in shape.edges if d == 0),
                    shifts((x, y) for x, y, d in shape.edges if d == 1), shifts(shape.straight)))
    return tuple(out)


def _framed(bits: Bits, hedge: int) -> Listing:
    """`placements` on the board's bits in the fixed frame: `_fits` of each orientation
    (a touching point, less a blocked segment or a crossing), written out."""
    # Only the rows of bits a position can reach are worked on and written out: from row
    # `first` (shifted to bit 0) for `size` bits.
    first = (bits.low - _REACH - ORIGIN) * WIDTH
    size = (bits.high + _REACH + 1 - ORIGIN) * WIDTH - first
    joints, through = (bits.joints >> first) << _PAD, (bits.through >> first) << _PAD
    across, along = (bits.walls[0] >> first) << _PAD, (bits.walls[1] >> first) << _PAD
    digits = f"0{size}b"
    # Laid from the top position down, as `format` writes the bits (no string reversed):
    # byte 8 * (size - 1 - bit) + 7 - orientation is b"1" where it fits.
    table = bytearray(8 * size)
    fits = [0] * 8
    for byte, points, edges0, edges1, straight in _plan(hedge):
        fit = blocked = 0
        for by in points:
            fit |= joints >> by
        for by in edges0:
            blocked |= across >> by
        for by in edges1:
            blocked |= along >> by
        for by in straight:
            blocked |= through >> by
        fits[7 - byte] = fit = fit & ~blocked
        table[byte::8] = format(fit, digits).encode()
    # After each b"1" a comma: the lengths of the pieces between commas, added up from the
    # bytes of the frame above the rows worked on, count each b"1" from the top of the frame.
    pieces = table.replace(b"1", b"1,").split(b",")
    pieces.pop()
    top = first + size
    counts = islice(accumulate(map(len, pieces), initial=8 * (WIDTH * WIDTH - top)), 1, None)
    commands = list(map(_commands(range(first // WIDTH, top // WIDTH)).__getitem__, counts))
    commands.reverse()
    return Listing(commands, tuple(fits), first, size)


def _commands(rows: range) -> list[Command]:
    """The command of each byte 8 * bit + orientation of the whole frame, at index 8 *
    WIDTH * WIDTH less that byte (counted from the top), made once for all games, row by
    row as boards reach them (a row: 512 commands)."""
    if _MADE.find(0, rows.start, rows.stop) >= 0:
        for row in rows:
            if not _MADE[row]:
                x, end = ORIGIN + row, _BYTES - 8 * WIDTH * row
                made = [PlaceHedge(x, y, rotation, mirrored)
                        for y in range(ORIGIN, ORIGIN + WIDTH) for rotation, mirrored in _ORIENTATION]
                _COMMANDS[end - 8 * WIDTH + 1:end + 1] = made[::-1]
                _MADE[row] = 1
    return _COMMANDS


_BYTES = 8 * WIDTH * WIDTH
_COMMANDS: list[Command] = [PlaceHedge(0, 0)] * (1 + _BYTES)  # until made
_MADE = bytearray(WIDTH)  # per row of the frame: 1 once its commands are made


def _unframed(b: Board, hedge: int) -> tuple[tuple[int, int, int, bool], ...]:
    """`placements` on bitmaps framed to this board, for a board beyond the fixed frame."""
    if not b.blocked:
        return ()
    # The box: every joint ends a segment in play, and those are blocked edges.
    x0 = min(b.blocked)[0] - MARGIN
    y0 = min(b.blocked, key=itemgetter(1))[1] - MARGIN
    width = max(b.blocked, key=itemgetter(1))[1] + 1 + MARGIN - y0 + 1  # one bit per point
    joints = sum(1 << ((x - x0) * width + y - y0) for (x, y), n in b.degree.items() if n < 4)
    walls = [0, 0]  # per direction
    for x, y, d in b.blocked:
        walls[d] |= 1 << ((x - x0) * width + y - y0)
    through = sum(1 << ((x - x0) * width + y - y0) for x, y in b.through)
    keys: list[int] = []
    for rotation, mirrored in ORIENTATIONS:
        fit = _fits(joints, (walls[0], walls[1]), through, width, hedge, rotation, mirrored)
        # sort key of each position: its bit (ordered as (x, y) is), then the orientation
        tag = 2 * rotation + mirrored
        digits = bin(fit)[:1:-1]  # lowest bit first, without "0b"
        bit = digits.find("1")
        while bit >= 0:
            keys.append(8 * bit + tag)
            bit = digits.find("1", bit + 1)
    keys.sort()
    row = 8 * width
    return tuple([(key // row + x0, (key % row >> 3) + y0, *_ORIENTATION[key & 7]) for key in keys])
