"""Components in words, for rejections and the game log."""

from __future__ import annotations

from .components import CONTRACTS, SUBSIDIZED, ZONING, tile_label
from .state import Card


def card_text(card: Card) -> str:
    return f"#{card.height} (roofed)" if card.roofed else f"#{card.height}"


def tiles_text(tiles: tuple[str, ...]) -> str:
    return ", ".join(tile_label(t) for t in tiles)


def contract_text(contract: int, seats: int) -> str:
    card = CONTRACTS[contract]
    need = card.needed(seats)
    what = {
        "one_tile": f"{need} buildings entirely on the {tiles_text(card.tiles)} tile",
        "tiles": f"a building entirely on each of {tiles_text(card.tiles)}",
        "spanning": f"{need} buildings spanning two adjacent Neighborhood tiles",
        "border": f"{need} buildings on the border of Town",
        "rivers": f"{need} buildings adjacent to a River",
        "parks": f"{need} buildings adjacent to a Park",
    }[card.kind]
    return f"contract {contract} ({what}, {card.coins} coins)"


def zoning_text(card: str) -> str:
    kind = ZONING[card]
    if kind == "subsidized":
        return f"Subsidized Neighborhoods ({tiles_text(SUBSIDIZED[card])})"
    return {
        "community_parks": "Community Parks (adjacent to a Park)",
        "no_parks": "No Parks (not adjacent to a Park)",
        "no_rivers": "No Rivers (not adjacent to a River)",
        "no_borders": "No Borders (not on the border of Town)",
    }[kind]


def cells_text(cells: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"({r},{c})" for r, c in cells)
