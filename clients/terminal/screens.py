"""Showing a `Screen`: redrawn in place on a terminal, printed one after another otherwise;
and the first screen of a game, from its metadata and board data."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from clients.client import PlazaClient, PlazaError

from .render import Screen


class View:
    """Shows a `Screen`: redrawn in place on a terminal, printed one after another otherwise.

    With `typing` (single keys on a terminal), the line being typed is echoed here and shown
    again under every redraw, so a screen redrawn while a clock ticks never loses it."""

    def __init__(self, console: Console, screen: Screen, typing: bool = False) -> None:
        self.console = console
        self.screen = screen
        self.redraw = console.is_terminal
        self.prompt = ""
        self.typing = typing
        self.typed = ""

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
        if self.typing and self.redraw:
            self.console.print(Text(f"> {self.typed}"), end="")

    def say(self, text: str, style: str = "", prompt: str = "") -> None:
        """A message under the screen: redrawn with it on a terminal, printed otherwise."""
        if self.redraw:
            self.screen.messages.append(Text(text, style=style))
            self.show(prompt or None)
            return
        self.console.print(Text(text, style=style))
        if prompt:
            self.console.print(Text(prompt, style="bold"))

    def echo(self, text: str) -> None:
        """Echo typed characters (single keys arrive without the terminal's own echo)."""
        self.console.file.write(text)
        self.console.file.flush()


async def screen_for(client: PlazaClient, game_id: str, seat: int | None = None) -> Screen:
    info = await client.game(game_id)
    try:
        board = await client.board(info.kind)
    except PlazaError:
        board = None  # a server without board data: the generic renderer shows the view
    return Screen(kind=info.kind, title=info.title, game_id=game_id, names=list(info.seats),
                  board=board, seat=seat, seq=info.seq)
