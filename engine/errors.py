"""The two ways the engine says no."""


class IllegalCommand(ValueError):
    """A command that the rules do not allow in this state; the state is unchanged."""


class InvalidState(ValueError):
    """Serialised data that does not describe a valid state."""
