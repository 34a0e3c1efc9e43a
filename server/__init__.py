"""The Plaza server: HTTP and WebSocket around the pure `domain`, with the store and broker."""
