"""The options a table chooses before the game starts."""

from __future__ import annotations

from typing import Literal

import msgspec

Layout = Literal["random", "printed"]
BenefitTiming = Literal["immediately", "start_of_turn"]


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How to set up a game of Barcelona.

    `expansion` plays Passeig de Gràcia; `promo_bonus` (with it only) replaces the four
    Building Bonus tiles by the promo tiles. `layout` lays the Action tiles at random
    (default) or where the board prints them (without the expansion only).
    `intersection_benefits` says when an Intersection's owner takes the benefits of
    Citizens placed there in someone else's turn. `confirm_end_of_turn` (default) makes
    a turn end with an explicit EndTurn; without it the turn ends as soon as nothing is
    left to choose. `reveal_projects_at_once` reveals a taken Modernisme tile's
    replacement at once instead of leaving a face-down placeholder.
    """

    expansion: bool = False
    promo_bonus: bool = False
    layout: Layout = "random"
    intersection_benefits: BenefitTiming = "immediately"
    confirm_end_of_turn: bool = True
    reveal_projects_at_once: bool = False

    def __post_init__(self) -> None:
        # An option that would change nothing is refused when the options are read (a
        # ValueError becomes msgspec's ValidationError, like any other bad option), so a
        # table never believes it plays a variant it does not.
        problems = no_op_problems(self)
        if problems:
            raise ValueError(" ".join(problems))


def no_op_problems(options: Options) -> list[str]:
    """Each option these settings would ignore, in words."""
    out = []
    if options.promo_bonus and not options.expansion:  # seed: "With the expansion, ..."
        out.append("The promo Building Bonus tiles are played only with the Passeig de Gràcia "
                   "expansion: set expansion to true or promo_bonus to false.")
    if options.layout == "printed" and options.expansion:  # seed: "always random"
        out.append("With the Passeig de Gràcia expansion the Action tiles are always laid at "
                   "random: leave layout at random.")
    return out
