"""A small tea shop in FastAPI, its pages written as t-strings with htmltemplates.

Run it with ``make demo-fastapi``, or ``.venv/bin/uvicorn examples.fastapi_app:app`` from the
repository's root (the ``fastapi`` extra installs uvicorn, and python-multipart for ``Form()``),
and open http://127.0.0.1:8000 (http://127.0.0.1:8000/docs for the OpenAPI page: the HTML
routes answer ``text/html``). Its pages:

- ``GET /``: the teas, each with its stock, which an async component looks up; the look-ups
  of all the teas run at the same time. The path operation returns a bare ``Template``:
  ``TemplateRoute`` renders it with ``html_async``.
- ``GET /catalogue``: a long table sent row by row as an async generator yields them
  (``StreamingTemplateResponse``), from a "database" opened by a dependency with ``yield``,
  which stays open until the last row is sent.
- ``GET /reviews`` and ``POST /reviews``: a form read with ``Form()``; a valid review is
  stored and the browser is sent back to the list, an invalid one shows the form again with
  what was typed and why it was refused (status 400).
- ``GET /api/teas``: JSON, as FastAPI makes it: the route class leaves it alone.

``CSPMiddleware`` gives every request a nonce and sends a strict Content-Security-Policy. The
catalogue holds hostile names on purpose.
"""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from string.templatelib import Template
from typing import Annotated

from fastapi import Depends, FastAPI, Form, Response
from fastapi.responses import RedirectResponse

from htmltemplates.integrations.fastapi import (
    CSPMiddleware,
    StreamingTemplateResponse,
    TemplateRoute,
)

POLICY = "default-src 'self'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'"


@dataclass(frozen=True, slots=True)
class Tea:
    id: int
    name: str
    origin: str


TEAS = [
    Tea(1, "Darjeeling", "India"),
    Tea(2, "Lapsang <souchong>", "China"),
    Tea(3, "<script>alert('pwned')</script>", '" onmouseover="alert(1)'),
]


@dataclass(slots=True)
class Review:
    name: str
    text: str
    errors: dict[str, str] = field(default_factory=dict)


# -- data: what a real app would ask a database or another service -----------------------------


class Database:
    """A stand-in for a database session: open while the request is handled."""

    def __init__(self) -> None:
        self.open = True

    async def teas(self, count: int = 200) -> AsyncIterator[Tea]:
        for n in range(count):
            if not self.open:
                raise RuntimeError("the database session was closed before the last row")
            await asyncio.sleep(0)  # a row from a cursor
            tea = TEAS[n % len(TEAS)]
            yield Tea(n + 1, tea.name, tea.origin)


async def database() -> AsyncIterator[Database]:
    session = Database()
    try:
        yield session
    finally:
        session.open = False


async def stock_of(tea: Tea) -> int:
    await asyncio.sleep(0.05)  # a request to the warehouse
    return {1: 12, 2: 0}.get(tea.id, 3)


# -- components --------------------------------------------------------------------------------


def layout(title: str, body: Template) -> Template:
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title} · Tea shop</title>
  <style>.sold-out {{ color: firebrick }}</style>
</head>
<body>
  <nav>
    <a href="/">Teas</a> · <a href="/catalogue">Catalogue</a> · <a href="/reviews">Reviews</a>
  </nav>
  <h1>{title}</h1>
  {body}
  <footer id="footer"></footer>
  <script>document.getElementById("footer").textContent = "Rendered by htmltemplates";</script>
</body>
</html>
"""


async def stock_badge(tea: Tea) -> Template:
    """An async component: it awaits its data, and html_async() runs it alongside the others."""
    stock = await stock_of(tea)
    if stock == 0:
        return t'<span class="sold-out">sold out</span>'
    return t"<span>{stock} in stock</span>"


def tea_card(tea: Tea) -> Template:
    return t'<li class="tea"><strong>{tea.name}</strong> from {tea.origin}: {stock_badge(tea)}</li>'


async def catalogue_rows(db: Database) -> AsyncIterator[Template]:
    async for tea in db.teas():
        yield t"<tr><td>{tea.id}</td><td>{tea.name}</td><td>{tea.origin}</td></tr>"


def field_error(errors: dict[str, str], name: str) -> Template | None:
    if name not in errors:
        return None
    return t'<p class="error">{errors[name]}</p>'


def review_form(review: Review) -> Template:
    errors = review.errors
    return t"""<form method="post" action="/reviews">
  <label>Name <input name="name" value={review.name} required></label>
  {field_error(errors, "name")}
  <label>Review <textarea name="text" required>{review.text}</textarea></label>
  {field_error(errors, "text")}
  <button>Send</button>
</form>"""


def reviews_page(reviews: list[Review], form: Review) -> Template:
    items = [t"<li><strong>{r.name}</strong>: {r.text}</li>" for r in reviews]
    return layout("Reviews", t'<ul id="reviews">{items}</ul>{review_form(form)}')


# -- path operations ---------------------------------------------------------------------------


def create_app() -> FastAPI:
    app = FastAPI(title="Tea shop")
    app.router.route_class = TemplateRoute  # before the routes: -> Template sends HTML
    app.add_middleware(CSPMiddleware, policy=POLICY)
    stored: list[Review] = []

    @app.get("/")
    async def home() -> Template:
        cards = [tea_card(tea) for tea in TEAS]
        return layout("Teas", t'<ul id="teas">{cards}</ul>')

    @app.get("/catalogue", response_class=StreamingTemplateResponse)
    async def catalogue(db: Annotated[Database, Depends(database)]) -> StreamingTemplateResponse:
        rows = catalogue_rows(db)
        table = t"<table><tr><th>#</th><th>Tea</th><th>Origin</th></tr>{rows}</table>"
        return StreamingTemplateResponse(layout("Catalogue", table))

    @app.get("/reviews")
    async def reviews() -> Template:
        return reviews_page(stored, Review("", ""))

    @app.post("/reviews")
    async def add_review(
        response: Response,
        name: Annotated[str, Form()] = "",
        text: Annotated[str, Form()] = "",
    ) -> Template | RedirectResponse:
        review = Review(name.strip(), text.strip())
        if not review.name:
            review.errors["name"] = "Please give your name."
        if not review.text:
            review.errors["text"] = "Please write a review."
        if review.errors:
            response.status_code = 400
            return reviews_page(stored, review)
        stored.append(review)
        return RedirectResponse("/reviews", status_code=303)

    @app.get("/api/teas")
    async def teas() -> list[dict[str, str | int]]:
        return [{"id": tea.id, "name": tea.name, "origin": tea.origin} for tea in TEAS]

    return app


app = create_app()
