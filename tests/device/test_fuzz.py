"""Buttons mashed by children: random presses and holds (seats beyond the table included) on every
screen of every app never raise, never break an app's invariants, and always round-trip."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from device.framework.loader import app
from device.framework.registry import GAMES
from device.framework.session import session_from_dict, session_to_dict
from hardware.events import BUTTONS
from tests.conftest import Harness

KINDS = st.sampled_from(("press", "press", "press", "hold"))


class ButtonMasher(RuleBasedStateMachine):
    """Drive the whole device (home menu included) with random buttons and waits."""

    start_in = "home"

    def __init__(self) -> None:
        super().__init__()
        self.h = Harness()
        if self.start_in != "home":
            self.h.runner.open(self.start_in)
        self.presses = 0

    @rule(button=st.sampled_from(BUTTONS), kind=KINDS)
    def press(self, button: str, kind: str) -> None:
        """Any button, pressed or held."""
        self.h.press(button + ("!" if kind == "hold" else ""))
        self.presses += 1

    @precondition(lambda self: self.presses > 0)
    @rule(seconds=st.sampled_from((0.4, 1, 7, 31, 95)))
    def wait(self, seconds: float) -> None:
        """Time passes (timers run out)."""
        self.h.wait(seconds)

    @invariant()
    def apps_keep_their_rules(self) -> None:
        """No app state breaks its own invariants, and each saved form reads back to itself."""
        for key, state in self.h.runner.session.states.items():
            owner = app(key)
            assert owner.invariants(state) == [], (key, owner.invariants(state))
            words = self.h.runner.ctx().words  # a saved #ARTBOX game reads its used words there
            assert owner.dump(owner.load(owner.dump(state), words)) == owner.dump(state)

    @invariant()
    def session_round_trips_and_renders(self) -> None:
        """The saved session rebuilds to the same session; the current screen renders."""
        session = self.h.runner.session
        saved = session_to_dict(session)
        assert session_to_dict(session_from_dict(saved, self.h.runner.ctx())) == saved
        image, _ = self.h.runner.render()
        assert image.size[0] >= 250


FUZZ_SETTINGS = settings(
    max_examples=20, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ButtonMasher.TestCase.settings = FUZZ_SETTINGS
TestButtonMasher = ButtonMasher.TestCase


def _masher_for(key: str) -> type[RuleBasedStateMachine]:
    machine = type(f"{key.title()}Masher", (ButtonMasher,), {"start_in": key})
    assert issubclass(machine, ButtonMasher)  # narrows type() to the masher it builds
    machine.TestCase.settings = FUZZ_SETTINGS
    return machine


# One state machine per game of the registry, starting on its own first screen (its setup).
for _key in GAMES:
    globals()[f"Test{_key.title()}Masher"] = _masher_for(_key).TestCase
