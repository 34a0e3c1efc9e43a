"""Every recorded game under replays/golden is a playthrough: re-simulated command by command,
each step's events, views (every audience) and legal lists must be the recorded ones.

After a deliberate rules change: `python -m replays.golden regenerate` records them again
and prints which steps changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.core import REWOUND, canonical
from replays import playthrough
from replays.format import loads
from replays.golden import golden_files, sidecar
from replays.playthrough import Recorder
from replays.verify import game_of, verify

REGENERATE = "if the rules changed on purpose, run `python -m replays.golden regenerate`"


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_replay_re_simulates_step_by_step(path: Path) -> None:
    data = path.read_bytes()
    header, _ = loads(data)
    recorder = Recorder(game_of(header), header.seats)
    verified = verify(data, watch=recorder)
    assert verified.proven, verified.proof()
    assert verified.header.outcome is not None, "a golden replay is a finished game"
    _, recorded = playthrough.loads(sidecar(path, ".steps.jsonl").read_bytes())
    changed = playthrough.diff(recorded, recorder.steps)
    assert not changed, f"{path.name}: {changed[:5]}; {REGENERATE}"
    final = sidecar(path, ".final.json").read_bytes().strip()
    assert canonical(verified.state) == final, f"{path.name}: the final state differs; {REGENERATE}"


def test_every_game_has_golden_replays_and_undos_among_them() -> None:
    kinds: dict[str, int] = {}
    for path in golden_files():
        _, envelopes = loads(path.read_bytes())
        undos = sum(env.type == REWOUND for env in envelopes)
        kinds[path.parent.name] = kinds.get(path.parent.name, 0) + undos
    assert set(kinds) == {"barcelona", "bellavista", "carrara", "villa"}
    assert all(kinds.values()), f"each game's goldens hold an undo: {kinds}"
