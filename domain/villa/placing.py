"""Every place the Hedge in hand may go, at once: what `legal` lists in the "place" phase,
a few hundred commands per state, which made it the costliest question of the game.

The board is drawn as bitmaps (board.py's `Bits`: bit (x - x0) * width + (y - y0) of an
integer stands for joint (x, y), or for the segment (x, y, d) in the bitmap of direction d).
Shifting a bitmap by a Hedge's point or segment then tries every position at once, in C.
Only a window of the frame is worked on: the rows (x) and the columns (y) a position can reach,
the columns cut out of the frame's rows a byte at a time (`_window`), since writing the bits
out one character each is most of the cost and a board is seldom a third as tall as the frame.
The positions found become commands without a Python step per command: the bitmaps of the
eight orientations are interleaved into one string of "0" and "1", byte 8 * bit + orientation
(counted from the top, then the list reversed), which orders them as `legal` lists them (by x,
y, rotation, mirrored), and the command of each byte is made once for all games, per window
of columns, since the frame of `Bits` is the same for every board.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import accumulate
from operator import itemgetter
from typing import NamedTuple

from .board import MARGIN, ORIGIN, WIDTH, Bits, Board
from .commands import Command, PlaceHedge
from .geometry import ORIENTATIONS, oriented

# (rotation, mirrored) of the orientation numbered 2 * rotation + mirrored: commands are
# listed by x, y, rotation, mirrored, so that number orders them at one position.
_ORIENTATION = tuple((tag >> 1, bool(tag & 1)) for tag in range(8))
_REACH = 4  # how far a position lies from the joint of the board its Hedge touches
_ROW = WIDTH // 8  # bytes a row of the frame: the window is cut a byte at a time
assert _ROW * 8 == WIDTH


class Listing(NamedTuple):
    """The placements of a Hedge on a board, and the bitmaps they were read from."""

    # Every PlaceHedge that `board.fits`, sorted. A tuple: a game keeps its latest listing
    # until its next command, seconds at 1,000 games, and the collector's middle passes
    # walked every item of the listings kept meanwhile (70,000 in one 7 ms pass, bench
    # scale); a tuple of commands is untracked by the first pass it survives.
    commands: tuple[Command, ...]
    # Per orientation 2 * rotation + mirrored, where it fits: bit i for bit first + i of the
    # window, i < size, the window being the frame's columns column .. column + width - 1
    # (y - ORIGIN), `width` bits a row. Empty for a board beyond the frame.
    fits: tuple[int, ...]
    first: int
    size: int
    column: int = 0
    width: int = WIDTH


def placements(b: Board, hedge: int) -> tuple[Command, ...]:
    """Every PlaceHedge of the Hedge in hand that `board.fits`, sorted."""
    return listing(b, hedge).commands


def listing(b: Board, hedge: int) -> Listing:
    if b.bits is None:  # a board that outgrew the frame (no game seen so far)
        return Listing(tuple(PlaceHedge(*p) for p in _unframed(b, hedge)), (), 0, 0)
    return _framed(b.bits, hedge)


def listed(at: Listing, x: int, y: int, rotation: int, mirrored: bool) -> bool | None:
    """Whether PlaceHedge(x, y, rotation, mirrored) is among the commands, read off the
    bitmaps (one bit, not a search of the list); None when there are none to read."""
    if not at.fits:
        return None
    column = y - ORIGIN - at.column
    bit = (x - ORIGIN) * at.width + column - at.first
    if not (0 <= column < at.width and 0 <= bit < at.size and 0 <= rotation < 4):
        return False  # outside the window worked on (the column checked: no wrapping)
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


Shifts = tuple[int, ...]


@cache
def _plan(hedge: int, width: int) -> tuple[tuple[int, Shifts, Shifts, Shifts, Shifts], ...]:
    """Per orientation, for bitmaps `width` bits a row: its byte in a position's 8 as
    `_framed` lays them (from the top), then the shifts of its points, its segments of each
    direction, and the points where it runs straight on, each x * width + y plus the pad
    (`_pad`: every such offset is at least minus the pad, so each shift is one `>>` in C)."""
    def shifts(points: Iterable[tuple[int, int]]) -> Shifts:
        return tuple(x * width + y + _pad(width) for x, y in points)

    out = []
    for rotation, mirrored in ORIENTATIONS:
        shape = oriented(hedge, rotation, mirrored)
        out.append((7 - (2 * rotation + mirrored), shifts(shape.points),
                    shifts((x, y) for x, y, d in shape.edges if d == 0),
                    shifts((x, y) for x, y, d in shape.edges if d == 1), shifts(shape.straight)))
    return tuple(out)


def _pad(width: int) -> int:
    return _REACH * width + _REACH


def _framed(bits: Bits, hedge: int) -> Listing:
    """`placements` on the board's bits in the fixed frame: `_fits` of each orientation
    (a touching point, less a blocked segment or a crossing), written out."""
    # The window: the rows a position can reach (x within _REACH of a joint), and the columns
    # (y likewise), whole bytes of the frame's rows. A position's shifts read up to _REACH
    # columns beyond it, which may wrap to a neighbouring row of the window: only to columns
    # within _REACH of its edges, never at a joint's or a segment's, so they read nothing.
    rows = bits.high - bits.low + 2 * _REACH + 1
    start = (bits.bottom - _REACH - ORIGIN) >> 3
    span = ((bits.top + _REACH - ORIGIN) >> 3) + 1 - start
    width = span << 3
    joints, across, along, through = _window(bits, rows, start, span)
    size = rows * width
    digits = f"0{size}b"
    # Laid from the top position down, as `format` writes the bits (no string reversed):
    # byte 8 * (size - 1 - bit) + 7 - orientation is b"1" where it fits.
    table = bytearray(8 * size)
    fits = [0] * 8
    for byte, points, edges0, edges1, straight in _plan(hedge, width):
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
    # After each b"1" a comma (bytes, not a bytearray: one allocation a piece): the lengths
    # of the pieces between commas, added up from the bytes of the window's frame above the
    # rows worked on, count each b"1" from the top of that frame.
    pieces = bytes(table).replace(b"1", b"1,").split(b",")
    pieces.pop()
    first = (bits.low - _REACH - ORIGIN) * width
    made = _commands(start, span, range(bits.low - _REACH - ORIGIN, bits.high + _REACH + 1 - ORIGIN))
    above = 8 * (WIDTH * width - first - size)
    if len(pieces) > 1:  # one C loop picks them all (itemgetter of one item gives no tuple)
        lengths = list(map(len, pieces))
        lengths[0] += above
        commands = itemgetter(*accumulate(lengths))(made)[::-1]
    else:
        commands = tuple(made[above + len(piece)] for piece in pieces)
    return Listing(commands, tuple(fits), first, size, start << 3, width)


def _window(bits: Bits, rows: int, start: int, span: int) -> tuple[int, int, int, int]:
    """The joints, walls (each direction) and crossings of `bits` in the rows worked on (from
    row bits.low - _REACH up), cut to `span` bytes of columns from byte `start` of each row,
    as bitmaps `8 * span` bits a row moved up by the pad."""
    first = (bits.low - _REACH - ORIGIN) * WIDTH
    whole = rows * _ROW
    raw = b"".join([(bitmap >> first).to_bytes(whole, "little")
                    for bitmap in (bits.joints, *bits.walls, bits.through)])
    part = rows * span
    cut = bytearray(4 * part)
    for k in range(span):  # a byte of the window in each row: one strided copy in C
        cut[k::span] = raw[start + k::_ROW]
    pad = _pad(span << 3)
    joints, across, along, through = (int.from_bytes(cut[i:i + part], "little") << pad
                                      for i in range(0, 4 * part, part))
    return joints, across, along, through


def _commands(start: int, span: int, rows: range) -> list[Command]:
    """For the window of `span` bytes of columns from byte `start`: the command of each byte
    8 * bit + orientation of its frame (WIDTH rows of 8 * span bits), at index 8 * WIDTH * 8 *
    span less that byte (counted from the top), made once for all games, row by row as boards
    reach them; the commands themselves are made once per row for every window."""
    window = _WINDOWS.get((start, span))
    if window is None:
        window = _WINDOWS[(start, span)] = (
            [_PLACEHOLDER] * (1 + 8 * WIDTH * 8 * span), bytearray(WIDTH))
    made, done = window
    if done.find(0, rows.start, rows.stop) >= 0:
        width = 8 * span
        for row in rows:
            if not done[row]:
                end = 8 * WIDTH * width - 8 * width * row
                made[end - 8 * width + 1:end + 1] = _row(row)[64 * start:64 * (start + span)][::-1]
                done[row] = 1
    return made


_PLACEHOLDER: Command = PlaceHedge(0, 0)  # until made
# Per window (its first byte of columns, its bytes): its commands, and per row of the frame
# whether they are made. At most 36 windows, of at most 32,769 references each.
_WINDOWS: dict[tuple[int, int], tuple[list[Command], bytearray]] = {}


@cache
def _row(row: int) -> list[Command]:
    """The commands of a row of the frame, by y, rotation, mirrored: 8 a column."""
    x = ORIGIN + row
    return [PlaceHedge(x, y, rotation, mirrored)
            for y in range(ORIGIN, ORIGIN + WIDTH) for rotation, mirrored in _ORIENTATION]


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
