"""One step's writes held in one open transaction, committed (the only sync) when the step's
frame is already on its way to the panel (`Store.one_commit`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import suppress
from typing import Any, TypeVar

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
