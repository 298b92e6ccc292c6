"""The web runner's frame sink: the real display worker and refresh planner over a SimPanel.

It opens the panel model a frame is rendered for (the screen key starts with the model), so a
panel chosen in Settings or on the page gets its own simulated panel, and publishes every
change of the glass to the pages as a PNG.
"""

from __future__ import annotations

import base64
import io
import threading
import time
from typing import Any

from PIL import Image

from device.display.display_worker import DisplayWorker
from device.display.refresh import NO_ACTIVITY, Activity, RefreshPlanner
from device.run.web.hub import Hub
from device.run.web.panel import GlassFrame, SimPanel
from device.run.web.readout import PressTimer
from hardware.panels import PANELS, call_timeout_s


def png_bytes(image: Image.Image) -> bytes:
    """The picture as a PNG (fast compression: these go to a page on the same machine)."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


class GlassHost:
    """Frame sink: newest frame to the display worker of the current simulated panel."""

    def __init__(self, hub: Hub, timer: PressTimer, *, time_scale: float, sleep_after_s: float) -> None:
        self.hub = hub
        self.timer = timer
        self.time_scale = time_scale
        self.sleep_after_s = sleep_after_s
        self.model: str | None = None
        self.panel: SimPanel | None = None
        self.worker: DisplayWorker | None = None
        self._lock = threading.Lock()
        self._version = 0
        self._png = b""
        self._secret = False

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False,
               activity: Activity = NO_ACTIVITY) -> None:
        """Hand the frame to the worker of its panel model (opening that panel if it changed)."""
        self.use(screen_key.split(":", 1)[0])
        assert self.worker is not None
        self._secret = self._secret or hide_secret
        self.worker.submit(image, screen_key, hide_secret, activity)

    def use(self, model: str) -> None:
        """Make sure the simulated panel is a `model` (a new one, blank, if it was another)."""
        if model != self.model:
            self.open(model)

    def open(self, model: str) -> None:
        """Replace the simulated panel (and its worker) with a fresh one of `model`."""
        self.close()
        spec = PANELS[model]
        self.panel = SimPanel(spec, self._show, self.timer.refreshed, time_scale=self.time_scale)
        self.worker = DisplayWorker(self.panel, RefreshPlanner(spec),
                                    idle_sleep_s=self.sleep_after_s * self.time_scale)
        self.model = model
        self._show(GlassFrame(self.panel.glass, None, "shown"))

    def take_secret(self) -> bool:
        """Whether a frame since the last call hid a dealt word (and forget it)."""
        secret, self._secret = self._secret, False
        return secret

    def close(self) -> None:
        """Stop the worker (cutting a running refresh short) and release the panel."""
        if self.panel is not None and self.worker is not None:
            self.panel.abort()
            self.worker.close(timeout=call_timeout_s(self.panel.spec) + 1.0)
        self.panel = None
        self.worker = None
        self.model = None

    @property
    def version(self) -> int:
        """How many pictures the glass has shown (the `v` of the latest glass event)."""
        with self._lock:
            return self._version

    @property
    def png(self) -> bytes:
        """What the glass shows now, as a PNG."""
        with self._lock:
            return self._png

    def _show(self, frame: GlassFrame) -> None:
        data = png_bytes(frame.image)
        with self._lock:
            self._version += 1
            self._png = data
            message: dict[str, Any] = {
                "v": self._version, "refresh": frame.refresh, "phase": frame.phase,
                "at": round((frame.at or time.monotonic()) * 1000, 3),  # when the glass changed (server ms)
                "png": "data:image/png;base64," + base64.b64encode(data).decode("ascii"),
            }
            # Published under the lock: pages see the glass versions in order.
            self.hub.publish("glass", message)
