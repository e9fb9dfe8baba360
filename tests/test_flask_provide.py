"""HTMLTemplates(app, provide=...): a Provider value per request, computed when first asked."""

from __future__ import annotations

from collections.abc import Iterator
from string.templatelib import Template

import flask
import pytest
from hostile import EVIL, EVIL_ESCAPED

from htmltemplates import Provider
from htmltemplates.integrations.flask import HTMLTemplates, stream_html, view

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


def test_a_view_returning_a_template_sees_the_request_s_value() -> None:
    loads: list[str] = []
    app = make_app(loads)

    @app.get("/")
    @view
    def index() -> Template:
        # rendered after the view returns: a `with current_user.using(...)` here would be over
        return t"<nav><{UserMenu} /></nav><main><{UserMenu} /></main>"

    client = app.test_client()
    assert (
        f'<nav><span class="user">{EVIL_ESCAPED}</span></nav>'
        f'<main><span class="user">{EVIL_ESCAPED}</span></main>'
    ) == client.get("/", query_string={"user": EVIL}).get_data(as_text=True)
    assert [f"load {EVIL}"] == loads  # asked twice, loaded once
    assert '<nav><a href="/login">Log in</a></nav><main><a href="/login">Log in</a></main>' == (
        client.get("/").get_data(as_text=True)
    )
    assert [f"load {EVIL}", "load None"] == loads
    assert current_user.get() is None  # reset after each request


def test_a_request_that_does_not_ask_does_not_load() -> None:
    loads: list[str] = []
    app = make_app(loads)

    @app.get("/about")
    def about() -> str:
        return "about"

    assert "about" == app.test_client().get("/about?user=ada").get_data(as_text=True)
    assert [] == loads


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


@pytest.mark.parametrize(
    "provide", [{"current_user": lambda: None}, {current_user: "not a function"}]
)
def test_provide_maps_providers_to_functions(provide: dict[object, object]) -> None:
    with pytest.raises(TypeError, match=r"provide=\.\.\.\) maps each Provider to a function"):
        HTMLTemplates(provide=provide)  # type: ignore[arg-type]
