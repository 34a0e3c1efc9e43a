"""server/PROTOCOL.md says what server/protocol.py does: every frame, field and code."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from server import protocol

DOC = (Path(protocol.__file__).parent / "PROTOCOL.md").read_text()
FRAMES = [*protocol.ClientFrame.__args__, *protocol.ServerFrame.__args__]  # type: ignore[attr-defined]


def _codes(text: str) -> set[str]:
    return set(re.findall(r"`([a-z_]+)`", text))


def _paragraph(starting: str) -> str:
    start = DOC.index(starting)
    end = DOC.find("\n\n", start)
    return DOC[start:end]


@pytest.mark.parametrize("frame", FRAMES, ids=lambda f: f.__struct_config__.tag)
def test_every_frame_and_its_fields_are_in_the_document(frame: type[msgspec.Struct]) -> None:
    tag = frame.__struct_config__.tag
    rows = [line for line in DOC.splitlines() if f'"op":"{tag}"' in line]
    assert len(rows) == 1, f"one table row for op {tag}"
    for field in frame.__struct_fields__:
        assert f'"{field}"' in rows[0] or f'"{field}":' in rows[0] or f"`{field}`" in rows[0], (tag, field)


def test_the_documented_websocket_codes_are_the_servers() -> None:
    codes = _paragraph("Codes: ")
    rejected, _, rest = codes.partition("answer a command or undo")
    errors = rest.partition("come as `error`")[0]
    assert _codes(rejected) == set(protocol.REJECT_CODES)
    assert _codes(errors) - {"rejected", "ref"} == set(protocol.ERROR_CODES)


def test_the_documented_http_codes_are_the_servers() -> None:
    assert _codes(_paragraph("fault of the server's); never a stack trace.").partition("The codes:")[2]) == (
        set(protocol.HTTP_CODES))


def test_every_error_code_the_server_sends_is_documented() -> None:
    server = Path(protocol.__file__).parent
    sent = set()
    for path in server.glob("*.py"):
        text = path.read_text()
        sent |= set(re.findall(r'Problem\(\d+, "([a-z_]+)"', text))
        sent |= set(re.findall(r'error\("([a-z_]+)"', text))
    assert sent <= set(protocol.HTTP_CODES) | set(protocol.ERROR_CODES), sent - set(protocol.HTTP_CODES)
