"""Nicer renderers of some games' views, one module per game; any other game is shown by the
generic renderer.

Each one draws what a table of numbers shows badly (a map, a wheel) and hands the rest of
the view to the generic renderer, so nothing of the view is ever hidden. They read the
view as JSON only (no import of the game's code), and the game's static board data as the
server serves it (`GET /api/kinds/{kind}/board`): a view of another shape makes them raise,
and the generic renderer takes over. Importing this package registers them all.
"""

from __future__ import annotations

from . import barcelona, barcelona_labels, bellavista, carrara, villa

__all__ = ["barcelona", "barcelona_labels", "bellavista", "carrara", "villa"]
