"""Every recorded game under replays/golden rebuilds to its recorded final state."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.core import canonical
from replays.golden import golden_files
from replays.verify import verify


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_replay_rebuilds_to_its_final_state(path: Path) -> None:
    verified = verify(path.read_bytes())
    expected = path.with_suffix("").with_suffix(".final.json").read_bytes().strip()
    assert canonical(verified.state) == expected
    assert verified.header.outcome is not None, "a golden replay is a finished game"
