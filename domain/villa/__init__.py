"""Villa: hedges and gardens, with the expert Features and the team variants."""

from .game import GAME

__all__ = ["GAME"]
