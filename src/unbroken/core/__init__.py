"""The rules engine. Pure: no textual, rich, pluggy, sqlite, file or clock I/O."""
