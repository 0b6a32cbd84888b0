"""The Textual app: it renders the engine's state and events and sends it actions."""
