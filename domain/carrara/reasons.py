"""Why a command is refused: one sentence that quotes the input and names the rule."""

from __future__ import annotations

from .building import accepted, offered
from .commands import (
    AnnounceEnd,
    Build,
    BuyBlocks,
    BuyObject,
    ChooseBonusCities,
    ChooseBonusTypes,
    Command,
    KeepWheel,
    PassTurn,
    PayBlocks,
    ScoreCategory,
    ScoreCity,
    ScoreType,
    SkipUpgrade,
    TakeCoins,
    TakeUpgrade,
    TurnWheel,
)
from .components import (
    ACCEPTS,
    CITIES,
    CITY_NAMES,
    CITY_SCORING_MINIMUM,
    COLOURS,
    KIND_NAMES,
    KINDS,
    MAX_SCORINGS,
    OBJECT_PRICE,
    ROMAN,
    SECTIONS,
    Tile,
)
from .scoring import objectives
from .state import State, active, counts_of
from .wheel import cost_of

PHASE_STEPS = {
    "action": "choose an action (buy blocks, build or score)",
    "buy": "buy blocks from one section",
    "pay": "pay for the chosen building",
    "upgrade": "take an upgrade tile",
    "purchase": "buy an object or end the turn",
    "closing": "end the turn",
    "bonus": "choose what the green card scores again",
    "over": "nothing: the game is over",
}
STEP_OF: dict[type, tuple[str, ...]] = {
    TurnWheel: ("action",), KeepWheel: ("action",), Build: ("action",),
    ScoreCity: ("action",), ScoreType: ("action",), ScoreCategory: ("action",),
    PassTurn: ("action",), TakeCoins: ("action", "buy"), BuyBlocks: ("buy",),
    PayBlocks: ("pay",), TakeUpgrade: ("upgrade",), SkipUpgrade: ("upgrade",), BuyObject: ("purchase",),
    AnnounceEnd: ("purchase", "closing"), ChooseBonusCities: ("bonus",),
    ChooseBonusTypes: ("bonus",),
}


def name(tile: Tile) -> str:
    return f"{KIND_NAMES[tile.kind]} {tile.cost}"


def why_illegal(state: State, seat: int, command: Command) -> str:
    kind = type(command).__name__
    waiting = active(state)
    if seat not in waiting:
        seats = " and ".join(str(s) for s in waiting) or "nobody"
        return f"{kind} is not possible now: the game waits for seat {seats}, not {seat}."
    steps = STEP_OF.get(type(command), ("purchase", "closing"))
    if state.phase not in steps:
        return (f"{kind} is not possible now: this step of your turn is to "
                f"{PHASE_STEPS[state.phase]}.")
    match command:
        case BuyBlocks():
            return _why_buy(state, seat, command)
        case Build():
            return _why_build(state, seat, command)
        case PayBlocks():
            return _why_pay(state, command)
        case ScoreCity() | ScoreType() | ScoreCategory():
            return _why_score(state, seat, command)
        case BuyObject(item):
            if item not in state.for_sale:
                return f"BuyObject item={item!r}: that object is not for sale on the board."
            return (f"BuyObject item={item!r} costs {OBJECT_PRICE} coins; "
                    f"you have {state.players[seat].coins}.")
        case AnnounceEnd():
            return _why_announce(state, seat)
        case ChooseBonusCities() | ChooseBonusTypes():
            return _why_bonus(state, command)
    return _why_other(state, command)


def _why_other(state: State, command: Command) -> str:
    match command:
        case TurnWheel():
            return "TurnWheel: the wheel and the bag are both empty, so no blocks can be bought."
        case KeepWheel():
            if not state.expansion:
                return "KeepWheel: buying without turning the wheel is an expansion rule."
            return "KeepWheel: the wheel is empty, so you must turn it to buy blocks."
        case TakeCoins():
            return ("TakeCoins: you may take 2 coins only when you cannot buy a single block "
                    "(or no action at all is possible).")
        case PassTurn():
            return "PassTurn: a turn may be skipped only in the last round, after the end began."
        case TakeUpgrade(space):
            return f"TakeUpgrade space={space!r}: that upgrade tile is not available."
    return f"{type(command).__name__} is not possible now."


def _why_buy(state: State, seat: int, c: BuyBlocks) -> str:
    if not 0 <= c.section < SECTIONS:
        return f"BuyBlocks section={c.section}: sections are numbered 0 (I) to 5 (VI)."
    label = f"BuyBlocks section={c.section} ({ROMAN[c.section]}) blocks={list(c.blocks)}"
    if not c.blocks:
        return f"{label}: buy at least one block (or take 2 coins if you cannot)."
    if list(c.blocks) != sorted(c.blocks, key=COLOURS.index):
        return f"{label}: list the blocks dearest colour first ({', '.join(COLOURS)})."
    wanted = counts_of(c.blocks, COLOURS)
    have = state.wheel[c.section]
    for colour, w, h in zip(COLOURS, wanted, have, strict=True):
        if w > h:
            return f"{label}: that section holds {h} {colour} block(s), not {w}."
    price = cost_of(c.section, c.blocks)
    return f"{label} costs {price} coins; you have {state.players[seat].coins}."


def _why_build(state: State, seat: int, c: Build) -> str:
    label = f"Build tile={name(c.tile)} city={CITY_NAMES[c.city]}"
    if c.tile not in offered(state):
        return f"{label}: that building is not face up on the board (or beside it)."
    player = state.players[seat]
    if c.replaces is not None:
        if not state.expansion:
            return f"{label}: building over a building is an expansion rule."
        if c.replaces not in player.cities[CITIES.index(c.city)]:
            return f"{label} replaces={name(c.replaces)}: you have no such building there."
        if c.replaces.cost >= c.tile.cost:
            return f"{label} replaces={name(c.replaces)}: the new building must cost more."
    need = c.tile.cost - (c.replaces.cost if c.replaces else 0)
    colours = ", ".join(col for col in COLOURS if col in ACCEPTS[c.city])
    return (f"{label}: it needs {need} blocks that {CITY_NAMES[c.city]} accepts ({colours}); "
            f"you have {accepted(player, c.city)}.")


def _why_pay(state: State, c: PayBlocks) -> str:
    p = state.pending
    assert p is not None
    label = f"PayBlocks blocks={list(c.blocks)}"
    if len(c.blocks) != p.due:
        return f"{label}: {name(p.tile)} needs exactly {p.due} blocks."
    for colour in c.blocks:
        if colour not in ACCEPTS[p.city]:
            return f"{label}: {CITY_NAMES[p.city]} does not accept {colour} blocks."
    if list(c.blocks) != sorted(c.blocks, key=COLOURS.index):
        return f"{label}: list the blocks dearest colour first ({', '.join(COLOURS)})."
    return f"{label}: you do not have those blocks behind your screen."


def _why_score(state: State, seat: int, c: ScoreCity | ScoreType | ScoreCategory) -> str:
    player = state.players[seat]
    if player.scorings >= MAX_SCORINGS:
        return f"{type(c).__name__}: you have used all {MAX_SCORINGS} scoring markers."
    if isinstance(c, ScoreCity):
        i = CITIES.index(c.city)
        label = f"ScoreCity city={CITY_NAMES[c.city]}"
        if state.city_scored_by[i] is not None:
            return f"{label}: seat {state.city_scored_by[i]} has already scored that city."
        return (f"{label}: it needs {CITY_SCORING_MINIMUM[c.city]} of your buildings there; "
                f"you have {len(player.cities[i])}.")
    if isinstance(c, ScoreType):
        label = f"ScoreType kind={KIND_NAMES[c.kind]}"
        if c.kind in player.scored_kinds:
            return f"{label}: you have already scored that building type."
        return f"{label}: you have no building of that type."
    label = f"ScoreCategory category={c.category!r}"
    if state.board != "advanced":
        return f"{label}: category spaces are on the advanced side of the board only."
    if c.category in player.scored_categories:
        return f"{label}: you have already scored that category."
    return f"{label}: you have no {c.category} building."


def _why_announce(state: State, seat: int) -> str:
    if state.end == "announced":
        return f"AnnounceEnd: seat {state.announcer} has already announced the end."
    if state.end is not None:
        return "AnnounceEnd: the last building is built; the game ends with this round anyway."
    cards = state.cards
    missing = [card for card, ok in zip((cards.brown, cards.purple, cards.grey),
                                        objectives(state, seat), strict=True) if not ok]
    return f"AnnounceEnd: you have not met the objective(s) {', '.join(missing)}."


def _why_bonus(state: State, c: ChooseBonusCities | ChooseBonusTypes) -> str:
    wanted = "ChooseBonusCities" if state.cards.green == "two_cities" else "ChooseBonusTypes"
    if type(c).__name__ != wanted:
        return f"{type(c).__name__}: the green card of this game asks for {wanted}."
    names = list(c.cities if isinstance(c, ChooseBonusCities) else c.kinds)
    return (f"{wanted} {names}: name two different ones in board order "
            f"({', '.join(CITIES if isinstance(c, ChooseBonusCities) else KINDS)}).")
