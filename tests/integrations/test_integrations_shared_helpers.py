"""``flashed_messages()``, ``static_url()`` and ``csrf_input()`` of the Flask and Quart
integrations: one test body run with each framework's test client
(tests/support/flask_and_quart.py).
"""

from __future__ import annotations

import sys
from string.templatelib import Template
from types import ModuleType
from typing import Any

import pytest
from flask_and_quart import FRAMEWORKS, Framework
from hostile import SCRIPT, SCRIPT_ESCAPED
from markupsafe import Markup

from htmltemplates import html

pytestmark = pytest.mark.parametrize("fw", FRAMEWORKS)


# -- helpers --------------------------------------------------------------------------------


def flash_app(fw: Framework) -> Any:
    app = fw.make_app()
    flashed_messages = fw.integration.flashed_messages

    @app.post("/flash")
    async def flash() -> Any:  # async in both: Quart's flash() is a coroutine function
        for category, message in (await fw.form()).items(multi=True):
            if category == "plain":
                await fw.flash(message)
            elif category == "markup":
                await fw.flash(Markup(message), "info")
            else:
                await fw.flash(message, category)
        return "flashed"

    @app.get("/")
    @fw.integration.view
    def index() -> Template:
        only = fw.web.request.args.getlist("only")
        return t"<main>{flashed_messages(only)}</main>"

    @app.get("/alerts")
    @fw.integration.view
    def alerts() -> Template:
        items = flashed_messages(fw.web.request.args.getlist("only"), render=Alert)
        return t"<main>{items and t'<div class=toasts>{items}</div>'}</main>"

    return app


def Alert(*, category: str, message: str) -> Template:  # noqa: N802 - a component
    """A component of the kind apps write for their flashes (Bootstrap's alerts)."""
    return t'<p class="alert alert-{category}" role=alert>{message}</p>'


def flashes(fw: Framework, form: list[tuple[str, str]], *urls: str) -> list[str]:
    """The pages at ``urls`` after flashing the messages of ``form``, in one session."""
    flashed, *pages = fw.requests(flash_app(fw), ("/flash", form), *urls)
    assert "flashed" == flashed.body
    return [page.body for page in pages]


def test_flashed_messages_with_their_categories_as_classes(fw: Framework) -> None:
    assert [
        '<main><ul class="flashes"><li class="message">Saved.</li>'
        f'<li class="error">{SCRIPT_ESCAPED}</li>'
        '<li class="info"><b>bold</b></li></ul></main>',
        "<main></main>",  # consumed
    ] == flashes(fw, [("plain", "Saved."), ("error", SCRIPT), ("markup", "<b>bold</b>")], "/", "/")


def test_flashed_messages_category_filter(fw: Framework) -> None:
    assert [
        '<main><ul class="flashes"><li class="error">Bad.</li><li class="error">Ugly.</li></ul>'
        "</main>"
    ] == flashes(fw, [("error", "Bad."), ("success", "Good."), ("error", "Ugly.")], "/?only=error")


def test_flashed_messages_hostile_category_stays_in_the_class(fw: Framework) -> None:
    assert [
        '<main><ul class="flashes"><li class="x&#34; onclick=&#34;alert(1)">Hi</li></ul></main>'
    ] == flashes(fw, [('x" onclick="alert(1)', "Hi")], "/")


def test_flashed_messages_none_renders_nothing(fw: Framework) -> None:
    async def render() -> str:
        return html(t"<p>{fw.integration.flashed_messages()}</p>")

    assert "<p></p>" == fw.in_request(fw.make_app(), render)


def test_flashed_messages_rendered_by_the_apps_component(fw: Framework) -> None:
    assert [
        "<main><div class=toasts>"
        '<p class="alert alert-message" role=alert>Saved.</p>'
        f'<p class="alert alert-x&#34; onclick=&#34;alert(1)" role=alert>{SCRIPT_ESCAPED}</p>'
        '<p class="alert alert-info" role=alert><b>bold</b></p>'
        "</div></main>",
        "<main></main>",  # consumed
    ] == flashes(
        fw,
        [("plain", "Saved."), ('x" onclick="alert(1)', SCRIPT), ("markup", "<b>bold</b>")],
        "/alerts",
        "/alerts",
    )


def test_flashed_messages_rendered_with_a_category_filter(fw: Framework) -> None:
    assert [
        '<main><div class=toasts><p class="alert alert-error" role=alert>Bad.</p>'
        '<p class="alert alert-error" role=alert>Ugly.</p></div></main>',
        "<main></main>",  # the filter took the others out of the session too
    ] == flashes(
        fw,
        [("error", "Bad."), ("success", "Good."), ("error", "Ugly.")],
        "/alerts?only=error",
        "/alerts",
    )


def test_flashed_messages_render_returns_a_list_of_what_it_returned(fw: Framework) -> None:
    calls: list[tuple[str, str]] = []

    def remember(category: str, message: str) -> str:  # positional or keyword: fits too
        calls.append((category, message))
        return f"[{category}: {message}]"

    async def nothing_flashed() -> list[str]:
        return fw.integration.flashed_messages(render=remember)

    async def two_flashed() -> list[str]:
        await fw.flash("one")
        await fw.flash("<two>", "error")
        return fw.integration.flashed_messages(render=remember)

    app = fw.make_app()
    assert [] == fw.in_request(app, nothing_flashed)  # an empty list
    assert ["[message: one]", "[error: <two>]"] == fw.in_request(app, two_flashed)
    assert [("message", "one"), ("error", "<two>")] == calls


def test_static_url(fw: Framework) -> None:
    static_url = fw.integration.static_url

    async def urls() -> list[str]:
        return [
            static_url("css/site.css"),
            static_url("a b.css", v=3),
            static_url("x.js", _external=True),
            html(t'<link rel="stylesheet" href={static_url("site.css", v="<b>")}>'),
            html(t"<script src={static_url('app.js')} defer></script>"),
        ]

    assert [
        "/static/css/site.css",
        "/static/a%20b.css?v=3",
        "http://localhost/static/x.js",
        '<link rel="stylesheet" href="/static/site.css?v=%3Cb%3E">',
        '<script src="/static/app.js" defer></script>',
    ] == fw.in_request(fw.make_app(), urls)


def test_csrf_input_without_its_wtforms_extension(
    fw: Framework, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the flask extra installs Flask-WTF, the quart extra no Quart-WTF: an app without it is
    # one where its import fails
    package, project = fw.wtf
    monkeypatch.setitem(sys.modules, package, None)
    monkeypatch.setitem(sys.modules, f"{package}.csrf", None)

    async def render() -> Template:
        return fw.integration.csrf_input()

    with pytest.raises(ImportError) as caught:
        fw.in_request(fw.make_app(), render)
    message = f"csrf_input() needs {project}, which is not installed (pip install {project})."
    assert message == str(caught.value)
    assert package == caught.value.name


@pytest.mark.parametrize(
    ("config", "name"),
    [
        pytest.param({}, "csrf_token", id="default-name"),
        pytest.param({"WTF_CSRF_FIELD_NAME": "_csrf"}, "_csrf", id="configured-name"),
    ],
)
def test_csrf_input_with_its_wtforms_extension(
    fw: Framework, monkeypatch: pytest.MonkeyPatch, config: dict[str, str], name: str
) -> None:
    # generate_csrf() is stood in for (Quart-WTF is not a dependency, and the module of its
    # later sources is tested in test_quart.py)
    package, _project = fw.wtf
    fake = ModuleType(f"{package}.csrf")
    fake.generate_csrf = lambda: 'token"<&>'  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, package, ModuleType(package))
    monkeypatch.setitem(sys.modules, f"{package}.csrf", fake)

    async def render() -> str:
        return html(t"<form>{fw.integration.csrf_input()}</form>")

    assert (
        f'<form><input type="hidden" name="{name}" value="token&#34;&lt;&amp;&gt;"></form>'
        == fw.in_request(fw.make_app(**config), render)
    )
