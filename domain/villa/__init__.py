"""Villa: hedges and gardens, with the expert Features and the team variants."""

from .game import Villa

GAME = Villa()

__all__ = ["GAME", "Villa"]
