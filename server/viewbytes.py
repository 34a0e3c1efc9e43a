"""One state's views encoded for all its audiences, the bytes they share made once.

In a game that says `views_share_parts` (Carrara, Barcelona, Bella Vista), a seat's view is
the spectators' view with a few parts of its own (its player board, its hand), built as
`replace(table, players=...)`, so every other field is the very same object. Encoding each
audience's 5-11 KB view whole made the spectators' bytes once per audience, a fifth of
Barcelona's and Carrara's server CPU under load (py-spy: `Audiences.update`, self). Here
the spectators' view is encoded once with a hole wherever some audience holds another
object (a field, or an item of a list field), and each audience's bytes are those pieces
with its own parts encoded into the holes: exactly the bytes of encoding its view whole,
since JSON encodes a struct as its fields' bytes in order (checked for every game, audience
and state of the property tests' games: tests/support/contract.py). Views made afresh for
each audience (the test game's) share nothing, and trying cost it 12% (bench instructions):
the games say which they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import is_not
from typing import Any

import msgspec
from msgspec.structs import astuple

_encode = msgspec.json.Encoder().encode
_HOLE = msgspec.Raw(b"\x00")  # never in JSON's output: control characters are escaped
_Hole = tuple[int, int | None]  # (field, item of an array field or None for the whole field)
_ARRAYS = (list, tuple)  # fields encoded as JSON arrays, whose items may be holes


def encoded_views(table: Any, views: Sequence[Any]) -> list[bytes]:
    """Each of `views` (the views of one state, `table` the spectators') encoded as JSON."""
    if len(views) < 2 or not _splices(table, views):
        return [_encode(view) for view in views]
    own = astuple(table)
    rows = [own if view is table else astuple(view) for view in views]
    fields = _differing(own, rows)
    if not fields:
        return [_encode(table)] * len(views)
    holes = _holes(own, rows, fields)
    pieces = _encode(_with_holes(table, own, holes)).split(b"\x00")
    if len(pieces) != len(holes) + 1:  # cannot happen; if it did, the plain way is right
        return [_encode(view) for view in views]
    parts = _parts(holes, own)
    made: list[bytes | None] = [None] * len(holes)
    return [_filled(pieces, holes, parts, made, row) for row in rows]


def _splices(table: Any, views: Sequence[Any]) -> bool:
    """Whether the views are structs of one type whose every field is encoded (with
    `omit_defaults`, a hole would show a field the whole view leaves out)."""
    return (isinstance(table, msgspec.Struct) and not table.__struct_config__.omit_defaults
            and all(type(view) is type(table) for view in views))


def _differing(own: tuple[Any, ...], rows: list[tuple[Any, ...]]) -> set[int]:
    """The fields where some audience's view holds another object than the spectators'."""
    fields: set[int] = set()
    span = range(len(own))
    for row in rows:
        if row is not own:
            fields.update(compress(span, map(is_not, row, own)))
    return fields


def _holes(own: tuple[Any, ...], rows: list[tuple[Any, ...]], fields: set[int]) -> list[_Hole]:
    """The differing fields, or their differing items for a list or tuple every audience holds
    with the same length, in the order JSON encodes them."""
    holes: list[_Hole] = []
    for field in sorted(fields):
        mine = own[field]
        values = [row[field] for row in rows]
        if type(mine) in _ARRAYS and all(type(v) in _ARRAYS and len(v) == len(mine) for v in values):
            items: set[int] = set()
            for value in values:
                if value is not mine:
                    items.update(compress(range(len(mine)), map(is_not, value, mine)))
            holes.extend((field, item) for item in sorted(items))
        else:
            holes.append((field, None))
    return holes


def _with_holes(table: msgspec.Struct, own: tuple[Any, ...], holes: list[_Hole]) -> Any:
    changes: dict[str, Any] = {}
    names = table.__struct_fields__
    for field, item in holes:
        name = names[field]
        if item is None:
            changes[name] = _HOLE
        else:
            changes.setdefault(name, list(own[field]))[item] = _HOLE
    return msgspec.structs.replace(table, **changes)


def _parts(holes: list[_Hole], row: tuple[Any, ...]) -> list[Any]:
    return [row[field] if item is None else row[field][item] for field, item in holes]


def _filled(pieces: list[bytes], holes: list[_Hole], own: list[Any], made: list[bytes | None],
            row: tuple[Any, ...]) -> bytes:
    """One audience's bytes: the pieces, and in each hole its part (the spectators' own
    part's bytes made once for all who share it)."""
    out = [pieces[0]]
    for k, part in enumerate(_parts(holes, row)):
        if part is own[k]:
            data = made[k]
            if data is None:
                data = made[k] = _encode(part)
        else:
            data = _encode(part)
        out.append(data)
        out.append(pieces[k + 1])
    return b"".join(out)


class KeptParts:
    """One game's public view encoded with its long arrays' bytes kept from the last view
    that held the very same array.

    Villa's view (public: one per state) is 3-13 KB, most of it the hedges' segments and
    joints, which a command that lays no hedge leaves as the same list objects (the board's
    drawing is cached); half of Villa's commands lay none, and areas and colours stay the
    same nine times in ten. The kept array is the object itself, held here, so `is` cannot
    match another made later at its address; the views' arrays are never changed once made
    (checked at every state of the property tests' games: tests/support/contract.py)."""

    MIN_ITEMS = 8  # shorter arrays cost more encoded apart and spliced than encoded in place

    def __init__(self) -> None:
        self._last: dict[str, tuple[Any, msgspec.Raw]] = {}

    def encode(self, view: Any) -> bytes:
        if not isinstance(view, msgspec.Struct) or view.__struct_config__.omit_defaults:
            return _encode(view)  # (an omitted default is compared with the value, not bytes)
        kept = {}
        for name, value in zip(view.__struct_fields__, astuple(view), strict=True):
            if type(value) in _ARRAYS and len(value) >= self.MIN_ITEMS:
                last = self._last.get(name)
                if last is None or last[0] is not value:
                    last = self._last[name] = (value, msgspec.Raw(_encode(value)))
                kept[name] = last[1]
        return _encode(msgspec.structs.replace(view, **kept) if kept else view)
