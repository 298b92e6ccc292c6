"""One step's writes held in one open transaction, committed (the only sync) when the step's
frame is already on its way to the panel (`Store.one_commit`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

from device.storage.store_file import is_write_failure
from device.storage.store_wal import BUMP

T = TypeVar("T")


class HeldTransaction:
    """The open transaction of a `one_commit` block: begun by its first write, each write atomic
    on its own (a savepoint), committed whole or not at all."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.works: list[Callable[[Any], Any]] = []  # what it holds, to write again if the commit fails
        self.open = False

    def join(self, work: Callable[[Any], T]) -> T:
        """Run `work` in the transaction; an error undoes `work` alone and is raised."""
        if not self.open:
            self.conn.execute("BEGIN IMMEDIATE")
            self.open = True
        self.conn.execute("SAVEPOINT step")
        try:
            result = work(self.conn.cursor())
        except BaseException:
            with suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK TO step")
                self.conn.execute("RELEASE step")
            raise
        self.conn.execute("RELEASE step")
        self.works.append(work)
        return result

    def commit(self) -> None:
        """Commit what it holds (one commit count, as every Easel transaction); on an error it is
        rolled back and the error raised."""
        if not self.open:
            return
        try:
            self.conn.execute(BUMP)
            self.conn.execute("COMMIT")
        except sqlite3.Error:
            self.rollback()
            raise
        self.open = False

    def rollback(self) -> None:
        """Drop everything it holds."""
        if self.open:
            self.open = False
            with suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")

class HeldCommits:
    """The one commit of a step: a Store's writes inside `one_commit` join one transaction,
    committed (the sync) as the block ends."""

    _held: HeldTransaction | None
    _disk: sqlite3.Connection
    path: Any

    def _write(self, work: Callable[[Any], T], held: bool = True) -> T:
        raise NotImplementedError

    @contextmanager
    def one_commit(self) -> Iterator[None]:
        """Hold the writes made inside in one transaction and commit it (the sync) as the block
        ends: the caller hands its frame to the panel inside, before the sync. A power cut before
        the end loses the block's writes whole, never a part; nested blocks join the outer one."""
        if self._held is not None:
            yield
            return
        self._held = HeldTransaction(self._disk)
        try:
            yield
        finally:
            self._commit_held()

    def _join(self, work: Callable[[Any], T]) -> T:
        """Run `work` in the block's open transaction; if the disk refuses it, drop the block's
        transaction and write its steps again the usual way (after a checkpoint, else in memory)."""
        assert self._held is not None
        try:
            return self._held.join(work)
        except sqlite3.Error as exc:
            if not is_write_failure(exc) or self.path is None:
                raise
            works = [*self._held.works, work]
            self._held.rollback()
            self._held = HeldTransaction(self._disk)
            return self._write(lambda cur: [w(cur) for w in works], held=False)[-1]  # type: ignore[no-any-return]

    def _commit_held(self) -> None:
        """End a `one_commit` block: commit it (the sync), or write its steps again the usual way."""
        held, self._held = self._held, None
        if held is None:
            return
        try:
            held.commit()
        except sqlite3.Error as exc:
            if not is_write_failure(exc) or self.path is None:
                raise
            self._write(lambda cur: [w(cur) for w in held.works], held=False)
