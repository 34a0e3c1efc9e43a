"""The game log and the commands in words, for any game: from types and data, generically."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import msgspec

from domain.core import EventCodec, registry
from domain.core.table import TABLE_TYPES, TableEvent, describe_table
from server.protocol import Envelope

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEAT_KEYS = ("seat", "player", "to_seat", "from_seat", "target_seat", "owner")


def humanize(name: str) -> str:
    """`TurnEnded` -> `turn ended`, `hand_size` -> `hand size`."""
    return _CAMEL.sub(" ", name).replace("_", " ").strip().lower()


def clean_name(name: str | None) -> str | None:
    """A player's name fit for a terminal: without control or format characters, which could
    move the cursor, recolour the screen or reverse the rest of a line. The server refuses
    such names, but a game imported from a replay file, or an older server, may hold them."""
    if name is None:
        return None
    return "".join(ch for ch in name if unicodedata.category(ch) not in ("Cc", "Cf"))


def name_of(seat: int, names: Sequence[str | None] = ()) -> str | None:
    """The cleaned name of a seat's player, or None (free, unknown or nothing printable);
    every name this client shows comes through here."""
    return clean_name(names[seat]) if 0 <= seat < len(names) else None


def seat_name(seat: int | None, names: Sequence[str | None] = ()) -> str:
    """A seat in a header or a table: `Ada (seat 0)`, else `seat 0`."""
    if seat is None:
        return "the game"
    name = name_of(seat, names)
    return f"{name} (seat {seat})" if name else who(seat, names)


def short(value: Any, limit: int = 60) -> str:
    """A value in a few words: lists joined, objects as key=value, None as `hidden`."""
    if value is None:
        text = "?"
    elif isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, str | int | float):
        text = str(value)
    elif isinstance(value, list | tuple):
        text = "[" + ", ".join(short(item, limit) for item in value) + "]" if value else "none"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{humanize(str(k))} {short(v, limit)}" for k, v in value.items()
                               if k != "type") + "}"
        if "type" in value:
            text = humanize(str(value["type"])) + (" " + text if len(value) > 1 else "")
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def who(seat: int, names: Sequence[str | None] = ()) -> str:
    """A seat in a sentence: its player's name, else `seat N`."""
    return name_of(seat, names) or f"seat {seat}"


def details(data: Any, names: Sequence[str | None] = (), actor: int | None = None) -> str:
    """The fields of an event or command, except its type, as `card 5, seat Ada`.

    A seat field that only repeats the actor is left out.
    """
    if not isinstance(data, dict):
        return "" if data is None else short(data)
    parts = []
    for key, value in data.items():
        if key == "type":
            continue
        if key in _SEAT_KEYS and (value is None or isinstance(value, int)) \
                and not isinstance(value, bool):
            if value is not None and value != actor:
                parts.append(f"{humanize(key)} {who(value, names)}")
        else:
            parts.append(f"{humanize(key)} {short(value)}")
    return ", ".join(parts)


_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


@cache
def _codec(kind: str) -> EventCodec | None:
    game = registry.get(kind)
    return EventCodec(game) if game is not None else None


def game_words(env: Envelope, names: Sequence[str | None] = (), kind: str = "") -> str | None:
    """The game's own sentence for an event (its `describe`, with seats named), when this
    client has the game installed and the event decodes; else None."""
    codec = _codec(kind) if kind else None
    if codec is None or env.type == "Rewound":
        return None
    try:
        event = codec.upcast(env.type, env.v, {**env.data, "type": env.type})
        line = codec.game.describe(event)
    except (msgspec.ValidationError, ValueError, TypeError, KeyError, AttributeError):
        return None  # a newer server's event: the generic words serve

    def named(match: re.Match[str]) -> str:
        return name_of(int(match.group(2)), names) or match.group(0)

    return _SEAT.sub(named, line)


def table_words(env: Envelope, names: Sequence[str | None] = ()) -> str | None:
    """The platform's sentence for a table event (a clock ran out, a bot took a seat over...),
    with seats named; None for any other event."""
    if env.type not in TABLE_TYPES:
        return None
    try:
        line = describe_table(msgspec.convert({**env.data, "type": env.type}, TableEvent))
    except (msgspec.ValidationError, TypeError, KeyError):
        return None  # a newer server's table event: the generic words serve

    def named(match: re.Match[str]) -> str:
        return name_of(int(match.group(2)), names) or match.group(0)

    return _SEAT.sub(named, line)


def describe(env: Envelope, names: Sequence[str | None] = (), kind: str = "") -> str:
    """One line of the game log: the game's own words when it is installed here (the
    platform's for a table event), else who did what from the event's type and data."""
    said = table_words(env, names) or game_words(env, names, kind)
    if said is not None:
        return said
    if env.type == "Rewound":
        to_seq = env.data.get("to_seq") if isinstance(env.data, dict) else None
        actor = "the game" if env.actor is None else who(env.actor, names)
        return f"{actor} undid back to #{to_seq}"
    words = humanize(env.type)
    text = words.capitalize() if env.actor is None else f"{who(env.actor, names)}: {words}"
    more = details(env.data, names, env.actor)
    return f"{text} ({more})" if more else text


# A game's own wording of its commands: (command, view, names, board) -> a label, or None to
# fall back to the generic one. It reads the view and the game's board data as JSON only, like
# the renderers in boards/.
Labeler = Callable[[dict[str, Any], Any, Sequence[str | None], Any], "str | None"]
_labelers: dict[str, Labeler] = {}


def register_labeler(kind: str, labeler: Labeler) -> None:
    _labelers[kind] = labeler


def command_label(command: dict[str, Any], names: Sequence[str | None] = (), kind: str = "",
                  view: Any = None, board: Any = None) -> str:
    """A legal command as a menu line: `play (card 5)`; a game with a labeler of its own
    (see `register_labeler`) may name its board places instead of numbering them."""
    labeler = _labelers.get(kind)
    if labeler is not None:
        try:
            label = labeler(command, view, names, board)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            label = None  # a command or view of another shape: the generic label
        if label:
            return label
    what = humanize(str(command.get("type", "?")))
    more = details(command, names)
    return f"{what} ({more})" if more else what
