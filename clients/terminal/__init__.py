"""The terminal client of Plaza, on the client library and rich."""
