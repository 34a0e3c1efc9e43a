"""The Palaces of Carrara (base game and expansion, 2-4 players)."""

from .game import GAME

__all__ = ["GAME"]
