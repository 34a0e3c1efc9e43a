"""Security headers on every HTTP answer: the pages run only the server's own scripts,
are never framed by another site, and no answer is sniffed as another content type."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; "
       "base-uri 'none'; object-src 'none'; form-action 'self'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),  # for browsers that predate frame-ancestors
    (b"referrer-policy", b"same-origin"),
]


class SecurityHeaders:
    """Pure ASGI (no per-request task, unlike BaseHTTPMiddleware); WebSockets pass through."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
