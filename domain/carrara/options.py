"""The options a table chooses before the game starts."""

from __future__ import annotations

import msgspec

from .cards import Brown, Green, Grey, Purple
from .components import BoardSide


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How to set up a game of The Palaces of Carrara.

    `expansion` adds the cost-8 buildings, upgrades, buying without turning the wheel
    and the objective cards. `board` is the side of the player boards: "advanced" has
    the two building category spaces. Without the expansion the objectives are those
    printed on the board. With it, one card of each colour is drawn at random, unless
    `first_game` asks for the four cards marked "2" or a card is named here.
    """

    expansion: bool = False
    board: BoardSide = "basic"
    first_game: bool = False
    brown: Brown | None = None
    purple: Purple | None = None
    grey: Grey | None = None
    green: Green | None = None
