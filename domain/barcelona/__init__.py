"""Barcelona (base game, Passeig de Gràcia expansion, promo Building Bonus tiles, 2-4 players)."""

from .game import GAME

__all__ = ["GAME"]
