"""The HTTP edge: JSON answers and errors, bodies read within limits, query integers,
the caller's token and address. Everything a handler reads from a request passes here."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from . import faults
from .limits import Limits, Refused, check_plain
from .protocol import (
    INT64,
)
from .service import Problem
from .store import Unavailable

_encoder = msgspec.json.Encoder()
Handler = Callable[[Request], Awaitable[Response]]


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(_encoder.encode(body), status, headers=headers, media_type="application/json")


def error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> Response:
    response = json_response({"error": {"code": code, "message": message}}, status)
    if headers:
        response.headers.update(headers)
    return response


def guarded(handler: Handler) -> Handler:
    """Turn a `Problem` into its JSON error answer, and any other fault into `internal`."""

    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except Problem as problem:
            headers = {"retry-after": str(problem.retry_after)} if problem.retry_after else None
            return error(problem.status, problem.code, problem.message, headers)
        except Unavailable:
            return error(503, "unavailable", "The games' store cannot be reached just now; "
                         "nothing was changed. Try again in a moment.", {"retry-after": "2"})
        except Exception as exc:
            faults.report(exc, f"{request.method} {request.url.path}")
            return error(500, "internal", "The server failed to answer this request; nothing was changed.")

    return run


async def read_body(request: Request, limit: int, seconds: float) -> bytes:
    """The body, refused once it passes `limit` bytes (without reading the rest), or when
    it takes longer than `seconds` to arrive."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Problem(413, "too_large", f"The request body is over {limit} bytes.")
    chunks, size = [], 0
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise Problem(413, "too_large", f"The request body is over {limit} bytes.")
                chunks.append(chunk)
    except TimeoutError:
        raise Problem(408, "too_slow", f"The request body did not arrive within {seconds:g} s.") from None
    return b"".join(chunks)


async def body_of(request: Request, type_: type[Any], limits: Limits) -> Any:
    data = await read_body(request, limits.max_body, limits.body_seconds)
    try:
        body = msgspec.json.decode(data or b"{}", type=type_)
        check_plain(msgspec.to_builtins(body), "body")
        return body
    except msgspec.ValidationError as exc:
        raise Problem(400, "bad_frame", f"body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise Problem(400, "bad_json", f"The body is not valid JSON: {exc}") from None
    except (RecursionError, Refused) as exc:
        raise Problem(400, "bad_frame", f"body: {_nested(exc)}") from None


def _nested(exc: Exception) -> str:
    return str(exc) if isinstance(exc, Refused) else "nested too deep."


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def int_param(request: Request, name: str, default: int | None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if len(raw) > 20 or not raw.lstrip("-").isdigit():
        raise Problem(400, "bad_query", f"{name}: {raw[:24]!r} is not a whole number.")
    value = int(raw)
    if not 0 <= value <= INT64:
        raise Problem(400, "bad_query", f"{name}: {value} is outside 0 to 2**63-1.")
    return value


def address(request: Request) -> str:
    return request.client.host if request.client else ""


