"""Readable rich renderings of any game's view, its log, its moves and its outcome.

The generic renderer knows nothing of a game: objects become key/value grids, lists of
objects become tables (a `players` list gets the players' names), lists of lists become
boards. A game may add a nicer renderer of its own in `boards/`; it gets the game's static
board data too (`GET /api/kinds/{kind}/board`, None when the game has none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from clients.tables import SeatClocks
from server.protocol import Envelope

from .table import table_text
from .words import command_label, describe, humanize, seat_name, short

Names = Sequence[str | None]
ViewRenderer = Callable[[Any, Names, "int | None", Any], RenderableType]  # view, names, seat, board

_PLAYER_LISTS = ("players", "seats", "hands", "boards", "players_view")
_renderers: dict[str, ViewRenderer] = {}


def register_renderer(kind: str, renderer: ViewRenderer) -> None:
    _renderers[kind] = renderer


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def cell(value: Any) -> Text:
    if value is None:
        return Text("·", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no", style="green" if value else "dim")
    return Text(short(value, 40))


def render_value(value: Any, key: str = "", names: Names = (), depth: int = 0) -> RenderableType:
    """Any JSON value as a rich renderable."""
    if _scalar(value):
        return cell(value)
    if isinstance(value, list):
        if not value:
            return Text("none", style="dim")
        if all(_scalar(item) for item in value):
            return Text(short(value, 200))
        if all(isinstance(item, list) and all(_scalar(c) for c in item) for item in value):
            return _board(value)
        if all(isinstance(item, dict) for item in value):
            return _records(value, key, names, depth)
        return Group(*(render_value(item, key, names, depth + 1) for item in value))
    if isinstance(value, dict):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold cyan", no_wrap=True)
        grid.add_column()
        for name, item in value.items():
            grid.add_row(humanize(str(name)), render_value(item, str(name), names, depth + 1))
        return grid
    return Text(str(value))


def _board(rows: list[list[Any]]) -> Table:
    table = Table(show_header=False, show_lines=False, box=None, padding=(0, 1))
    width = max(len(row) for row in rows)
    for _ in range(width):
        table.add_column(justify="center")
    for row in rows:
        table.add_row(*(cell(item) for item in row), *([""] * (width - len(row))))
    return table


def _records(items: list[dict[str, Any]], key: str, names: Names, depth: int) -> Table:
    """A list of objects: one row per object when they are narrow and flat, else one column
    per object (players side by side), one row per field."""
    columns: list[str] = []
    for item in items:
        columns.extend(k for k in item if k not in columns)
    by_seat = key in _PLAYER_LISTS
    # Text, not str: a table reads markup in strings, and a name such as "[/b]" would crash it
    labels = [Text(seat_name(i, names) if by_seat else str(i)) for i in range(len(items))]
    flat = all(_flat(item.get(c)) for item in items for c in columns)
    if (len(columns) <= 6 and flat) or len(items) > 6:
        table = Table(show_header=True, header_style="bold", padding=(0, 1))
        table.add_column("seat" if by_seat else "#", style="bold")
        for column in columns:
            table.add_column(humanize(column))
        for label, item in zip(labels, items, strict=True):
            table.add_row(label, *(_cell_value(item.get(c), c, names, depth) for c in columns))
        return table
    table = Table(show_header=True, header_style="bold", padding=(0, 1))
    table.add_column("", style="bold cyan", no_wrap=True)
    for label in labels:
        table.add_column(label)
    for column in columns:
        table.add_row(humanize(column),
                      *(_cell_value(item.get(column), column, names, depth) for item in items))
    return table


def _cell_value(value: Any, key: str, names: Names, depth: int) -> RenderableType:
    if _scalar(value):
        return cell(value)
    if not value:
        return Text("none", style="dim")
    if isinstance(value, list) and all(isinstance(item, dict) for item in value):
        return Text("\n".join(short(item, 200) for item in value))
    if isinstance(value, list) and all(isinstance(item, str) for item in value) \
            and sum(map(len, value)) > 40:
        return Text("\n".join(value))
    if isinstance(value, dict) and _flat(value):
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="dim")
        grid.add_column()
        for name, item in value.items():
            grid.add_row(humanize(str(name)), cell(item))
        return grid
    if depth < 2 and value:
        return render_value(value, key, names, depth + 1)
    return Text(short(value, 200))


def _flat(value: Any) -> bool:
    if isinstance(value, list):
        return all(_scalar(item) for item in value)
    if isinstance(value, dict):
        return all(_scalar(item) for item in value.values())
    return True


def render_view(kind: str, view: Any, names: Names = (), seat: int | None = None,
                board: Any = None) -> RenderableType:
    """The view as a board: the game's own renderer if it has one, else the generic one."""
    if view is None:
        return Text("The game has not started: waiting for every seat to be taken.", style="dim")
    renderer = _renderers.get(kind)
    if renderer is not None:
        try:
            return renderer(view, names, seat, board)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            pass  # a view of another shape than the renderer knows: show it generically
    return render_value(view, "", names)


def render_outcome(outcome: Any, names: Names = ()) -> RenderableType:
    if not isinstance(outcome, dict):
        return Text(short(outcome))
    scores = outcome.get("scores") or []
    ranks = outcome.get("ranks") or []
    winners = set(outcome.get("winners") or [])
    breakdown = outcome.get("breakdown") or {}
    per_seat = {k: v for k, v in breakdown.items() if isinstance(v, list) and len(v) == len(scores)}
    table = Table(title="Final result", header_style="bold")
    for column in ("rank", "player", "score", *map(humanize, per_seat)):
        table.add_column(column)
    order = sorted(range(len(scores)), key=lambda s: (ranks[s] if s < len(ranks) else 0, s))
    for seat in order:
        mark = " ★" if seat in winners else ""
        table.add_row(str(ranks[seat]) if seat < len(ranks) else "?",
                      Text(seat_name(seat, names) + mark), str(scores[seat]),
                      *(_cell_value(values[seat], key, names, 2)
                        for key, values in per_seat.items()),
                      style="bold green" if seat in winners else None)
    rest = {k: v for k, v in breakdown.items() if k not in per_seat}
    return Group(table, render_value(rest, "breakdown", names)) if rest else table


def render_log(events: Sequence[Envelope], names: Names = (), last: int = 12,
               current: int | None = None, kind: str = "") -> RenderableType:
    """The last lines of the game log in words; `current` marks one seq (for replays)."""
    shown = list(events)
    if current is not None:
        upto = [i for i, env in enumerate(shown) if env.seq <= current]
        end = (upto[-1] + 1) if upto else 0
        shown = shown[max(0, end - last // 2 - 1): max(end + last // 2, last)]
    else:
        shown = shown[-last:]
    text = Text()
    for env in shown:
        style = "bold reverse" if env.seq == current else (
            "dim" if current is not None and env.seq > current else None)
        text.append(f"#{env.seq:<4} {describe(env, names, kind)}\n", style=style)
    if not shown:
        text.append("(nothing yet)", style="dim")
    return text


def render_legal(legal: Sequence[dict[str, Any]], names: Names = (), kind: str = "",
                 view: Any = None, board: Any = None) -> RenderableType:
    """The legal commands, numbered from 1; in columns when there are many."""
    items = [Text.assemble((f"{number:>3}. ", "bold yellow"),
                           command_label(command, names, kind, view, board))
             for number, command in enumerate(legal, start=1)]
    if len(items) <= 8:
        return Text("\n").join(items)
    return Columns(items, padding=(0, 3), column_first=True)


@dataclass
class Screen:
    """Everything one screen of `play`, `watch` or `replay` shows."""

    kind: str
    title: str
    game_id: str
    names: list[str | None]
    seat: int | None = None
    seq: int = 0
    view: Any = None
    legal: list[dict[str, Any]] = field(default_factory=list)
    active: list[int] = field(default_factory=list)
    outcome: Any = None
    log: list[Envelope] = field(default_factory=list)
    status: str = ""
    messages: list[Text] = field(default_factory=list)
    current: int | None = None  # replays: the seq shown
    last: int | None = None  # replays: the last seq
    board: Any = None  # the game's static board data (GET /api/kinds/{kind}/board)
    table: Any = None  # the table of the latest frame: clocks, bots, drops (an extension)
    clocks: SeatClocks = field(default_factory=SeatClocks)  # each seat's time, ticking on

    def header(self) -> Text:
        text = Text()
        text.append(self.title or self.kind, style="bold magenta")
        text.append(f"  game {self.game_id}  ")
        if self.last is not None:
            text.append("replay  ", style="bold blue")
            text.append(f"seq {self.seq} of {self.last}  ", style="bold")
        else:
            text.append(f"seq {self.seq}  ")
        if self.seat is not None:
            text.append(f"you are {seat_name(self.seat, self.names)}  ", style="bold green")
        elif self.last is None:
            text.append("watching  ", style="bold blue")
        if self.outcome is None and self.active:
            waiting = ", ".join(seat_name(s, self.names) for s in self.active)
            text.append(f"to move: {waiting}", style="yellow")
        if self.last is None and (table := table_text(self.table, self.clocks, self.names,
                                                      self.seat, self.outcome is not None)):
            text.append("\n")
            text.append_text(table)
        if self.status:
            text.append(f"\n{self.status}", style="bold red")
        return text

    def render(self, messages: bool = True) -> RenderableType:
        """The table, the log, then (nearest the prompt, so never scrolled away) the header,
        the moves or the result, and the messages."""
        parts: list[RenderableType] = [
            Panel(render_view(self.kind, self.view, self.names, self.seat, self.board), title="table",
                  title_align="left"),
            Panel(render_log(self.log, self.names, last=8, current=self.current,
                                   kind=self.kind), title="log",
                  title_align="left"),
            self.header(),
        ]
        if self.outcome is not None:
            parts.append(render_outcome(self.outcome, self.names))
        elif self.legal:
            parts.append(Panel(render_legal(self.legal, self.names, self.kind, self.view, self.board),
                               title="your moves",
                               title_align="left"))
        if messages:
            parts.extend(self.messages[-3:])
        return Group(*parts)
