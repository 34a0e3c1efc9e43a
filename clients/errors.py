"""The failures of the client library: each with the protocol's code and a sentence to show."""

from __future__ import annotations


class PlazaError(Exception):
    """An answer of the server that is not a success, with its protocol code and sentence."""

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return self.message


class ServerUnavailable(PlazaError):
    """No Plaza server answers at the address."""

    def __init__(self, url: str, detail: str = "") -> None:
        why = f" ({detail})" if detail else ""
        super().__init__(
            "unavailable",
            f"No Plaza server answers at {url}{why}. Is it running? "
            "Start one with `plaza serve`, or say where it is with --server or PLAZA_URL.",
        )
        self.url = url


class ConnectionLost(PlazaError):
    """The game connection is closed, and was not (or could not be) re-established."""

    def __init__(self, message: str = "The connection to the game is closed.") -> None:
        super().__init__("closed", message)
