"""Components in words, for rejections and the game log."""

from __future__ import annotations

from .components import CONTRACTS, STRIPED, SUBSIDIZED, UNSTRIPED, ZONING, tile_label
from .state import Card

TOWNS = {"london": "London", "new_york": "New York", "rome": "Rome", "bangkok": "Bangkok",
         "berlin": "Berlin", "paris": "Paris", "random": "a random town",
         "custom": "a custom town"}


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


def zoning_short(card: str) -> str:
    """The zoning card in a few words (a log line fits one terminal row)."""
    tiles = SUBSIDIZED.get(card)
    if tiles is None:
        return zoning_text(card)
    if set(tiles) <= set(STRIPED) or set(tiles) <= set(UNSTRIPED):
        shown = "the striped tiles" if tiles[0] in STRIPED else "the unstriped tiles"
    else:
        motifs = dict.fromkeys(t.removesuffix("_striped").capitalize() for t in tiles)
        shown = f"{' and '.join(motifs)} tiles"
    return f"Subsidized Neighborhoods, {shown}"


def hand_text(cards: tuple[Card, ...]) -> str:
    """'#2, #7 and roofed #3, #5': a hand of five in one short line."""
    plain = ", ".join(f"#{c.height}" for c in cards if not c.roofed)
    roofed = ", ".join(f"#{c.height}" for c in cards if c.roofed)
    if not roofed:
        return plain
    return f"{plain} and roofed {roofed}" if plain else f"roofed {roofed}"


def cells_text(cells: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"({r},{c})" for r, c in cells)
