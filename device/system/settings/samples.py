"""The Settings screen browsing, and editing the sandglass length."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.contract import Context, Sample
from device.system.settings.ui import FIELDS, SettingsUi


def samples(ctx: Context) -> Sequence[Sample[SettingsUi]]:
    """Browsing, and editing the sandglass length."""
    draft = replace(ctx.settings, sandglass_s=120)
    return (
        Sample("list", SettingsUi()),
        Sample("editing", SettingsUi(cursor=FIELDS.index("sandglass_s"), editing=True, draft=draft)),
    )
