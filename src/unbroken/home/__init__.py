"""The player's own files on this machine: where they live (paths) and the kept settings."""
