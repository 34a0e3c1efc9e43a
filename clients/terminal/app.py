"""The terminal client: `play` a seat, `watch` live, step through a `replay`.

On a terminal the screen is redrawn on every change; when output or input is piped, each
screen is printed after the last one and input is read line by line, so a script (or a
test) can drive it: type a move's number, `u` to undo, `q` to quit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from rich.console import Console
from rich.text import Text

from clients.client import GameConnection, GameUpdate, PlazaClient, PlazaError
from server import protocol as p

from . import boards  # noqa: F401  (registers the games' own renderers)
from .inputs import Input
from .render import Screen
from .words import command_label, seat_name

PLAY_HELP = ("Type a move's number and Enter; `u` undoes your last step, `r` redraws, "
             "`q` quits. A command may also be typed as JSON: {\"type\": ...}.")
REPLAY_HELP = ("n / → / Enter: next   p / ←: previous   f: first   l: last   "
               "a number (then Enter): go to that seq   q: quit")


class _View:
    """Shows a `Screen`: redrawn in place on a terminal, printed one after another otherwise."""

    def __init__(self, console: Console, screen: Screen) -> None:
        self.console = console
        self.screen = screen
        self.redraw = console.is_terminal
        self.prompt = ""

    def show(self, prompt: str | None = None) -> None:
        """Draw the screen, then `prompt` (by default the last one)."""
        prompt = self.prompt if prompt is None else prompt
        self.prompt = prompt
        if self.redraw:
            self.console.clear()
        else:
            self.console.rule()
        self.console.print(self.screen.render(messages=self.redraw))
        if prompt:
            self.console.print(Text(prompt, style="bold"))

    def say(self, text: str, style: str = "", prompt: str = "") -> None:
        """A message under the screen: redrawn with it on a terminal, printed otherwise."""
        if self.redraw:
            self.screen.messages.append(Text(text, style=style))
            self.show(prompt or None)
            return
        self.console.print(Text(text, style=style))
        if prompt:
            self.console.print(Text(prompt, style="bold"))


async def _screen_for(client: PlazaClient, game_id: str, seat: int | None = None) -> Screen:
    info = await client.game(game_id)
    try:
        board = await client.board(info.kind)
    except PlazaError:
        board = None  # a server without board data: the generic renderer shows the view
    return Screen(kind=info.kind, title=info.title, game_id=game_id, names=list(info.seats),
                  board=board, seat=seat, seq=info.seq)


def _apply(screen: Screen, update: GameUpdate) -> None:
    screen.seq = update.seq
    screen.view = update.view
    screen.legal = update.legal
    screen.active = update.active
    screen.outcome = update.outcome
    screen.log.extend(update.events)


def _prompt(conn: GameConnection, screen: Screen) -> str:
    if screen.outcome is not None:
        return "The game is over."
    if screen.view is None:
        return "Waiting for the other players to join… (q quits)"
    if conn.seat is not None and conn.legal:
        numbers = "1" if len(conn.legal) == 1 else f"a number from 1 to {len(conn.legal)}"
        return f"Your move: {numbers}, u to undo, q to quit."
    waiting = ", ".join(seat_name(s, screen.names) for s in conn.active) or "nobody"
    return f"Waiting for {waiting}… (u undoes your last step, q quits)"


async def follow(client: PlazaClient, console: Console, game_id: str, token: str | None = None,
                 inputs: Input | None = None) -> int:
    """`play` with a token (and `inputs`), `watch` without: until the game ends or `q`."""
    screen = await _screen_for(client, game_id)
    view = _View(console, screen)
    conn: GameConnection | None = None

    def status(state: str) -> None:
        screen.status = "" if state == "connected" else "connection lost, reconnecting…"
        if conn is not None:
            view.show(_prompt(conn, screen) if inputs else "")

    conn = client.connect(game_id, token=token, since=0, reconnect_for=None, on_status=status)
    await conn.open()
    screen.seat = conn.seat
    playing = inputs is not None and conn.seat is not None

    async def updates() -> None:
        assert conn is not None
        async for update in conn.updates():
            _apply(screen, update)
            if any(env.actor != conn.seat for env in update.events):
                screen.messages.clear()  # the game moved on: old answers are stale
            if None in screen.names and update.events:
                with contextlib.suppress(PlazaError):
                    screen.names = list((await client.game(game_id)).seats)
            if update.outcome is not None:
                view.show("The game is over.")
                return
            view.show(_prompt(conn, screen) if playing else "")

    async def keyboard() -> None:
        assert conn is not None and inputs is not None
        while True:
            line = await inputs.get()
            if line is None or line.lower() in ("q", "quit", "exit"):
                return
            screen.messages.clear()
            await _play_line(conn, view, line)

    tasks = [asyncio.create_task(updates())]
    if playing:
        tasks.append(asyncio.create_task(keyboard()))
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            task.result()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await conn.close()
    return 0


async def _play_line(conn: GameConnection, view: _View, line: str) -> None:
    """One line typed by the player: a move's number, `u`, a JSON command, `r`, `?`."""
    screen = view.screen
    word = line.lower()
    if word in ("", "r", "redraw"):
        view.show(_prompt(conn, screen))
        return
    if word in ("?", "h", "help"):
        view.say(PLAY_HELP, prompt=_prompt(conn, screen))
        return
    if word in ("u", "undo"):
        _report(view, conn, await conn.undo(), "Undone.")
        return
    command, problem = _parse_move(line, conn.legal)
    if command is None:
        view.say(problem, "yellow", prompt=_prompt(conn, screen))
        return
    answer = await conn.command(command, after=conn.seq)
    label = command_label(command, screen.names, screen.kind, screen.view, screen.board)
    _report(view, conn, answer, f"Done: {label}.")


def _parse_move(line: str, legal: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, str]:
    """(the command a line names, or None and why not)."""
    if line.isdigit():
        number = int(line)
        if not legal:
            return None, "It is not your move now."
        if not 1 <= number <= len(legal):
            return None, f"Choose a number from 1 to {len(legal)}."
        return legal[number - 1], ""
    if line.startswith("{"):
        try:
            parsed = json.loads(line)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict) and "type" in parsed:
            return parsed, ""
        return None, 'A typed command is a JSON object with a "type".'
    return None, f"{line!r} is not a move. {PLAY_HELP}"


def _report(view: _View, conn: GameConnection, answer: p.Accepted | p.Rejected,
            done: str) -> None:
    if isinstance(answer, p.Rejected):
        view.say(f"Refused ({answer.code}): {answer.message}", "bold red",
                 prompt=_prompt(conn, view.screen))
    else:
        view.say(done, "green")


# Replays --------------------------------------------------------------------------------


async def replay(client: PlazaClient, console: Console, game_id: str, inputs: Input,
                 token: str | None = None, start: int | None = None) -> int:
    """Step through a game with the keyboard, as the token's seat or as a spectator."""
    screen = await _screen_for(client, game_id)
    screen.log = await client.all_events(game_id, token=token)
    last = screen.log[-1].seq if screen.log else 0
    if last == 0:
        raise PlazaError("empty", f"Game {game_id} has no events yet: nothing to replay.")
    screen.last = last
    setup = next((env.seq - 1 for env in screen.log if env.actor is not None), last)
    position = max(1, min(last, start if start is not None else setup or 1))
    cache: dict[int, p.StateAnswer] = {}
    view = _View(console, screen)
    typed = ""

    async def show(seq: int) -> None:
        if seq not in cache:
            cache[seq] = await client.state(game_id, at=seq, token=token)
        state = cache[seq]
        screen.seq = screen.current = seq
        screen.view, screen.active, screen.outcome = state.view, state.active, state.outcome
        view.show(f"seek to: {typed}" if typed else REPLAY_HELP)

    await show(position)
    while True:
        key = await inputs.get()
        if key is None:
            return 0
        if inputs.keys:
            target, typed, done = _replay_key(key, position, last, typed, keys=True)
        else:
            target, typed, done = _replay_key(key.strip().lower(), position, last, "", keys=False)
        if done:
            return 0
        if target is None:
            view.show(f"seek to: {typed}" if typed else REPLAY_HELP)
            continue
        position = max(1, min(last, target))
        screen.messages.clear()
        await show(position)


def _replay_key(key: str, position: int, last: int, typed: str,
                keys: bool) -> tuple[int | None, str, bool]:
    """(the seq to show or None, the digits typed so far, quit?) for one key or line.

    On a terminal (`keys`), digits add up until Enter; a piped line of digits seeks at once.
    """
    if key in ("q", "quit", "exit"):
        return None, "", True
    if keys and key.isdigit():
        return None, typed + key, False
    if keys and key == "backspace":
        return None, typed[:-1], False
    if keys and key == "enter" and typed:
        return int(typed), "", False
    words = key.split()
    if len(words) == 2 and words[0] in ("seek", "g", "go", "s") and words[1].isdigit():
        return int(words[1]), "", False
    if key.isdigit():
        return int(key), "", False
    moves = {"n": position + 1, "next": position + 1, "right": position + 1, " ": position + 1,
             "enter": position + 1, "": position + 1, "down": position + 1,
             "p": position - 1, "prev": position - 1, "previous": position - 1,
             "left": position - 1, "up": position - 1,
             "f": 1, "first": 1, "home": 1, "l": last, "last": last, "end": last, "$": last,
             "pagedown": position + 10, "pageup": position - 10}
    return moves.get(key), typed, False
