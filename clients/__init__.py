"""Plaza clients: the Python client library, the terminal client and the `plaza` CLI.

They speak PROTOCOL.md only; of `server/` they import nothing but `server.protocol`.
"""
