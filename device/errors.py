"""The one kind of error a user sees as a single line with exit code 2."""


class UserError(Exception):
    """Bad input from the user (config, script, word pack): one line naming file, line and fix."""
