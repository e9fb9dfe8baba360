"""A small tea shop in Starlette, its pages written as t-strings with htmltemplates.

Run it with ``make demo-starlette``, or ``.venv/bin/uvicorn examples.starlette_app:app`` from
the repository's root (the ``starlette`` extra installs uvicorn, and python-multipart for the
form), and open http://127.0.0.1:8000. Its pages:

- ``GET /``: the teas, each with its stock, which an async component looks up; the look-ups
  of all the teas run at the same time (``TemplateResponse`` renders with ``html_async``).
- ``GET /catalogue``: a long table sent row by row as an async generator yields them
  (``StreamingTemplateResponse``).
- ``GET /reviews`` and ``POST /reviews``: a form; a valid review is stored and the browser is
  sent back to the list, an invalid one shows the form again with what was typed and why it
  was refused (status 400).

``CSPMiddleware`` gives every request a nonce and sends a strict Content-Security-Policy: the
one inline script of the layout runs, a script smuggled in by a visitor would not (nor does
it get that far: the values are escaped). The catalogue holds hostile names on purpose.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from string.templatelib import Template

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from htmltemplates.integrations.starlette import (
    CSPMiddleware,
    StreamingTemplateResponse,
    TemplateResponse,
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


# -- data: what a real app would ask a database or another service -------------------------------


async def stock_of(tea: Tea) -> int:
    await asyncio.sleep(0.05)  # a request to the warehouse
    return {1: 12, 2: 0}.get(tea.id, 3)


async def catalogue(count: int = 200) -> AsyncIterator[Tea]:
    for n in range(count):
        await asyncio.sleep(0)  # a row from a database cursor
        tea = TEAS[n % len(TEAS)]
        yield Tea(n + 1, tea.name, tea.origin)


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


async def catalogue_rows() -> AsyncIterator[Template]:
    async for tea in catalogue():
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


# -- endpoints ---------------------------------------------------------------------------------


async def home(request: Request) -> Response:
    cards = [tea_card(tea) for tea in TEAS]
    return TemplateResponse(layout("Teas", t'<ul id="teas">{cards}</ul>'))


async def catalogue_page(request: Request) -> Response:
    table = t"<table><tr><th>#</th><th>Tea</th><th>Origin</th></tr>{catalogue_rows()}</table>"
    return StreamingTemplateResponse(layout("Catalogue", table))


async def reviews(request: Request) -> Response:
    stored: list[Review] = request.app.state.reviews
    if request.method == "GET":
        return TemplateResponse(reviews_page(stored, Review("", "")))
    form = await request.form()
    review = Review(str(form.get("name", "")).strip(), str(form.get("text", "")).strip())
    if not review.name:
        review.errors["name"] = "Please give your name."
    if not review.text:
        review.errors["text"] = "Please write a review."
    if review.errors:
        return TemplateResponse(reviews_page(stored, review), status_code=400)
    stored.append(review)
    return RedirectResponse("/reviews", status_code=303)


def create_app() -> Starlette:
    app = Starlette(
        routes=[
            Route("/", home),
            Route("/catalogue", catalogue_page),
            Route("/reviews", reviews, methods=["GET", "POST"]),
        ],
        middleware=[Middleware(CSPMiddleware, policy=POLICY)],
    )
    app.state.reviews = []
    return app


app = create_app()
