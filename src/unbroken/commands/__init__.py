"""The subcommands of `unbroken`, one module each (see unbroken.cli)."""
