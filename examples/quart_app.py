"""A small Quart app built with htmltemplates: a page, a streamed page, a form with flashes.

Run it with ``make demo-quart``, or ``.venv/bin/python examples/quart_app.py [--port 5000]``
(Quart's development server, on http://127.0.0.1:5000, without its reloader: see the end of
this file), or with Hypercorn: ``.venv/bin/hypercorn examples.quart_app:app`` from the
repository root. The pages:

- ``GET /``: the notes left so far and a form to leave one;
- ``POST /``: stores a note, flashes a thank-you and redirects to ``/``; with an empty name or
  note it answers 400 with the form again, filled with what was typed, and its errors;
- ``GET /log``: a streamed page whose rows come from an async generator (standing in for an
  async database cursor), each sent as it comes; a script at its end, allowed by the page's
  Content-Security-Policy nonce, marks the page complete.

The notes live in memory, in the app, and the log's rows are made up: the point is the views.
Views return bare templates (the ``HTMLTemplates`` extension renders them, awaiting the async
values in them), through ``@view`` so that mypy accepts them.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from string.templatelib import Template
from typing import Any

from quart import Blueprint, Quart, Response, current_app, flash, redirect, request, url_for
from werkzeug.wrappers import Response as Redirect

from htmltemplates.integrations.quart import HTMLTemplates, flashed_messages, stream_html, view

MAX_LENGTH = 200
LOG_EVENTS = [
    ("09:00", "Shop opened"),
    ("09:12", "Sold a shrubbery (one that looks nice)"),
    ("09:30", "<script>alert('a customer typed this')</script>"),
    ("10:05", "Knights who say Ni! came back"),
]


@dataclass(frozen=True, slots=True)
class Note:
    name: str
    text: str


# -- components: plain functions that return templates ------------------------------------------


def layout(title: str, body: Template) -> Template:
    """The page around ``body``: head, navigation, flashed messages."""
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title} - Notes</title>
  <style>body {{ font-family: sans-serif; max-width: 40em; margin: auto }}</style>
</head>
<body>
<nav><a href={url_for("notes.index")}>Notes</a> · <a href={url_for("notes.log")}>Log</a></nav>
<main>
{flashed_messages()}
<h1>{title}</h1>
{body}
</main>
</body>
</html>
"""


def field(name: str, label: str, value: str, error: str | None) -> Template:
    """A labelled text input and its error message, if any."""
    described = {"aria-invalid": "true", "aria-describedby": f"{name}-error"} if error else {}
    return t"""<p>
  <label for={name}>{label}</label>
  <input id={name} name={name} value={value} maxlength={MAX_LENGTH} {described}>
  {error and t'<span class="error" id="{name}-error">{error}</span>'}
</p>"""


def note_form(values: Mapping[str, str], errors: Mapping[str, str]) -> Template:
    return t"""<form method="post" action={url_for("notes.index")}>
{field("name", "Name", values.get("name", ""), errors.get("name"))}
{field("text", "Note", values.get("text", ""), errors.get("text"))}
<button type="submit">Leave a note</button>
</form>"""


def notes_page(notes: list[Note], values: Mapping[str, str], errors: Mapping[str, str]) -> Template:
    items = [t"<li><strong>{note.name}</strong>: {note.text}</li>" for note in notes]
    listing = t'<ul class="notes">{items}</ul>' if notes else t"<p>No notes yet.</p>"
    return layout("Notes", t"{listing}\n{note_form(values, errors)}")


async def log_rows(delay: float) -> AsyncIterator[Template]:
    """The log's rows, one every ``delay`` seconds, as an async database cursor gives them."""
    for time, event in LOG_EVENTS:
        await asyncio.sleep(delay)
        yield t"<tr><td><time>{time}</time></td><td>{event}</td></tr>"


async def event_count() -> int:
    await asyncio.sleep(0)  # a count query
    return len(LOG_EVENTS)


def log_page(delay: float) -> Template:
    table = t"""<table>
<thead><tr><th>Time</th><th>Event</th></tr></thead>
<tbody>{log_rows(delay)}</tbody>
</table>
<p>{event_count()} events.</p>
<script>document.body.dataset.complete = "yes";</script>"""
    return layout("Log", table)


# -- views --------------------------------------------------------------------------------------

bp = Blueprint("notes", __name__)


def notes() -> list[Note]:
    return current_app.extensions["notes"]  # type: ignore[no-any-return]


@bp.get("/")
@view
async def index() -> Template:
    return notes_page(notes(), {}, {})


@bp.post("/")
@view
async def leave_note() -> Template | tuple[Template, int] | Redirect:
    form = await request.form
    values = {"name": form.get("name", "").strip(), "text": form.get("text", "").strip()}
    errors = {key: "Please fill this in." for key, value in values.items() if not value}
    errors |= {
        key: f"At most {MAX_LENGTH} characters, please."
        for key, value in values.items()
        if len(value) > MAX_LENGTH
    }
    if errors:
        return notes_page(notes(), values, errors), 400
    notes().append(Note(values["name"], values["text"]))
    await flash(f"Thank you, {values['name']}!")
    return redirect(url_for("notes.index"))


@bp.get("/log")
async def log() -> Response:
    return await stream_html(log_page(current_app.config["LOG_DELAY"]), chunk_size=0)


def create_app(config: Mapping[str, Any] | None = None) -> Quart:
    """The app: every ``<script>`` and ``<style>`` carries the request's nonce, which the
    Content-Security-Policy header names."""
    app = Quart(__name__)
    app.config.from_mapping(
        SECRET_KEY="dev",  # fine on 127.0.0.1; set a real one anywhere else
        HTMLTEMPLATES_CSP="default-src 'self'; script-src 'nonce-{nonce}'; "
        "style-src 'nonce-{nonce}'",
        LOG_DELAY=0.3,
    )
    app.config.from_mapping(config or {})
    HTMLTemplates(app)
    app.extensions["notes"] = []
    app.register_blueprint(bp)
    return app


app = create_app()

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Serve the example on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=5000)
    # Without the reloader. Quart's reloader serves from a child process, which the parent
    # starts again whenever it exits, and the parent handles no signal but SIGINT: a SIGTERM
    # kills the parent and leaves the child serving, and a parent started with SIGINT ignored
    # (a background job of a script) ignores it. One process stops on SIGINT and SIGTERM.
    try:
        app.run(host="127.0.0.1", port=parser.parse_args().port, use_reloader=False)
    except SystemExit as stop:
        if stop.code != 3:  # 3: stopped by a signal, Quart's word to its reloader
            raise
