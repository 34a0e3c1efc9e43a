"""The game registry: every package under `domain/` that exposes `GAME` is a playable kind."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .game import Game

AnyGame = Game[Any, Any, Any, Any, Any]

_games: dict[str, AnyGame] = {}
_discovered = False


def register(game: AnyGame) -> AnyGame:
    _games[game.kind] = game
    return game


def unregister(kind: str) -> None:
    _games.pop(kind, None)


def discover() -> None:
    """Import each game package under `domain/` once and register its `GAME`."""
    global _discovered
    if _discovered:
        return
    import domain

    for info in pkgutil.iter_modules(domain.__path__):
        if not info.ispkg or info.name == "core":
            continue
        module = importlib.import_module(f"domain.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            register(game)
    _discovered = True


def games() -> dict[str, AnyGame]:
    discover()
    return dict(_games)


def get(kind: str) -> AnyGame | None:
    discover()
    return _games.get(kind)
