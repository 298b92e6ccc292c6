"""The Settings screen browsing, editing the sandglass length, and asking before resetting the
used words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.framework.contract import Context, Sample
from device.system.settings.ui import FIELDS, USED_WORDS, SettingsUi


def samples(ctx: Context) -> Sequence[Sample[SettingsUi]]:
    """Browsing, editing the sandglass length, and the question before resetting the used words."""
    draft = replace(ctx.settings, sandglass_s=120)
    return (
        Sample("list", SettingsUi()),
        Sample("editing", SettingsUi(cursor=FIELDS.index("sandglass_s"), editing=True, draft=draft)),
        Sample("used_words", SettingsUi(cursor=USED_WORDS)),
        Sample("reset_words", SettingsUi(cursor=USED_WORDS, confirm_reset=True)),
    )
