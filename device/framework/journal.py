"""Every step on disk: the session, its undo point, the game it finished, the words it dealt,
in one transaction; and the retry of steps that wait for the disk."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, overload

from device.framework.loader import app
from device.framework.session import Session, kept_data, stored_session
from device.i18n import Said, text_to_json
from device.storage.history import GameRecord, history_key
from device.storage.store import Store
from device.strings.all import STRINGS as T

log = logging.getLogger("easel")
RETRY_MS = 2000  # while steps wait for the disk, try writing them this often (and at every press)


def stored_label(label: Said) -> str:
    """An undo label as its row keeps it: the JSON of the text as data (device/i18n.py)."""
    return json.dumps(text_to_json(label), ensure_ascii=False, separators=(",", ":"))


class StoredGames(Sequence[GameRecord]):
    """The finished games in the store, oldest first, read at the first look: a start (and each
    press until a screen needs them: Statistics, a new game's seed) reads none of them, so it
    costs the same with a thousand games in the history as with one."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._games: tuple[GameRecord, ...] | None = None

    def _read(self) -> tuple[GameRecord, ...]:
        if self._games is None:
            self._games = tuple(self._store.games())
        return self._games

    @overload
    def __getitem__(self, index: int) -> GameRecord: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[GameRecord]: ...

    def __getitem__(self, index: int | slice) -> GameRecord | Sequence[GameRecord]:
        return self._read()[index]

    def __len__(self) -> int:
        return len(self._read())

    def __iter__(self) -> Iterator[GameRecord]:
        return iter(self._read())  # Sequence's own walks __getitem__ to IndexError: 25 times slower


class Journal:
    """Writes the steps of a session to its store and keeps the history of finished games."""

    def __init__(self, store: Store, wall_clock: Callable[[], str]) -> None:
        self.store = store
        self.wall_clock = wall_clock
        self.history = StoredGames(store)
        self.retry_at: int | None = None

    def reread(self) -> None:
        """Read the history again at the next look (a game finished)."""
        self.history = StoredGames(self.store)

    def record(self, session: Session, mode: str, before: Any, after: Any, now: int,
               undo_label: Said | None = None, fresh: Collection[str] = ()) -> GameRecord | None:
        """Save the session after a step that took app `mode` from `before` to `after`: an undo
        point when `undo_label` names the step (kept as data, JSON: translated when shown); apps
        the step opened (`fresh`) start with no undo. The record of the game this step finished,
        if it finished one."""
        data = stored_session(session)
        owner = app(mode)
        undo = None if undo_label is None else (mode, stored_label(undo_label), owner.dump(before), owner.form)
        named = kept_data(session) + (owner.kept(before) if undo is not None else ())
        keep = tuple({item.key: item for item in named}.values())  # each content once (a paused game's deck, ...)
        for key in fresh:
            self.store.forget(key, data, now)
        finished = self._finished(mode, before, after)
        self.store.save(data, now, undo, finished, owner.words_dealt(before, after), keep)
        if finished is not None:
            self.reread()
        self.schedule_retry(now)
        return finished

    def _finished(self, mode: str, before: Any, after: Any) -> GameRecord | None:
        """A history record when this step ended a game (seats as data: numbers and typed names)."""
        owner = app(mode)
        if before is None or owner.result(before) is not None:
            return None
        result = owner.result(after)
        if result is None:
            return None
        return GameRecord(game=mode, finished=self.wall_clock(), players=result.players, scores=result.scores,
                          winners=result.winners, seed=result.seed, key=history_key(mode, result.seed))

    def commit(self, step: Callable[[], None], now: Callable[[], int], refused: Callable[[], None]) -> None:
        """Run `step` (a press or a wake-up) as one commit, made as it ends, after it handed its
        frame over; when the disk refuses that commit, the step waits in memory: schedule its
        retry and call `refused` (the runner shows the warning line)."""
        was_pending = bool(self.store.pending)
        with self.store.one_commit():
            step()
        if self.store.pending and not was_pending:
            self.schedule_retry(now())
            refused()

    def schedule_retry(self, now: int) -> None:
        """Schedule a retry while steps wait for the disk (the warning itself is drawn by render)."""
        if self.store.pending and self.retry_at is None:
            self.retry_at = now + RETRY_MS
        elif not self.store.pending:
            self.retry_at = None

    def retry(self, now: int) -> bool:
        """At the retry deadline, write the steps waiting for the disk; True once they are written."""
        if self.retry_at is None or now < self.retry_at:
            return False
        written = self.store.flush()
        self.retry_at = None if written else now + RETRY_MS
        if written:
            log.info("the steps waiting for the disk are saved")
        return written

    def warning(self, lang: str) -> str:
        """The persistent line shown while some steps are not on disk, else ''."""
        if not self.store.pending:
            return ""
        return T(lang, "storage_unsaved", n=len(self.store.pending))
