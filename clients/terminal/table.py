"""The table around a game on the terminal: each seat's clock, who plays a seat in its
player's place, a dropped seat, an abandoned game, a rematch offered (an extension of
PROTOCOL.md: the `table` of every welcome and update)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from clients.tables import LOW_MS, SeatClocks, format_ms

from .words import seat_name, who

Names = Sequence[str | None]

REASONS = {"left": "left the game", "disconnected": "was away too long",
           "clock": "ran out of time"}
TABLE_HELP = ("`leave`: a bot plays for you until `reclaim` (or any move of yours) takes your "
              "seat back; `rematch`, once the game is over: play it again, seats rotated.")


def clock_line(clocks: SeatClocks, seats: int, names: Names, over: bool) -> Text | None:
    """`clocks  Ada 2:53 ▶  Bob 3:00`: every seat's time left, the running ones marked."""
    left = clocks.all(seats)
    if clocks.clock is None or all(ms is None for ms in left):
        return None
    text = Text("clocks ", style="bold")
    for seat, ms in enumerate(left):
        if ms is None:
            continue
        running = seat in clocks.running and not over
        style = "bold red" if ms < LOW_MS and running else "bold yellow" if running else ""
        text.append(f" {seat_name(seat, names)} ")
        text.append(format_ms(ms) + (" ▶" if running else ""), style=style)
        text.append(" ")
    return text


def notices(table: Any, names: Names, seat: int | None, over: bool) -> list[Text]:
    """What the table says beside the game: bots in players' places, drops, abandonment,
    a rematch; with what this seat may type about it."""
    if not isinstance(table, dict):
        return []
    out = []
    for bot in table.get("bots") or []:
        mine = bot["seat"] == seat
        why = REASONS.get(bot.get("reason", ""), "is away")
        line = (f"{'You' if mine else who(bot['seat'], names)} {why}: a {bot.get('level', '')} "
                f"bot plays for {'you' if mine else 'them'}.")
        if mine and not over:
            line = line.replace("You was", "You were") + \
                " Type `reclaim` (or make a move) to take your seat back."
        out.append(Text(line, style="magenta"))
    for dropped in table.get("dropped") or []:
        out.append(Text(f"{who(dropped, names)} was dropped: out of the game, ranked last; a bot "
                        "makes their moves.", style="magenta"))
    if abandoned := table.get("abandoned"):
        why = REASONS.get(abandoned.get("reason", ""), "left")
        out.append(Text(f"The game was abandoned: {who(abandoned['seat'], names)} {why}.",
                        style="bold magenta"))
    if rematch := table.get("rematch"):
        join = " Type `rematch` to join it." if seat is not None else ""
        out.append(Text(f"A rematch was offered: game {rematch}.{join}", style="bold cyan"))
    return out


def table_text(table: Any, clocks: SeatClocks, names: Names, seat: int | None,
               over: bool) -> Text | None:
    """The clocks and the notices, one a line, or None when the table says nothing."""
    seats = len(names) or len((clocks.clock or {}).get("remaining_ms", []))
    lines = [line for line in (clock_line(clocks, seats, names, over),) if line is not None]
    lines += notices(table, names, seat, over)
    return Text("\n").join(lines) if lines else None


def running_clock(clocks: SeatClocks, over: bool) -> bool:
    """Whether a clock runs now (the screen then ticks once a second)."""
    return not over and bool(clocks.running)
