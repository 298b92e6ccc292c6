"""The real vendor drivers on a fake Pi: what reaches the panel RAM is the frame Easel rendered."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from hardware.fake_pi import FakePi
from hardware.panel_models import ACEP_PALETTE, MODELS
from hardware.panel_ram import SsdController
from hardware.panels import PANELS, call_timeout_s
from hardware.waveshare import PanelError, PanelTimeout, load_driver, native_box
from tests.hardware.conftest import noise_frame, open_rig, spec_of, with_change

ROOT = Path(__file__).resolve().parents[2]
MONO = ("epd2in13_V4", "epd2in7_V2", "epd2in9_V2", "epd4in2_V2", "epd7in5_V2")


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


@pytest.mark.parametrize("model", MONO)
def test_full_refresh_puts_the_rendered_frame_in_panel_ram(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    frame = noise_frame(rig.spec, seed=1)
    rig.display.show_full(frame)
    assert same(rig.shown(), frame)
    assert rig.controller.refreshes == {"full": 1}


@pytest.mark.parametrize("model", MONO)
def test_partial_refresh_shows_the_new_frame(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    first = noise_frame(rig.spec, seed=2)
    rig.display.show_full(first)
    rig.shown()
    box = (40, 16, 88, 48)
    second = with_change(first, box, seed=3)
    rig.display.show_partial(second, box)
    assert same(rig.shown(), second)
    assert rig.controller.refreshes == {"full": 1, "partial": 1}


def test_windowed_partial_on_2in7_sends_only_the_window_bytes(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd2in7_V2")
    frame = noise_frame(rig.spec, seed=4)
    rig.display.show_full(frame)
    rig.shown()
    start = len(fake_pi.traffic.transactions)
    box = (100, 40, 160, 80)  # frame rows 40..80 are native x, already 8-aligned
    rig.display.show_partial(with_change(frame, box, seed=5), box)
    ram_writes = [t for t in fake_pi.traffic.transactions[start:] if t.command == 0x24]
    assert [len(t.data) for t in ram_writes] == [(80 - 40) // 8 * (160 - 100)]


def test_window_partial_on_7in5_writes_the_window_into_ram(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd7in5_V2")
    frame = noise_frame(rig.spec, seed=6)
    rig.display.show_full(frame)
    rig.shown()
    box = (203, 100, 333, 180)  # unaligned x: the adapter widens it to 200..336
    changed = with_change(frame, box, seed=7)
    rig.display.show_partial(changed, box)
    assert same(rig.shown(), changed)
    assert rig.controller.window == (200, 100, 335, 179)  # type: ignore[attr-defined]


@pytest.mark.parametrize("model", MONO)
def test_full_after_partials_reinitialises_and_stays_exact(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    frame = noise_frame(rig.spec, seed=8)
    rig.display.show_full(frame)
    for seed in range(9, 12):
        box = (8 * seed, 8, 8 * seed + 24, 40)
        frame = with_change(frame, box, seed)
        rig.display.show_partial(frame, box)
        assert same(rig.shown(), frame)
    before = sum(1 for t in fake_pi.traffic.transactions if t.command == -1)
    frame = noise_frame(rig.spec, seed=20)
    rig.display.show_full(frame)
    assert same(rig.shown(), frame)
    resets = sum(1 for t in fake_pi.traffic.transactions if t.command == -1)
    assert resets > before, "a full refresh after partials starts with a hardware reset (init)"
    assert rig.controller.refreshes == {"full": 2, "partial": 3}


def test_colour_panel_gets_the_seven_colour_frame(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd7in3f")
    frame = Image.new("RGB", rig.spec.size, "white")
    draw = ImageDraw.Draw(frame)
    for i, colour in enumerate(ACEP_PALETTE):
        draw.rectangle((i * 100, 0, i * 100 + 99, 300), fill=colour)
    rig.display.show_full(frame)
    assert same(rig.shown(), frame)
    with pytest.raises(PanelError, match="no partial refresh"):
        rig.display.show_partial(frame, (0, 0, 8, 8))


def test_colour_buffer_is_the_vendors_getbuffer(fake_pi: FakePi) -> None:
    """Easel packs the 4-bit pixels in C; the bytes are the vendor's, dithering included."""
    rig = open_rig(fake_pi, "epd7in3f")
    frame = Image.new("RGB", rig.spec.size, "white")
    draw = ImageDraw.Draw(frame)
    for i in range(40):  # off-palette colours: the dithering must match too
        draw.ellipse((i * 20, i * 9, i * 20 + 90, i * 9 + 60), fill=(i * 6, 255 - i * 5, 90))
    epd = fake_pi.load("epd7in3f").EPD()
    assert rig.display._model.buffer(frame) == bytes(epd.getbuffer(frame))


def test_stuck_busy_times_out_powers_down_and_recovers(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd2in7_V2", timeout_s=12.0)
    rig.display.show_full(noise_frame(rig.spec, seed=30))
    fake_pi.busy = "high"  # this controller holds BUSY high while working
    started = fake_pi.now
    with pytest.raises(PanelTimeout, match="epd2in7_V2: BUSY did not settle within 12 s"):
        rig.display.show_full(noise_frame(rig.spec, seed=31))
    assert 12.0 < fake_pi.now - started < 13.0  # gave up at the deadline, in virtual time
    opens = fake_pi.spi_opens
    fake_pi.busy = "alternate"
    frame = noise_frame(rig.spec, seed=32)
    rig.display.show_full(frame)
    assert fake_pi.spi_opens == opens + 1, "the next call re-initialised the panel"
    assert same(rig.shown(), frame)


def test_stuck_busy_on_7in5_where_busy_is_active_low(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd7in5_V2", timeout_s=5.0)
    fake_pi.busy = "low"  # its ReadBusy spins on 0 without even a delay
    with pytest.raises(PanelTimeout):
        rig.display.show_full(noise_frame(rig.spec, seed=33))


def test_sleep_then_show_wakes_the_panel(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd2in13_V4")
    rig.display.show_full(noise_frame(rig.spec, seed=40))
    rig.display.sleep()
    sleeps = [t for t in fake_pi.traffic.transactions if t.command == 0x10]
    assert sleeps and sleeps[-1].data == bytearray([0x01])  # deep sleep command
    opens = fake_pi.spi_opens
    frame = noise_frame(rig.spec, seed=41)
    rig.display.show_partial(frame, (0, 0, 8, 8))  # base lost: becomes a full refresh
    assert fake_pi.spi_opens == opens + 1
    assert same(rig.shown(), frame)
    assert rig.controller.refreshes == {"full": 2}


def test_clear_blanks_the_panel_and_close_releases_it(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd4in2_V2")
    rig.display.show_full(noise_frame(rig.spec, seed=50))
    rig.display.clear()
    assert same(rig.shown(), Image.new("1", rig.spec.size, 1))
    rig.display.close()
    with pytest.raises(PanelError, match="closed"):
        rig.display.show_full(noise_frame(rig.spec, seed=51))


def test_wrong_frame_size_is_refused(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd2in9_V2")
    with pytest.raises(ValueError, match="frame is 10x10 but epd2in9_V2 shows 296x128"):
        rig.display.show_full(Image.new("1", (10, 10), 1))


@pytest.mark.parametrize("model", sorted(PANELS))
def test_models_match_the_panel_table_and_the_driver(fake_pi: FakePi, model: str) -> None:
    sequences, spec = MODELS[model], PANELS[model]
    assert sequences.has_partial == (spec.partial != "none")
    assert sequences.has_fast == (spec.fast_ms is not None)
    epd = fake_pi.load(model).EPD()
    native = (epd.width, epd.height)
    expected = spec.size if spec.rotation == 0 else spec.size[::-1]
    assert native == expected, "the table's size and rotation match the driver"


def test_native_box_matches_the_vendor_example_for_2in7() -> None:
    # The vendor's demo shows frame box (10, 110, 120, 150) as display_Partial(buf, 110,
    # 264 - 120, 150, 264 - 10).
    assert native_box((10, 110, 120, 150), spec_of("epd2in7_V2")) == (104, 144, 152, 254)


def test_call_timeout_is_about_twice_the_longest_refresh() -> None:
    assert call_timeout_s(spec_of("epd7in3f")) == pytest.approx(72.5)
    assert call_timeout_s(spec_of("epd2in13_V4")) == pytest.approx(6.5)


def test_ssd_model_refuses_an_unmodelled_entry_mode() -> None:
    controller = SsdController(16, 4)
    from hardware.panel_ram import Transaction
    controller.feed(Transaction(0x11, bytearray([0x01])))
    with pytest.raises(ValueError, match="not modelled"):
        controller.feed(Transaction(0x24, bytearray([0])))


def python(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True, env=env, cwd=ROOT).stdout.strip()


def test_importing_the_adapter_touches_no_hardware() -> None:
    code = ("import sys, hardware.waveshare; "
            "assert 'epaper' not in sys.modules and 'spidev' not in sys.modules, sys.modules")
    python(code)


def test_off_pi_the_driver_is_not_even_imported(tmp_path: Path) -> None:
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("model name\t: Intel(R) Core(TM) i5\n")
    with pytest.raises(PanelError, match=r"^epd2in7_V2: this is not a Raspberry Pi .*simulated"):
        load_driver("epd2in7_V2", cpuinfo=cpuinfo)
    assert not any(name.endswith("waveshare_epd.epdconfig") for name in sys.modules)


def test_a_driver_that_cannot_start_gives_one_clear_line(tmp_path: Path) -> None:
    # /proc/cpuinfo says Pi but the driver's own check (and the hardware) says otherwise.
    code = ("from pathlib import Path\n"
            "from hardware.waveshare import load_driver, PanelError\n"
            f"Path({str(tmp_path / 'cpu')!r}).write_text('Model: Raspberry Pi 4')\n"
            "try:\n"
            f"    load_driver('epd2in7_V2', cpuinfo=Path({str(tmp_path / 'cpu')!r}))\n"
            "except PanelError as e:\n    print(e)\n")
    out = python(code)
    assert out.startswith("epd2in7_V2: the Waveshare driver could not start")
    assert "raspi-config nonint do_spi 0" in out and "\n" not in out


def test_unknown_model_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="choose one of: epd2in13_V4"):
        load_driver("epd2in7")


RAM_WRITES = (0x10, 0x13, 0x24, 0x26)
WINDOW = (48 - 16) // 8 * (88 - 40)  # frame box (40, 16, 88, 48) in native bytes, turned
# Image bytes per refresh kind: a full refresh writes both RAM planes; a partial writes what
# the vendor's partial writes (the whole plane, or the window) plus the window of the base
# RAM, except on the 2.9" whose controller keeps the base itself (RAM ping-pong).
IMAGE_BYTES = {
    "epd2in13_V4": (2 * 16 * 250, 16 * 250 + WINDOW),
    "epd2in9_V2": (2 * 16 * 296, 16 * 296),
    "epd4in2_V2": (2 * 50 * 300, 50 * 300 + (88 - 40) // 8 * (48 - 16)),
    "epd7in5_V2": (2 * 100 * 480, (88 - 40) // 8 * (48 - 16)),
    "epd2in7_V2": (2 * 22 * 264, 2 * WINDOW),
}


@pytest.mark.parametrize("model", sorted(IMAGE_BYTES))
def test_image_bytes_sent_per_refresh_kind(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    frame = noise_frame(rig.spec, seed=60)
    rig.display.show_full(frame)
    full = sum(len(t.data) for t in fake_pi.traffic.transactions if t.command in RAM_WRITES)
    start, total = len(fake_pi.traffic.transactions), fake_pi.traffic.bytes_sent
    box = (40, 16, 88, 48)
    rig.display.show_partial(with_change(frame, box, seed=61), box)
    partial = sum(len(t.data) for t in fake_pi.traffic.transactions[start:]
                  if t.command in RAM_WRITES)
    assert (full, partial) == IMAGE_BYTES[model]
    overhead = fake_pi.traffic.bytes_sent - total - partial
    assert overhead < 250, "commands around a partial refresh stay a small overhead"
