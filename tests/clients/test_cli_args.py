"""The CLI's argument handling, without a server."""

from __future__ import annotations

import pytest

from clients.cli import run, serve_argv
from clients.cli_parser import glue_values, parser, split_bench


def test_serve_passes_exactly_the_flags_given() -> None:
    args, unknown = parser().parse_known_args(["serve", "--port", "9001", "--db", "x.db"])
    args.extra = unknown
    assert serve_argv(args) == ["--port", "9001", "--db", "x.db"]
    args, unknown = parser().parse_known_args(
        ["serve", "--host", "0.0.0.0", "--redis-url", "redis://r:6379/0", "--log-level", "info"])
    args.extra = unknown
    assert serve_argv(args) == ["--host", "0.0.0.0", "--redis-url", "redis://r:6379/0",
                                "--log-level", "info"]


def test_bench_takes_everything_after_it() -> None:
    assert split_bench(["bench", "--help"]) == ["--help"]
    assert split_bench(["--server", "http://x", "bench", "load", "--games", "3"]) == \
        ["load", "--games", "3"]
    assert split_bench(["games", "bench"]) is None


def test_a_token_may_start_with_a_dash() -> None:
    assert glue_values(["play", "g", "--token", "-abc"]) == ["play", "g", "--token=-abc"]
    args = parser().parse_args(glue_values(["play", "g", "--token", "-abc"]))
    assert args.token == "-abc"
    joined = parser().parse_args(glue_values(["join", "g", "--name", "A", "--source-token", "-x"]))
    assert joined.source_token == "-x"


def test_server_option_before_or_after_the_command() -> None:
    assert parser().parse_args(["--server", "http://a", "games"]).server == "http://a"
    assert parser().parse_args(["games", "--server", "http://b"]).server == "http://b"
    assert parser().parse_args(["games"]).server is None


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--server", "http://127.0.0.1:1", "replay", "export", "g1"]) == 1  # no server
    assert run(["replay", "verify"]) == 1
    assert "usage: plaza replay verify FILE" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        run(["games", "--bogus"])
