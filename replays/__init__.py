"""Replay files: export, verify, rebuild and import games from their event logs."""
