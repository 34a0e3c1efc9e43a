"""rng_for draws exactly what Random(the key) draws, though it seeds itself only when used."""

from __future__ import annotations

import hashlib
from random import Random

from domain.core import rng_for


def _draws(rng: Random) -> list[object]:
    out: list[object] = [rng.randrange(100), rng.choice(range(9)), rng.random(), rng.sample(range(50), 3),
                         rng.getrandbits(70), rng.uniform(1, 2), rng.randbytes(5)]
    deck = list(range(20))
    rng.shuffle(deck)
    return [*out, deck]


def test_a_decisions_randomness_is_the_keyed_mersenne_twister() -> None:
    for seed, seq, purpose in [(7, 0, ""), (7, 1, ""), (2**62, 123, ""), (5, 9, "bot:2")]:
        key = f"plaza:{seed}:{seq}" + (f":{purpose}" if purpose else "")
        expected = Random(int.from_bytes(hashlib.sha256(key.encode()).digest(), "big"))
        assert _draws(rng_for(seed, seq, purpose)) == _draws(expected)
        assert rng_for(seed, seq, purpose).getstate() == Random(
            int.from_bytes(hashlib.sha256(key.encode()).digest(), "big")).getstate()
