"""HTMLTemplates(app, provide=...): a Provider value per request, computed when first asked."""

from __future__ import annotations

from collections.abc import Iterator
from string.templatelib import Template

import flask

from htmltemplates import Provider
from htmltemplates.integrations.flask import HTMLTemplates, stream_html

current_user: Provider[str | None] = Provider("current_user", default=None)


def UserMenu() -> Template:  # noqa: N802 - a component
    user = current_user.get()
    if user is None:
        return t'<a href="/login">Log in</a>'
    return t'<span class="user">{user}</span>'


def make_app(loads: list[str]) -> flask.Flask:
    app = flask.Flask(__name__)
    app.config.update(TESTING=True)

    def load_user() -> str | None:
        name = flask.request.args.get("user")
        loads.append(f"load {name}")
        return name

    HTMLTemplates(app, provide={current_user: load_user})
    return app


def test_a_streamed_page_sees_the_value_in_every_chunk() -> None:
    loads: list[str] = []
    app = make_app(loads)

    def rows() -> Iterator[Template]:
        for n in range(2):
            yield t"<li>{n} <{UserMenu} /></li>"

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(t"<ul>{rows()}</ul>", chunk_size=0)

    response = app.test_client().get("/?user=ada")
    assert [
        b"<ul>",
        b"<li>0 ",  # a component tag is a cut point
        b'<span class="user">ada</span></li>',
        b"<li>1 ",
        b'<span class="user">ada</span></li>',
        b"</ul>",
    ] == list(response.response)
    assert ["load ada"] == loads
