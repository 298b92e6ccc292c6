"""A stuck panel under the display worker, with the real driver: retried, reported, recovered."""

from __future__ import annotations

import threading
from collections.abc import Callable

from device.display.display_worker import DisplayWorker
from device.display.refresh import RefreshPlanner
from hardware.fake_pi import FakePi
from tests.hardware.conftest import noise_frame, open_rig, with_change

WAIT = 10.0


def wait_until(predicate: Callable[[], bool]) -> None:
    pause = threading.Event()
    for _ in range(int(WAIT / 0.005)):
        if predicate():
            return
        pause.wait(0.005)
    raise AssertionError("condition never became true")


def test_worker_retries_a_stuck_panel_reports_it_and_recovers() -> None:
    with FakePi() as pi:
        rig = open_rig(pi, "epd2in7_V2", timeout_s=5.0)
        worker = DisplayWorker(rig.display, RefreshPlanner(rig.spec), idle_sleep_s=None,
                               retries=3, backoff_s=(0.01, 0.02))
        try:
            first = noise_frame(rig.spec, seed=1)
            worker.submit(first, "game")
            assert worker.flush(WAIT)
            opens = pi.spi_opens

            pi.busy = "high"  # the controller never releases BUSY
            second = with_change(first, (40, 16, 88, 48), seed=2)
            worker.submit(second, "game")  # returns at once although the panel hangs
            wait_until(lambda: worker.status.state == "failed")
            status = worker.status
            assert status.failures >= 3
            assert status.fault == ("epd2in7_V2: BUSY did not settle within 5 s during init; "
                                    "the panel does not respond")
            # The first attempt was the partial refresh; every retry re-initialised the panel.
            assert pi.spi_opens >= opens + 2

            pi.busy = "alternate"  # the panel answers again: the backoff retry gets through
            wait_until(lambda: worker.status.failures == 0)
            assert worker.flush(WAIT)
            assert rig.shown().tobytes() == second.tobytes()
            assert worker.status.state == "idle"
            assert worker.status.fault is not None  # kept for the app until it clears it
        finally:
            pi.busy = "alternate"
            worker.close()
