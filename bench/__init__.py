"""Benchmarks of Plaza (`plaza bench` / `python -m bench`): figures printed, not asserted."""
