"""Following a game live: `play` a seat (a token and the keyboard) or `watch` it, until the
game ends or `q`.

Each seat's clock ticks once a second on a terminal. A player may type `leave` (a bot plays
for them), `reclaim` (their seat back), and, once the game is over, `rematch`: the client then
follows the rematch, as the seat the server gives (on a terminal; piped, the client ends with
the game as it always did, and `plaza rematch` asks for one).
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

from .inputs import Input
from .render import Screen
from .screens import View, screen_for
from .table import TABLE_HELP, running_clock
from .words import command_label, seat_name

PLAY_HELP = ("Type a move's number and Enter; `u` undoes your last step, `r` redraws, "
             "`q` quits. A command may also be typed as JSON: {\"type\": ...}. " + TABLE_HELP)
QUIT = ("q", "quit", "exit")


async def follow(client: PlazaClient, console: Console, game_id: str, token: str | None = None,
                 inputs: Input | None = None) -> int:
    """`play` with a token (and `inputs`), `watch` without: until the game ends or `q`; then
    the rematch, when the player asked for one."""
    greeting: list[Text] = []
    while True:
        following = Following(client, console, game_id, token, inputs)
        following.greeting = greeting
        rematch = await following.run()
        if rematch is None:
            return 0
        game_id, token = rematch.game_id, rematch.token
        greeting = [Text(f"The rematch: game {game_id}, your seat {rematch.seat}. To come back to "
                         f"it: plaza play {game_id} --token {token}", style="green")]


def apply_update(screen: Screen, update: GameUpdate) -> None:
    screen.seq = update.seq
    screen.view = update.view
    screen.legal = update.legal
    screen.active = update.active
    screen.outcome = update.outcome
    screen.log.extend(update.events)
    screen.table = update.table
    screen.clocks.note(update.table)


def _bot_plays(screen: Screen, seat: int | None) -> bool:
    bots = screen.table.get("bots") if isinstance(screen.table, dict) else None
    return seat is not None and any(bot.get("seat") == seat for bot in bots or [])


def prompt_for(conn: GameConnection, screen: Screen, stay: bool = False) -> str:
    if screen.outcome is not None:
        return ("The game is over. Type `rematch` to play it again (seats rotated), q to quit."
                if stay else "The game is over.")
    if screen.view is None:
        return "Waiting for the other players to join… (q quits)"
    if _bot_plays(screen, conn.seat):
        return "A bot plays for you: `reclaim` takes your seat back, q quits."
    if conn.seat is not None and conn.legal:
        numbers = "1" if len(conn.legal) == 1 else f"a number from 1 to {len(conn.legal)}"
        return f"Your move: {numbers}, u to undo, q to quit."
    waiting = ", ".join(seat_name(s, screen.names) for s in conn.active) or "nobody"
    return f"Waiting for {waiting}… (u undoes your last step, q quits)"


class Following:
    """One game followed live; `run()` answers the rematch to follow next, if any."""

    def __init__(self, client: PlazaClient, console: Console, game_id: str, token: str | None,
                 inputs: Input | None) -> None:
        self.client, self.console, self.game_id, self.token = client, console, game_id, token
        self.inputs = inputs
        self.greeting: list[Text] = []
        self.rematch: p.Rematched | None = None
        self.playing = False

    @property
    def stay(self) -> bool:
        """Whether the game's end leaves the player here to ask for a rematch (a terminal)."""
        return self.playing and self.inputs is not None and self.inputs.interactive

    def prompt(self) -> str:
        return prompt_for(self.conn, self.screen, self.stay) if self.playing else ""

    async def run(self) -> p.Rematched | None:
        self.screen = await screen_for(self.client, self.game_id)
        self.screen.messages.extend(self.greeting)
        typing = self.inputs is not None and self.inputs.keys
        self.view = View(self.console, self.screen, typing=typing)
        with contextlib.suppress(PlazaError):
            self.screen.clocks.note(None, await self.client.server_time())
        self.conn = self.client.connect(self.game_id, token=self.token, since=0,
                                        reconnect_for=None, on_status=self.status)
        await self.conn.open()
        self.screen.seat = self.conn.seat
        self.playing = self.inputs is not None and self.conn.seat is not None
        tasks = [asyncio.create_task(self.updates()), asyncio.create_task(self.ticker())]
        if self.playing:
            tasks.append(asyncio.create_task(self.keyboard()))
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self.conn.close()
        return self.rematch

    def status(self, state: str) -> None:
        self.screen.status = "" if state == "connected" else "connection lost, reconnecting…"
        self.view.show(self.prompt())  # (called once the connection is open, so self.conn is)

    async def updates(self) -> None:
        conn, screen = self.conn, self.screen
        async for update in conn.updates():
            apply_update(screen, update)
            if any(env.actor != conn.seat for env in update.events):
                screen.messages.clear()  # the game moved on: old answers are stale
            if None in screen.names and update.events:
                with contextlib.suppress(PlazaError):
                    screen.names = list((await self.client.game(self.game_id)).seats)
            if update.outcome is not None and not self.stay:
                self.view.show("The game is over.")
                return
            self.view.show(self.prompt())

    async def ticker(self) -> None:
        """Once a second, while a clock runs, the screen again (on a terminal)."""
        while True:
            await asyncio.sleep(1.0)
            if self.view.redraw and running_clock(self.screen.clocks, self.screen.outcome is not None):
                self.view.show()

    async def keyboard(self) -> None:
        while self.rematch is None:
            line = await self.read_line()
            if line is None or line.lower() in QUIT:
                return
            self.screen.messages.clear()
            await self.line(line)

    async def read_line(self) -> str | None:
        """The next line typed: whole lines from a pipe, or single keys gathered and echoed."""
        assert self.inputs is not None
        if not self.inputs.keys:
            return await self.inputs.get()
        view = self.view
        while True:
            key = await self.inputs.get()
            if key is None or key == "\x04":  # the end of input, or Ctrl-D
                return None
            if key == "enter":
                line, view.typed = view.typed, ""
                view.echo("\n")
                return line.strip()
            if key == "backspace" and view.typed:
                view.typed = view.typed[:-1]
                view.echo("\b \b")
            elif len(key) == 1 and key.isprintable():
                view.typed += key
                view.echo(key)

    async def line(self, line: str) -> None:
        """One line typed by the player: a move's number, `u`, a JSON command, `r`, `?`,
        `leave`, `reclaim`, `rematch`."""
        conn, view, word = self.conn, self.view, line.lower()
        if word in ("", "r", "redraw"):
            view.show(self.prompt())
        elif word in ("?", "h", "help"):
            view.say(PLAY_HELP, prompt=self.prompt())
        elif word in ("u", "undo"):
            self.report(await conn.undo(), "Undone.")
        elif word == "leave":
            self.report(await conn.leave(), "You left: a bot plays for you until you type `reclaim`.")
        elif word in ("reclaim", "back"):
            self.report(await conn.reclaim(), "Your seat is yours again.")
        elif word == "rematch":
            await self.ask_rematch()
        else:
            await self.move(line)

    async def move(self, line: str) -> None:
        command, problem = parse_move(line, self.conn.legal)
        if command is None:
            self.view.say(problem, "yellow", prompt=self.prompt())
            return
        answer = await self.conn.command(command, after=self.conn.seq)
        screen = self.screen
        label = command_label(command, screen.names, screen.kind, screen.view, screen.board)
        self.report(answer, f"Done: {label}.")

    async def ask_rematch(self) -> None:
        if self.screen.outcome is None:
            self.view.say("The game is not over: a rematch comes after its end.", "yellow",
                          prompt=self.prompt())
            return
        try:
            self.rematch = await self.client.rematch(self.game_id, self.token)
        except PlazaError as exc:
            self.view.say(f"No rematch: {exc.message}", "bold red", prompt=self.prompt())

    def report(self, answer: p.Accepted | p.Rejected, done: str) -> None:
        if isinstance(answer, p.Rejected):
            self.view.say(f"Refused ({answer.code}): {answer.message}", "bold red",
                          prompt=self.prompt())
        else:
            self.view.say(done, "green")


def parse_move(line: str, legal: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, str]:
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
