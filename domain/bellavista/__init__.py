"""Bella Vista: architects bid for their place in the building order and build a town."""

from .game import GAME

__all__ = ["GAME"]
