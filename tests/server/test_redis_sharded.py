"""Sharded pub/sub beyond the contract: on a real Redis Cluster (three private nodes on free
ports, started and stopped by the test). Its resubscribing after a Redis restart is tested
with the plain mode's, in test_broker_contract.py."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from server.broker import RedisBroker, make_broker
from tests.server.test_broker_contract import Inbox
from tests.support.live import PrivateRedis, die_with_parent, free_port, wait_for_port

SLOTS = 16384


class PrivateCluster:
    """Three primaries sharing the slots, no replicas: enough to put channels on different nodes."""

    def __init__(self, workdir: Path, nodes: int = 3) -> None:
        self.workdir = workdir
        self.ports = [free_port() for _ in range(nodes)]
        self.bus_ports = [free_port() for _ in range(nodes)]  # not port + 10000: that may be taken
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self) -> PrivateCluster:
        binary = PrivateRedis.binary()
        assert binary is not None
        for port, bus in zip(self.ports, self.bus_ports, strict=True):
            self.procs.append(subprocess.Popen(
                [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--cluster-enabled", "yes", "--cluster-port", str(bus),
                 "--cluster-config-file", f"nodes-{port}.conf", "--dir", str(self.workdir)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent))
        for port in self.ports:
            wait_for_port(port)
        self._assign_slots()
        return self

    def _assign_slots(self) -> None:
        clients = [redis.Redis(port=port) for port in self.ports]
        share = SLOTS // len(clients)
        for i, client in enumerate(clients):
            last = SLOTS - 1 if i == len(clients) - 1 else (i + 1) * share - 1
            client.execute_command("CLUSTER ADDSLOTSRANGE", i * share, last)
        for port, bus in zip(self.ports[1:], self.bus_ports[1:], strict=True):
            clients[0].execute_command("CLUSTER MEET", "127.0.0.1", port, bus)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if all(c.cluster("info")["cluster_state"] == "ok" for c in clients):
                return
            time.sleep(0.1)
        raise TimeoutError("the private Redis Cluster did not come up")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            proc.wait(10)


@pytest.fixture
def private_cluster(tmp_path: Path) -> Iterator[PrivateCluster]:
    if PrivateRedis.binary() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must provide redis-server")
        pytest.skip("redis-server is not installed (CI installs it)")
    cluster = PrivateCluster(tmp_path).start()
    yield cluster
    cluster.stop()


async def _spread(ports: list[int], pattern: str, timeout: float = 5.0) -> bool:
    """Whether every node holds a shard channel matching `pattern` (SSUBSCRIBE answers later)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        held = []
        for port in ports:
            with redis.Redis(port=port) as node:
                held.append(node.execute_command("PUBSUB SHARDCHANNELS", pattern))
        if all(held):
            return True
        await asyncio.sleep(0.05)
    return False


def test_the_variable_selects_sharded_pub_sub(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAZA_REDIS_SHARDED", "1")
    broker = make_broker("redis://127.0.0.1:6379/0")
    assert isinstance(broker, RedisBroker) and broker.sharded
    monkeypatch.delenv("PLAZA_REDIS_SHARDED")
    broker = make_broker("redis://127.0.0.1:6379/0")
    assert isinstance(broker, RedisBroker) and not broker.sharded


async def test_sharded_pub_sub_on_a_redis_cluster_reaches_every_node_at_once(
        private_cluster: PrivateCluster) -> None:
    # Two processes entering the cluster through different nodes.
    listener = RedisBroker(private_cluster.url, prefix="p:", sharded=True)
    publisher = RedisBroker(f"redis://127.0.0.1:{private_cluster.ports[1]}/0", prefix="p:", sharded=True)
    await listener.start()
    await publisher.start()
    try:
        assert listener.cluster and publisher.cluster
        games = [f"g{n}" for n in range(12)]
        inboxes = {game: Inbox() for game in games}
        for game in games:
            await listener.subscribe(game, inboxes[game])
        assert await _spread(private_cluster.ports, "p:game:*"), "the games should use every node"
        started = time.monotonic()
        for round_ in range(3):
            for game in games:
                await publisher.publish(game, f"{game}-{round_}".encode())
        for game in games:
            assert await inboxes[game].wait_for(3) == [f"{game}-{r}".encode() for r in range(3)]
        # Every node is read at once, not in turn with a timeout on each quiet one.
        assert time.monotonic() - started < 0.5
    finally:
        await listener.close()
        await publisher.close()
