"""Tiny Draw: a small game that lives only in the tests, to exercise the platform.

It has what the real games have and the core must handle: a hidden hand, a random
draw (irreversible), a multi-step turn that can be undone, and an end with scores.

Each seat is dealt two cards from a deck of 1..9 (x2). On your turn you may play
up to two cards from your hand (each adds its value to your score), draw one card
(which ends your playing: the draw reveals information), then end your turn.
After 3 rounds the highest score wins; ties are shared.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec

from domain.core import Game, Illegal, Outcome, ranks_from

DECK = tuple(sorted(list(range(1, 10)) * 2))
ROUNDS = 3
MAX_PLAYS = 2


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = ROUNDS


# Commands ------------------------------------------------------------------


class Play(msgspec.Struct, tag="Play", tag_field="type", frozen=True):
    card: int


class Draw(msgspec.Struct, tag="Draw", tag_field="type", frozen=True):
    pass


class EndTurn(msgspec.Struct, tag="EndTurn", tag_field="type", frozen=True):
    pass


Command = Play | Draw | EndTurn

# Events --------------------------------------------------------------------


class Started(msgspec.Struct, tag="Started", tag_field="type", frozen=True):
    seats: int
    rounds: int


class Dealt(msgspec.Struct, tag="Dealt", tag_field="type", frozen=True):
    """Version 2: `count` added, so a redacted deal still says how many cards it gave."""

    seat: int
    cards: list[int] | None  # None when redacted
    count: int


def _dealt_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no `count`: every deal was the two starting cards."""
    return {**data, "count": len(data["cards"]) if data.get("cards") is not None else 2}


class Played(msgspec.Struct, tag="Played", tag_field="type", frozen=True):
    seat: int
    card: int


class Drew(msgspec.Struct, tag="Drew", tag_field="type", frozen=True):
    seat: int
    card: int | None  # None when redacted


class TurnEnded(msgspec.Struct, tag="TurnEnded", tag_field="type", frozen=True):
    seat: int


Event = Started | Dealt | Played | Drew | TurnEnded

# State and view --------------------------------------------------------------


class State(msgspec.Struct, frozen=True):
    seats: int
    rounds: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    turn: int = 0
    round: int = 1
    plays: int = 0
    drew: bool = False


class PlayerView(msgspec.Struct, frozen=True):
    hand: list[int] | None
    hand_size: int
    score: int


class View(msgspec.Struct, frozen=True):
    players: list[PlayerView]
    deck_size: int
    turn: int
    round: int
    plays: int
    drew: bool
    finished: bool


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


class TinyDraw(Game[State, Command, Event, Options, View]):
    kind = "tinydraw"
    title = "Tiny Draw (test game)"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    state_type = State
    # A real upcaster, so replays of old versions stay tested (tests/replays/data).
    event_versions = {"Dealt": 2}
    upcasters = {("Dealt", 1): _dealt_v1_to_v2}

    def start(self, options: Options, seats: int, rng: Random) -> list[Event]:
        deck = list(DECK)
        events: list[Event] = [Started(seats, options.rounds)]
        for seat in range(seats):
            cards = sorted(deck.pop(rng.randrange(len(deck))) for _ in range(2))
            events.append(Dealt(seat, cards, 2))
        return events

    def decide(self, state: State, seat: int, command: Command, rng: Random) -> list[Event]:
        if command not in self.legal(state, seat):
            raise Illegal(self._why(state, seat, command))
        match command:
            case Play(card):
                return [Played(seat, card)]
            case Draw():
                return [Drew(seat, state.deck[rng.randrange(len(state.deck))])]
            case EndTurn():
                return [TurnEnded(seat)]
        raise Illegal(f"Unknown command {command!r}.")

    def _why(self, state: State, seat: int, command: Command) -> str:
        if isinstance(command, Play):
            if state.drew:
                return "You have drawn this turn, so you can no longer play cards."
            if state.plays >= MAX_PLAYS:
                return f"You may play at most {MAX_PLAYS} cards a turn."
            return f"You hold no {command.card}."
        if isinstance(command, Draw):
            return "You have already drawn, or the deck is empty."
        return "That is not possible now."

    def evolve(self, state: State | None, event: Event) -> State:
        match event:
            case Started(seats, rounds):
                return State(seats, rounds, DECK, ((),) * seats, (0,) * seats)
        assert state is not None
        match event:
            case Dealt(seat, cards, _):
                hands = list(state.hands)
                hands[seat] = tuple(sorted(cards or ()))
                deck = state.deck
                for card in cards or ():
                    deck = _without(deck, card)
                return msgspec.structs.replace(state, hands=tuple(hands), deck=deck)
            case Played(seat, card):
                hands = list(state.hands)
                hands[seat] = _without(hands[seat], card)
                scores = list(state.scores)
                scores[seat] += card
                return msgspec.structs.replace(
                    state, hands=tuple(hands), scores=tuple(scores), plays=state.plays + 1)
            case Drew(seat, card):
                assert card is not None
                hands = list(state.hands)
                hands[seat] = tuple(sorted((*hands[seat], card)))
                return msgspec.structs.replace(
                    state, hands=tuple(hands), deck=_without(state.deck, card), drew=True)
            case TurnEnded(seat):
                nxt = (seat + 1) % state.seats
                rnd = state.round + (1 if nxt == 0 else 0)
                return msgspec.structs.replace(state, turn=nxt, round=rnd, plays=0, drew=False)
        raise TypeError(event)

    def active(self, state: State) -> list[int]:
        return [] if state.round > state.rounds else [state.turn]

    def legal(self, state: State, seat: int) -> list[Command]:
        if seat not in self.active(state):
            return []
        out: list[Command] = []
        if not state.drew and state.plays < MAX_PLAYS:
            out += [Play(card) for card in sorted(set(state.hands[seat]))]
        if not state.drew and state.deck:
            out.append(Draw())
        out.append(EndTurn())
        return out

    def view(self, state: State, viewer: int | None) -> View:
        players = [
            PlayerView(list(hand) if viewer == seat else None, len(hand), state.scores[seat])
            for seat, hand in enumerate(state.hands)
        ]
        return View(players, len(state.deck), state.turn, state.round, state.plays, state.drew,
                    state.round > state.rounds)

    def redact(self, event: Event, viewer: int | None) -> Event:
        if isinstance(event, Dealt) and event.seat != viewer:
            return Dealt(event.seat, None, event.count)
        if isinstance(event, Drew) and event.seat != viewer:
            return Drew(event.seat, None)
        return event

    def irreversible(self, event: Event) -> bool:
        return isinstance(event, Dealt | Drew)

    def outcome(self, state: State) -> Outcome | None:
        if state.round <= state.rounds:
            return None
        ranks, winners = ranks_from([(s,) for s in state.scores])
        return Outcome(list(state.scores), ranks, winners, {"played": list(state.scores)})


GAME = TinyDraw()
