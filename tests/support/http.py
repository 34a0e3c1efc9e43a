"""httpx's calls for async tests, awaited, so a request never blocks the test's event loop."""

from __future__ import annotations

from typing import Any

import httpx


async def request(method: str, url: str, **kwargs: Any) -> httpx.Response:
    async with httpx.AsyncClient() as client:
        return await client.request(method, url, **kwargs)


async def get(url: str, **kwargs: Any) -> httpx.Response:
    return await request("GET", url, **kwargs)


async def post(url: str, **kwargs: Any) -> httpx.Response:
    return await request("POST", url, **kwargs)
