"""Every refresh kind on the real vendor drivers under the fake Pi leaves the panel exact.

After full, fast, partial, partial-after-fast and partial-after-wake, the glass and both
controller RAMs (the new image, and the base a partial refresh compares it with) hold the
frame; pixel data travels in bulk SPI transfers; the 2.7" partial needs no controller reset.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

from hardware.display import PanelSpec
from hardware.fake_pi import FakePi
from hardware.panel_ram import HW_RESET, Transaction
from hardware.panels import panel
from hardware.waveshare import PanelError
from tests.hardware.conftest import Rig, noise_frame, open_rig, with_change

MONO = ("epd2in13_V4", "epd2in7_V2", "epd2in9_V2", "epd4in2_V2", "epd7in5_V2")
RAM_WRITES = {"epd7in5_V2": (0x10, 0x13)}  # the SSD16xx models write RAM with 0x24 and 0x26
BOX = (40, 16, 88, 48)


def native(frame: Image.Image, spec: PanelSpec) -> Image.Image:
    """The frame in the driver's orientation, as the controller RAM holds it."""
    return frame.rotate(90, expand=True) if spec.rotation == 90 else frame


def differs(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is not None


def assert_exact(rig: Rig, frame: Image.Image) -> None:
    """The glass shows `frame`, and every controller RAM holds it where it is meaningful."""
    assert not differs(rig.shown(), frame), "the glass does not show the frame"
    expected = native(frame, rig.spec)
    for name, (ram, area) in rig.controller.ram_frames().items():
        area = area or (0, 0, *ram.size)
        assert not differs(ram.crop(area), expected.crop(area)), f"{name} RAM is not the frame"


def since(rig: Rig, start: int) -> list[Transaction]:
    return rig.pi.traffic.transactions[start:]


@pytest.mark.parametrize("model", MONO)
def test_full_refresh_leaves_both_rams_equal_to_the_frame(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    frame = noise_frame(rig.spec, seed=1)
    rig.display.show_full(frame)
    assert_exact(rig, frame)
    assert rig.controller.refreshes == {"full": 1}


@pytest.mark.parametrize("model", MONO)
def test_fast_refresh_leaves_both_rams_equal_to_the_frame(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    rig.display.show_full(noise_frame(rig.spec, seed=2))
    frame = noise_frame(rig.spec, seed=3)
    rig.display.show_fast(frame)
    assert_exact(rig, frame)
    assert rig.controller.refreshes == {"full": 2}  # a fast refresh drives every pixel


@pytest.mark.parametrize("model", MONO)
def test_partial_refresh_leaves_both_rams_equal_to_the_frame(fake_pi: FakePi,
                                                             model: str) -> None:
    rig = open_rig(fake_pi, model)
    first = noise_frame(rig.spec, seed=4)
    rig.display.show_full(first)
    second = with_change(first, BOX, seed=5)
    rig.display.show_partial(second, BOX)
    assert_exact(rig, second)
    assert rig.controller.refreshes == {"full": 1, "partial": 1}


@pytest.mark.parametrize("model", MONO)
def test_partial_after_fast_works_from_the_fast_frame(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    rig.display.show_full(noise_frame(rig.spec, seed=6))
    first = noise_frame(rig.spec, seed=7)
    rig.display.show_fast(first)
    second = with_change(first, BOX, seed=8)
    rig.display.show_partial(second, BOX)
    assert_exact(rig, second)
    assert rig.controller.refreshes == {"full": 2, "partial": 1}


@pytest.mark.parametrize("model", MONO)
def test_partial_after_wake_is_a_partial(fake_pi: FakePi, model: str) -> None:
    rig = open_rig(fake_pi, model)
    first = noise_frame(rig.spec, seed=9)
    rig.display.show_full(first)
    rig.display.sleep()
    rig.shown()
    assert differs(rig.controller.ram_frames()["base"][0], native(first, rig.spec)), \
        "deep sleep and power-off lose the RAM (else this test proves nothing)"
    rig.display.restore(first)
    second = with_change(first, BOX, seed=10)
    rig.display.show_partial(second, BOX)
    assert_exact(rig, second)
    assert rig.controller.refreshes == {"full": 1, "partial": 1}, "restore refreshes nothing"


@pytest.mark.parametrize("model", MONO)
def test_pixels_that_change_back_are_driven_back(fake_pi: FakePi, model: str) -> None:
    """A base RAM left behind would skip them: new and stale base agree, nothing is driven."""
    rig = open_rig(fake_pi, model)
    first = noise_frame(rig.spec, seed=11)
    rig.display.show_full(first)
    rig.display.show_partial(with_change(first, BOX, seed=12), BOX)
    rig.display.show_partial(first, BOX)
    assert_exact(rig, first)


def transfers_of(rig: Rig, refresh: str, model: str) -> tuple[int, int, list[Transaction]]:
    """Run one refresh of kind `refresh` after a full one: SPI transfers, bytes, traffic."""
    frame = noise_frame(rig.spec, seed=20)
    rig.display.show_full(frame)
    changed = with_change(frame, BOX, seed=21)
    if refresh == "restore":
        rig.display.sleep()
    start = len(rig.pi.traffic.transactions)
    transfers, sent = rig.pi.traffic.transfers, rig.pi.traffic.bytes_sent
    if refresh == "full":
        rig.display.show_full(changed)
    elif refresh == "fast":
        rig.display.show_fast(changed)
    elif refresh == "partial":
        rig.display.show_partial(changed, BOX)
    else:
        rig.display.restore(frame)
    return (rig.pi.traffic.transfers - transfers, rig.pi.traffic.bytes_sent - sent,
            since(rig, start))


@pytest.mark.parametrize("refresh", ["full", "fast", "partial", "restore"])
@pytest.mark.parametrize("model", MONO)
def test_pixel_data_goes_in_bulk_transfers(fake_pi: FakePi, model: str, refresh: str) -> None:
    rig = open_rig(fake_pi, model)
    transfers, sent, traffic = transfers_of(rig, refresh, model)
    ram_writes = [t for t in traffic if t.command in RAM_WRITES.get(model, (0x24, 0x26))]
    assert ram_writes and all(t.transfers == 1 for t in ram_writes), \
        [(hex(t.command), len(t.data), t.transfers) for t in ram_writes]
    # One transfer per byte would be thousands; commands, LUTs and BUSY polls stay few.
    plane = ((rig.controller.ram_frames()["base"][0].width + 7) // 8
             * rig.controller.ram_frames()["base"][0].height)
    assert transfers < 260 < plane / 10, (transfers, sent)


def test_partial_on_2in7_sends_no_reset_pulse(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd2in7_V2")
    _, _, traffic = transfers_of(rig, "partial", "epd2in7_V2")
    assert [t.command for t in traffic].count(0x20) == 1, "one display update"
    assert HW_RESET not in [t.command for t in traffic]
    start = len(rig.pi.traffic.transactions)
    rig.display.show_partial(with_change(noise_frame(rig.spec, 20), (8, 8, 40, 40), 22),
                             (8, 8, 40, 40))
    assert HW_RESET not in [t.command for t in since(rig, start)]


def test_partial_on_2in7_after_fast_keeps_its_window(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd2in7_V2")
    first = noise_frame(rig.spec, seed=23)
    rig.display.show_fast(first)
    start = len(rig.pi.traffic.transactions)
    second = with_change(first, BOX, seed=24)
    rig.display.show_partial(second, BOX)
    writes = [t for t in since(rig, start) if t.command in (0x24, 0x26)]
    assert [len(t.data) for t in writes] == [(48 - 16) // 8 * (88 - 40)] * 2
    assert_exact(rig, second)


def test_partial_reaching_the_last_native_column_of_the_2in13(fake_pi: FakePi) -> None:
    """Its rows are 122 pixels in 16 bytes: the window must cover the whole last byte."""
    rig = open_rig(fake_pi, "epd2in13_V4")
    frame = noise_frame(rig.spec, seed=25)
    rig.display.show_full(frame)
    box = (0, 0, 2, 121)  # frame rows 0..120 are native columns 1..121
    changed = patched(frame, box, seed=26)
    rig.display.show_partial(changed, box)
    assert_exact(rig, changed)


def test_colour_panel_has_neither_fast_refresh_nor_restore(fake_pi: FakePi) -> None:
    rig = open_rig(fake_pi, "epd7in3f")
    frame = Image.new("RGB", rig.spec.size, "white")
    with pytest.raises(PanelError, match=r"^epd7in3f has no fast refresh; show_fast"):
        rig.display.show_fast(frame)
    with pytest.raises(PanelError, match=r"^epd7in3f has no partial refresh; restore"):
        rig.display.restore(frame)


def patched(image: Image.Image, box: tuple[int, int, int, int], seed: int) -> Image.Image:
    """`image` with random pixels inside `box` (any size, one pixel included)."""
    width, height = box[2] - box[0], box[3] - box[1]
    noise = random.Random(seed).randbytes((width + 7) // 8 * height)
    changed = image.copy()
    changed.paste(Image.frombytes("1", (width, height), noise), box[:2])
    return changed


def boxes(spec: PanelSpec) -> st.SearchStrategy[tuple[int, int, int, int]]:
    """A non-empty frame box anywhere on the panel."""
    width, height = spec.size
    return st.tuples(st.integers(0, width - 1), st.integers(0, height - 1),
                     st.integers(1, width), st.integers(1, height)).map(
        lambda t: (t[0], t[1], max(t[0] + 1, t[2]), max(t[1] + 1, t[3])))


def steps(spec: PanelSpec) -> st.SearchStrategy[list[tuple[str, tuple[int, int, int, int]]]]:
    kinds = st.sampled_from(["full", "fast", "partial", "partial", "wake"])
    return st.lists(st.tuples(kinds, boxes(spec)), min_size=1, max_size=6)


@pytest.mark.parametrize("model", MONO)
def test_any_sequence_of_refreshes_keeps_glass_and_rams_exact(model: str) -> None:
    spec = panel(model)

    @settings(max_examples=10, deadline=None, derandomize=True,
              phases=[Phase.explicit, Phase.generate])  # a failure prints its sequence
    @given(steps(spec))
    def check(sequence: list[tuple[str, tuple[int, int, int, int]]]) -> None:
        with FakePi() as pi:
            rig = open_rig(pi, model)
            frame = noise_frame(spec, seed=30)
            rig.display.show_full(frame)
            for number, (kind, box) in enumerate(sequence):
                frame = patched(frame, box, seed=31 + number)
                if kind == "full":
                    rig.display.show_full(frame)
                elif kind == "fast":
                    rig.display.show_fast(frame)
                else:
                    if kind == "wake":
                        rig.display.sleep()
                        rig.display.restore(rig.shown())
                    rig.display.show_partial(frame, box)
                assert_exact(rig, frame)

    check()
