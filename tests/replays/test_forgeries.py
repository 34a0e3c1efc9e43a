"""Replays the rules do not prove are refused, each with a sentence naming the first seq that
fails; every forgery here is re-hashed, so its chain is intact and only re-simulation finds it."""

from __future__ import annotations

import re
from random import Random

import msgspec
import pytest

from domain.core import NULL, UNDO, Envelope, Outcome, rechain, seal
from domain.core.simulate import Simulation
from replays.format import FORMAT, Header, ReplayError, dumps, loads
from replays.golden import ROOT, play_on
from replays.verify import verify
from tests.support.tinygame import GAME as TINY


def _game(seed: int = 3, undo: float = 0.0) -> tuple[Header, list[Envelope]]:
    sim = Simulation(TINY, 2, seed=seed, game_id="g")
    play_on(sim, Random(seed), undo)
    header = Header(FORMAT, "tinydraw", {}, 2, ["A", "B"], game_id="g", seed=seed,
                    outcome=sim.outcome())
    return header, sim.envelopes


def _forged(header: Header, envelopes: list[Envelope]) -> bytes:
    return dumps(header, rechain(envelopes, "g"))


def _refused(data: bytes, seq: int, sentence: str) -> None:
    with pytest.raises(ReplayError, match=rf"^seq {seq}: ") as caught:
        verify(data)
    assert re.search(sentence, str(caught.value)), str(caught.value)


def _first(envelopes: list[Envelope], type_: str) -> int:
    return next(i for i, env in enumerate(envelopes) if env.type == type_)


def _with(env: Envelope, data: dict[str, object], command: dict[str, object] | None = None) -> Envelope:
    raw = msgspec.Raw(msgspec.json.encode(data, order="sorted"))
    if command is None:
        return msgspec.structs.replace(env, data=raw)
    return msgspec.structs.replace(env, data=raw, command=msgspec.Raw(
        msgspec.json.encode(command, order="sorted")))


def test_an_honest_game_with_undos_is_proven() -> None:
    header, envelopes = _game(seed=5, undo=0.4)
    assert any(env.type == "Rewound" for env in envelopes)
    verified = verify(dumps(header, envelopes))
    assert verified.proven and verified.proof().startswith("proven: ")


def test_an_illegal_move_re_hashed_is_refused() -> None:
    header, envelopes = _game()
    at = _first(envelopes, "Played")
    seat = envelopes[at].actor
    envelopes[at] = _with(envelopes[at], {"type": "Played", "seat": seat, "card": 100},
                          {"type": "Play", "card": 100})
    _refused(_forged(header, envelopes), at + 1, rf"the rules refuse seat {seat}'s command "
             r'\{"card":100,"type":"Play"\}.*You hold no 100')


def test_events_other_than_the_commands_make_are_refused() -> None:
    header, envelopes = _game()
    at = _first(envelopes, "Drew")
    drawn = msgspec.json.decode(envelopes[at].data)
    envelopes[at] = _with(envelopes[at], {**drawn, "card": 9 if drawn["card"] != 9 else 8})
    _refused(_forged(header, envelopes), at + 1, r"makes Drew .*, the log records")


def test_a_setup_other_than_the_seed_deals_is_refused() -> None:
    header, envelopes = _game()
    envelopes[1] = _with(envelopes[1], {"type": "Dealt", "seat": 0, "cards": [9, 9], "count": 2})
    _refused(_forged(header, envelopes), 2, r"^seq 2: the setup makes Dealt")


def test_an_event_no_command_made_is_refused() -> None:
    header, envelopes = _game()
    at = _first(envelopes, "Played")
    extra = msgspec.structs.replace(envelopes[at], command=NULL)
    envelopes.insert(at + 1, extra)
    _refused(_forged(header, envelopes), at + 2, r"makes no Played there")


def test_an_undo_across_a_draw_breaks_the_undo_rule() -> None:
    header, envelopes = _game()
    at = _first(envelopes, "Drew")
    drew = envelopes[at]
    undo = seal("g", drew.seq + 1, "Rewound", 1, drew.actor, "u1", drew.at, False, drew.hash,
                msgspec.json.encode({"to_seq": drew.seq - 1}), UNDO)
    envelopes.insert(at + 1, undo)
    _refused(_forged(header, envelopes), at + 2,
             rf"seat {drew.actor}'s undo breaks the undo rule: That move revealed")


def test_an_undo_going_further_than_the_rule_allows_is_refused() -> None:
    header, envelopes = _game(seed=5, undo=0.4)
    at = _first(envelopes, "Rewound")
    undo = envelopes[at]
    envelopes[at] = _with(undo, {"to_seq": 0})
    _refused(_forged(header, envelopes), at + 1, rf"seat {undo.actor}'s undo goes back to seq "
             r'\d+ by the undo rule, but the log\'s Rewound goes to \{"to_seq":0\}')


def test_a_wrong_outcome_is_refused() -> None:
    header, envelopes = _game()
    assert header.outcome is not None
    scores = list(reversed(header.outcome.scores))
    wrong = Outcome(scores, header.outcome.ranks, header.outcome.winners, header.outcome.breakdown)
    data = dumps(msgspec.structs.replace(header, outcome=wrong), envelopes)
    _refused(data, envelopes[-1].seq, rf"the game ends there with scores "
             rf"{re.escape(str(header.outcome.scores))}.*the header says scores "
             rf"{re.escape(str(scores))}")


def test_a_move_after_the_end_is_refused() -> None:
    header, envelopes = _game()
    last = envelopes[-1]
    more = seal("g", last.seq + 1, "TurnEnded", 1, 0, "late", last.at, False, last.hash,
                b'{"seat":0,"type":"TurnEnded"}', b'{"type":"EndTurn"}')
    _refused(_forged(header, [*envelopes, more]), last.seq + 1, r"The game is over")


def test_a_hedge_laid_on_another_in_villa_is_refused() -> None:
    """The issue's example: a Hedge placed on top of another, re-hashed."""
    header, envelopes = loads((ROOT / "villa" / "basic_3p.jsonl").read_bytes())
    placed = [i for i, env in enumerate(envelopes) if env.type == "HedgePlaced" and env.commanded]
    first, later = envelopes[placed[0]], envelopes[placed[1]]
    envelopes[placed[1]] = msgspec.structs.replace(later, command=first.command, data=first.data)
    _refused(_forged(header, envelopes), later.seq, r"the rules refuse seat \d's command "
             r'\{.*"type":"PlaceHedge".*\}')


def test_a_log_without_commands_verifies_but_is_unproven() -> None:
    header, envelopes = _game()
    stripped = [msgspec.structs.replace(env, command=NULL) for env in envelopes]
    verified = verify(_forged(header, stripped))
    assert not verified.proven and "unproven: it records no commands" in verified.proof()
    assert verified.state == verify(dumps(header, envelopes)).state, "rebuilt as recorded"


def test_a_log_without_its_seed_is_unproven() -> None:
    header, envelopes = _game()
    verified = verify(dumps(msgspec.structs.replace(header, seed=None), envelopes))
    assert not verified.proven and "no seed" in verified.proof()


def test_commands_recorded_only_from_some_seq_on_are_unproven() -> None:
    """A game begun before commands were recorded and finished after."""
    header, envelopes = _game()
    cut = _first(envelopes, "TurnEnded") + 1
    mixed = [msgspec.structs.replace(env, command=NULL) for env in envelopes[:cut]] + envelopes[cut:]
    verified = verify(_forged(header, mixed))
    assert not verified.proven and "without recording its command" in verified.proof()
