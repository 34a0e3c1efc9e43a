"""Nicer renderers of some games' views; any other game is shown by the generic renderer."""

from __future__ import annotations
