"""Encoding the large parts that several audiences' views share, once per state.

A game whose seats see different views still builds most of each view from the same
objects: its per-state memos (domain/core/memo.py) hand every audience the same board, the
same display, the same tracks. Encoding each audience's view whole wrote those bytes again
for every audience: for Barcelona, 5 views of about 11 KB each after every command, the
largest single cost of the server's fan-out. Here a field of the view whose encoding is
large, and which the audiences share, is encoded once per object, and the other audiences'
views carry those bytes as they are (`msgspec.Raw`): the same JSON, byte for byte.
"""

from __future__ import annotations

from typing import Any

import msgspec

_encoder = msgspec.json.Encoder()
_CONTAINERS = (list, tuple, dict, msgspec.Struct)
MIN_BYTES = 256  # a part this large is worth its own encoding; smaller ones are cheaper inline
RELEARN = 32  # states between two looks at which parts are large (they grow slowly)


class SharedParts:
    """Which fields of the views are large and shared, and per state the bytes of each."""

    def __init__(self) -> None:
        self._state: Any = None
        self._states = 0
        self._views = 0  # of this state
        self._fields: tuple[str, ...] = ()
        self._shared: set[str] = set()  # of `_fields`, those an audience found already encoded
        # id -> (the object, its bytes): the object is held so that its id stays its own.
        self._bytes: dict[int, tuple[Any, msgspec.Raw]] = {}

    def view(self, state: Any, view: Any) -> Any:
        """`view`, its large fields as their encoded bytes (reused where an earlier view of
        this state held the very same object)."""
        if not isinstance(view, msgspec.Struct):
            return view
        if state is not self._state:
            self._next_state(state, view)
        self._views += 1
        encoded, parts = self._bytes, {}
        for name in self._fields:
            value = getattr(view, name)
            known = encoded.get(id(value))
            if known is None:
                known = encoded[id(value)] = (value, msgspec.Raw(_encoder.encode(value)))
            else:
                self._shared.add(name)
            parts[name] = known[1]
        return msgspec.structs.replace(view, **parts) if parts else view

    def _next_state(self, state: Any, view: Any) -> None:
        """Keep only the fields the last state's audiences shared (one audience alone tells
        nothing); now and then look again at every field of this view."""
        if self._views > 1:
            self._fields = tuple(name for name in self._fields if name in self._shared)
        self._state, self._views, self._bytes, self._shared = state, 0, {}, set()
        self._states += 1
        if self._states % RELEARN == 1:
            self._fields = self._large(view)

    @staticmethod
    def _large(view: Any) -> tuple[str, ...]:
        return tuple(name for name in view.__struct_fields__
                     if isinstance(value := getattr(view, name), _CONTAINERS)
                     and len(_encoder.encode(value)) >= MIN_BYTES)
