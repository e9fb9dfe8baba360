"""The entries and their storage: one SQLite table, one connection per request."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import cast

from flask import Flask, current_app, g

SCHEMA = """
CREATE TABLE IF NOT EXISTS entry (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    message TEXT NOT NULL,
    website TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class Entry:
    """One signature of the guestbook, exactly as the visitor typed it."""

    id: int
    name: str
    message: str
    website: str  # "" when none was given
    created: datetime


def get_db() -> sqlite3.Connection:
    """The request's connection; the database file and its table are created on first use."""
    if "db" not in g:
        path = current_app.config["DATABASE"]
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        connection = sqlite3.connect(path)
        connection.row_factory = sqlite3.Row
        connection.executescript(SCHEMA)
        g.db = connection
    return cast(sqlite3.Connection, g.db)


def close_db(error: BaseException | None = None) -> None:
    connection: sqlite3.Connection | None = g.pop("db", None)
    if connection is not None:
        connection.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)


def add_entry(name: str, message: str, website: str = "", created: datetime | None = None) -> int:
    """Store an entry as given; returns its id."""
    when = (created or datetime.now(UTC)).isoformat(timespec="seconds")
    with get_db() as connection:  # a transaction: committed on success
        cursor = connection.execute(
            "INSERT INTO entry (name, message, website, created) VALUES (?, ?, ?, ?)",
            (name, message, website, when),
        )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def list_entries(limit: int = 100) -> list[Entry]:
    """The newest entries first."""
    rows = get_db().execute(
        "SELECT id, name, message, website, created FROM entry ORDER BY id DESC LIMIT ?",
        (limit,),
    )
    return [
        Entry(
            row["id"],
            row["name"],
            row["message"],
            row["website"],
            datetime.fromisoformat(row["created"]),
        )
        for row in rows
    ]
