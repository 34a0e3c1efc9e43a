"""QuickHistogram (server/metrics.py): the text prometheus_client's Histogram gives, cheaper."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Histogram, generate_latest

from server.metrics import QuickHistogram

BUCKETS = (0.0001, 0.0005, 0.001, 0.01)


def test_a_quick_histogram_reads_on_metrics_as_the_librarys_histogram_does() -> None:
    registry = CollectorRegistry()
    library = Histogram("lib_seconds", "d", buckets=BUCKETS, registry=registry)
    quick = QuickHistogram("quick_seconds", "d", BUCKETS, registry)
    # on a bound (inclusive), between bounds, below the first and above the last
    for value in (0.00005, 0.0001, 0.0003, 0.001, 0.005, 0.5, 0.0001):
        library.observe(value)
        quick.observe(value)
    text = generate_latest(registry).decode()

    def samples(name: str) -> list[str]:
        return [line.removeprefix(name) for line in text.splitlines()
                if line.startswith(name) and "_created" not in line]

    assert samples("lib_seconds") == samples("quick_seconds")
    assert registry.get_sample_value("quick_seconds_bucket", {"le": "0.0001"}) == 3
    assert registry.get_sample_value("quick_seconds_count") == 7
