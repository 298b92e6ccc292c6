"""The two ways the engine says no."""

from __future__ import annotations


class IllegalCommand(ValueError):
    """A command the rules do not allow in this state; the state is unchanged.

    `code` names the refusal so the device can say it in the player's language, with
    `params` filled into its translated text; the message itself is English.
    """

    def __init__(self, message: str, code: str = "", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class InvalidState(ValueError):
    """Serialised data that does not describe a valid state."""
