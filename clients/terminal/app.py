"""The terminal client: `play` a seat, `watch` live (follow.py), step through a `replay`.

On a terminal the screen is redrawn on every change; when output or input is piped, each
screen is printed after the last one and input is read line by line, so a script (or a
test) can drive it: type a move's number, `u` to undo, `q` to quit.
"""

from __future__ import annotations

from rich.console import Console

from clients.client import PlazaClient, PlazaError
from server import protocol as p

from . import boards  # noqa: F401  (registers the games' own renderers)
from .follow import PLAY_HELP, follow
from .follow import parse_move as _parse_move
from .inputs import Input
from .screens import View, screen_for

__all__ = ["PLAY_HELP", "REPLAY_HELP", "_parse_move", "_replay_key", "follow", "replay"]

REPLAY_HELP = ("n / → / Enter: next   p / ←: previous   f: first   l: last   "
               "a number (then Enter): go to that seq   q: quit")


# Replays --------------------------------------------------------------------------------


async def replay(client: PlazaClient, console: Console, game_id: str, inputs: Input,
                 token: str | None = None, start: int | None = None) -> int:
    """Step through a game with the keyboard, as the token's seat or as a spectator."""
    screen = await screen_for(client, game_id)
    screen.log = await client.all_events(game_id, token=token)
    last = screen.log[-1].seq if screen.log else 0
    if last == 0:
        raise PlazaError("empty", f"Game {game_id} has no events yet: nothing to replay.")
    screen.last = last
    setup = next((env.seq - 1 for env in screen.log if env.actor is not None), last)
    position = max(1, min(last, start if start is not None else setup or 1))
    cache: dict[int, p.StateAnswer] = {}
    view = View(console, screen)
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
