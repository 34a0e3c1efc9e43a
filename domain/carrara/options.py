"""The options a table chooses before the game starts."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from .cards import Brown, Green, Grey, Purple
from .components import BoardSide

_NAMED = "Expansion only: the card of this colour to play; empty: drawn at random."


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How to set up a game of The Palaces of Carrara.

    `expansion` adds the cost-8 buildings, upgrades, buying without turning the wheel
    and the objective cards. `board` is the side of the player boards. The rulebook
    sets it: the basic game uses the side with trees ("basic"), the expansion the side
    with the two Building Category spaces ("advanced"), and that is the default. Only
    with the expansion may the table choose the basic side instead, as the seed's
    summary of the expansion plays it (upgrades onto cities, scoring as in the basic
    game); without the expansion the category side is refused. Without the expansion
    the objectives are those printed on the board. With it, one card of each colour is
    drawn at random, unless `first_game` asks for the four cards marked "2" or a card
    is named here; both are refused without the expansion.
    """

    expansion: bool = False
    board: Annotated[BoardSide | None, Meta(description=(
        "Side of the player boards. Default: the rulebook's, the Building Category side "
        "(advanced) with the expansion, the side with trees (basic) without. Only with "
        "the expansion may the basic side be chosen instead (the seed's expansion "
        "scores as in the basic game); the category side needs the expansion."))] = None
    first_game: Annotated[bool, Meta(description=(
        'Expansion only: play the four cards marked "2" instead of drawing them.'))] = False
    brown: Annotated[Brown | None, Meta(description=_NAMED)] = None
    purple: Annotated[Purple | None, Meta(description=_NAMED)] = None
    grey: Annotated[Grey | None, Meta(description=_NAMED)] = None
    green: Annotated[Green | None, Meta(description=_NAMED)] = None

    def side(self) -> BoardSide:
        """The side the game is played on: the one chosen, else the rulebook's."""
        if self.board is not None:
            return self.board
        return "advanced" if self.expansion else "basic"


def problems(options: Options) -> list[str]:
    """Every reason these options cannot start a game, each a sentence naming the
    option and the rule."""
    out = []
    if options.board == "advanced" and not options.expansion:
        out.append('board="advanced" needs the expansion: the basic game uses the side of '
                   "the player board with trees (rulebook, setup 2), and the Building "
                   "Category spaces come with the expansion.")
    if options.first_game and not options.expansion:
        out.append('first_game=true needs the expansion: the four cards marked "2" are '
                   "for the first game with the expansion (rulebook), and the basic game "
                   "plays the three objectives printed on the Objectives board.")
    named = [f'{colour}="{card}"' for colour, card in (
        ("brown", options.brown), ("purple", options.purple), ("grey", options.grey),
        ("green", options.green)) if card is not None]
    if named and not options.expansion:
        out.append(f"{', '.join(named)}: named cards need the expansion; the basic game "
                   "plays the three objectives printed on the Objectives board and no "
                   "green Bonus Points Card (rulebook).")
    return out
