"""Pure game rules: one package per game, plus the contracts in `domain.core`."""
