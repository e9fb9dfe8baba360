"""What the Flask and Quart integrations share, one test body run with each framework's test
client (tests/support/flask_and_quart.py): the extension (bare templates in every return form,
signals, install) and ``@view``. The CSP nonces and ``provide=`` are in
test_integrations_shared_csp.py, the helpers in test_integrations_shared_helpers.py; what only
one framework has, in test_flask*.py and test_quart*.py.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from string.templatelib import Template
from typing import Any

import flask
import pytest
from flask_and_quart import FRAMEWORKS, HTML, Framework, run
from hostile import EVIL, EVIL_ESCAPED
from werkzeug.exceptions import NotFound

from htmltemplates import TemplateSyntaxError

pytestmark = pytest.mark.parametrize("fw", FRAMEWORKS)


# A view's return value in each form both frameworks accept, for a body made by `body()`: the
# expected status and the extra header. (Flask also takes a str status: test_flask.py.)
FORMS: list[Any] = [
    pytest.param(lambda body: body, 200, None, id="body"),
    pytest.param(lambda body: (body, 201), 201, None, id="body-status"),
    pytest.param(lambda body: (body, 203, {"X-Spam": "eggs"}), 203, "eggs", id="body-status-dict"),
    pytest.param(lambda body: (body, 206, [("X-Spam", "ham")]), 206, "ham", id="body-status-list"),
    pytest.param(lambda body: (body, {"X-Spam": "eggs"}), 200, "eggs", id="body-headers-dict"),
    pytest.param(lambda body: (body, [("X-Spam", "ham")]), 200, "ham", id="body-headers-list"),
]

Form = Callable[[object], object]


@pytest.fixture
def app(fw: Framework) -> Any:
    app = fw.make_app()
    fw.integration.HTMLTemplates(app)
    return app


# -- the extension: bare templates everywhere a response value goes ---------------------------


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_renders_a_template_in_every_return_form(
    fw: Framework, app: Any, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/<name>")
    @fw.view
    def hello(name: str) -> Any:
        return form(t"<h1>Hello, {name}!</h1>")

    @app.get("/sync/<name>")
    def hello_sync(name: str) -> Any:  # Quart runs it in a thread
        return form(t"<h1>Hi, {name}!</h1>")

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == fw.get(app, "/<script>")
    assert (status, HTML, spam, "<h1>Hi, &lt;b&gt;!</h1>") == fw.get(app, "/sync/<b>")


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_leaves_other_values_alone(
    fw: Framework, app: Any, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/")
    @fw.view
    def index() -> Any:
        return form("<p>a str is sent as is</p>")

    @app.get("/json")
    @fw.view
    def json() -> Any:
        return form({"spam": EVIL})

    page, data = fw.requests(app, "/", "/json")
    assert (status, HTML, spam, "<p>a str is sent as is</p>") == page.summary
    assert (status, "application/json", {"spam": EVIL}) == (
        data.status,
        data.content_type,
        flask.json.loads(data.body),
    )


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_renders_a_list_of_templates_in_every_return_form(
    fw: Framework, app: Any, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/<name>")
    @fw.view
    def swap(name: str) -> Any:
        return form([t"<p id=a>{name}</p>", t'<p id=b hx-swap-oob="true">{name}!</p>'])

    expected = '<p id=a>&lt;b&gt;</p><p id=b hx-swap-oob="true">&lt;b&gt;!</p>'
    assert (status, HTML, spam, expected) == fw.get(app, "/<b>")


def test_extension_list_of_templates_renders_each_as_nested(fw: Framework, app: Any) -> None:
    @app.get("/")
    @fw.view
    def swap() -> Any:
        return [t"<svg><g>{EVIL}", t"<p>{EVIL}</p>"]  # the first leaves an <svg> open

    error = fw.raised(app)
    assert isinstance(error, TemplateSyntaxError)
    assert "nested-end" == error.anchor


def test_extension_leaves_other_lists_to_the_framework(fw: Framework, app: Any) -> None:
    @app.get("/")
    @fw.view
    def mixed() -> Any:
        return [t"<p>x</p>", "<p>y</p>"]

    @app.get("/empty")
    @fw.view
    def empty() -> Any:
        return []

    (empty_list,) = fw.requests(app, "/empty")
    assert ("application/json", []) == (empty_list.content_type, flask.json.loads(empty_list.body))
    error = fw.raised(app)
    assert isinstance(error, TypeError)
    assert "not JSON serializable" in str(error)


def test_extension_sends_the_template_signals(fw: Framework, app: Any) -> None:
    sent: list[tuple[str, Template, dict[str, object]]] = []

    async def before(sender: Any, template: Template, context: dict[str, object]) -> None:
        # an async receiver: Flask runs it through app.ensure_sync, Quart awaits it
        assert sender is app
        sent.append(("before", template, context))

    def after(sender: Any, template: Template, context: dict[str, object]) -> None:
        # a plain receiver: Quart sends with send_async, running it through app.ensure_async
        assert sender is app
        sent.append(("after", template, context))

    name, count = "Ada", 3

    @app.get("/")
    @fw.view
    def index() -> Any:
        return t"<p>{name}</p>"

    @app.get("/swap")
    @fw.view
    def swap() -> Any:
        return [t"<p>{name}</p>", t"<b>{count}</b>"], 201

    @app.get("/faulty")
    @fw.view
    def faulty() -> Any:
        return t"<p {name}=x>"

    with (
        fw.web.before_render_template.connected_to(before, app),
        fw.web.template_rendered.connected_to(after, app),
    ):
        assert (200, HTML, None, "<p>Ada</p>") == fw.get(app)
        assert 201 == fw.get(app, "/swap")[0]
        assert isinstance(fw.raised(app, "/faulty"), TemplateSyntaxError)
    assert [
        ("before", "<p>", {"name": "Ada"}),
        ("after", "<p>", {"name": "Ada"}),
        ("before", "<p>", {"name": "Ada"}),
        ("before", "<b>", {"count": 3}),
        ("after", "<p>", {"name": "Ada"}),
        ("after", "<b>", {"count": 3}),
        ("before", "<p ", {"name": "Ada"}),  # the faulty one: before, and nothing after
    ] == [(signal, template.strings[0], context) for signal, template, context in sent]


def test_extension_refuses_an_app_of_another_framework(fw: Framework) -> None:
    class Starlette:  # has extensions, as a Flask or Quart app has
        def __init__(self) -> None:
            self.extensions: dict[str, object] = {}

    other = Starlette()
    with pytest.raises(TypeError) as caught:
        fw.integration.HTMLTemplates().init_app(other)
    assert (
        f"HTMLTemplates(app) takes a {fw.name.title()} app, not "
        "test_extension_refuses_an_app_of_another_framework.<locals>.Starlette. In another "
        "framework, return the Markup that html() returns from your views: it is a str, "
        "which they send as text/html."
    ) == str(caught.value)
    assert {} == other.extensions


def test_extension_state_lives_in_app_extensions(fw: Framework) -> None:
    app = fw.make_app()
    extension = fw.integration.HTMLTemplates(app)
    assert extension is app.extensions["htmltemplates"]


def test_extension_with_an_app_factory(fw: Framework) -> None:
    templates = fw.integration.HTMLTemplates()  # module level in a real app; no app bound to it
    apps = [fw.make_app(), fw.make_app()]
    for app in apps:
        templates.init_app(app)

        @app.get("/")
        @fw.view
        def index() -> Any:
            return t"<p>{fw.web.current_app.name}</p>"

    for app in apps:
        assert templates is app.extensions["htmltemplates"]
        assert (200, HTML, None, "<p>flask_and_quart</p>") == fw.get(app)


def test_extension_installed_twice_is_an_error(fw: Framework, app: Any) -> None:
    with pytest.raises(RuntimeError) as caught:
        fw.integration.HTMLTemplates(app)
    assert (
        "htmltemplates is already installed on the app 'flask_and_quart'; "
        "call HTMLTemplates(app) or init_app(app) once per app."
    ) == str(caught.value)


def test_extension_template_from_error_handlers(fw: Framework, app: Any) -> None:
    @app.get("/teapot")
    @fw.view
    def teapot() -> Any:
        fw.web.abort(418)

    @app.errorhandler(404)
    @fw.view
    def not_found(error: NotFound) -> Any:
        return t"<h1>Not found</h1><p>{fw.web.request.path}</p>", 404

    @app.errorhandler(418)
    @fw.view
    def teapot_error(error: Any) -> Any:
        return t"<h1>{error.name}</h1>", 418, {"X-Spam": "tea"}

    assert (404, HTML, None, "<h1>Not found</h1><p>/&lt;x&gt;</p>") == fw.get(app, "/<x>")
    assert (418, HTML, "tea", "<h1>I&#39;m a teapot</h1>") == fw.get(app, "/teapot")


def test_extension_template_from_before_request(fw: Framework, app: Any) -> None:
    @app.before_request
    @fw.view
    def closed() -> Any:
        if fw.web.request.path == "/closed":
            return t"<p>Closed for {EVIL}</p>", 503
        return None

    @app.get("/<path:path>")
    @fw.view
    def anything(path: str) -> Any:
        return t"<p>{path}</p>"

    assert (503, HTML, None, f"<p>Closed for {EVIL_ESCAPED}</p>") == fw.get(app, "/closed")
    assert (200, HTML, None, "<p>open</p>") == fw.get(app, "/open")


def test_extension_a_faulty_template_raises_in_the_request(fw: Framework, app: Any) -> None:
    @app.get("/")
    @fw.view
    def index() -> Any:
        return t"<p>{EVIL}</p"

    error = fw.raised(app)
    assert isinstance(error, TemplateSyntaxError)
    assert str(error).startswith("the template ends inside the end tag </p>")


def test_extension_a_faulty_template_is_a_500_outside_testing(fw: Framework, app: Any) -> None:
    app.testing = False

    @app.get("/")
    @fw.view
    def index() -> Any:
        return t"<p>{EVIL}</p"

    @app.errorhandler(500)
    @fw.view
    def server_error(error: Exception) -> Any:
        return t"<h1>Server error</h1>", 500

    assert (500, HTML, None, "<h1>Server error</h1>") == fw.get(app)


# -- @view: the same for one view, typed ----------------------------------------------------


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_view_renders_a_template_in_every_return_form(
    fw: Framework, form: Form, status: int, spam: str | None
) -> None:
    app = fw.make_app()

    @app.get("/<name>")
    @fw.integration.view
    async def hello(name: str) -> Any:
        await asyncio.sleep(0)
        return form(t"<h1>Hello, {name}!</h1>")

    @app.get("/sync/<name>")
    @fw.integration.view
    def hello_sync(name: str) -> Any:
        return form(t"<h1>Hi, {name}!</h1>")

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == fw.get(app, "/<script>")
    assert (status, HTML, spam, "<h1>Hi, &lt;b&gt;!</h1>") == fw.get(app, "/sync/<b>")


def test_view_passes_other_values_through(fw: Framework) -> None:
    app = fw.make_app()

    @app.get("/")
    @fw.integration.view
    def index() -> Any:
        if fw.web.request.args.get("go"):
            return fw.web.redirect("/elsewhere")
        return t"<p>stay</p>"

    @app.get("/async")
    @fw.integration.view
    async def index_async() -> Any:
        if fw.web.request.args.get("go"):
            return fw.web.redirect("/elsewhere")
        return t"<p>stay</p>"

    @app.get("/str")
    @fw.integration.view
    def plain_str() -> str:
        return "<p>a str</p>"

    stay, gone, stay_async, gone_async, text = fw.requests(
        app, "/", "/?go=1", "/async", "/async?go=1", "/str"
    )
    for page in (stay, stay_async):
        assert (200, HTML, None, "<p>stay</p>") == page.summary
    for redirect in (gone, gone_async):
        assert (302, "/elsewhere") == (redirect.status, redirect.headers["Location"])
    assert (200, HTML, None, "<p>a str</p>") == text.summary


def test_view_keeps_the_name_docstring_and_signature(fw: Framework) -> None:
    app = fw.make_app()

    @app.get("/items/<int:item_id>")
    @fw.integration.view
    def item(item_id: int) -> Template:
        """One item."""
        return t'<a href="{fw.web.url_for("item", item_id=item_id + 1)}">next</a>'

    async def show(page: int = 1) -> Template:
        """The index."""
        return t"<p>{page}</p>"

    assert ("item", "One item.") == (item.__name__, item.__doc__)
    assert (200, HTML, None, '<a href="/items/8">next</a>') == fw.get(app, "/items/7")
    rendering = fw.integration.view(show)
    assert inspect.iscoroutinefunction(rendering)  # an async view stays a coroutine function
    assert ("show", "The index.") == (rendering.__name__, rendering.__doc__)
    assert inspect.signature(show) == inspect.signature(rendering)
    assert "<p>2</p>" == run(rendering(2))


def test_view_in_the_call_form_and_add_url_rule(fw: Framework) -> None:
    app = fw.make_app()

    def show(word: str) -> tuple[Template, int]:
        return t"<b>{word}</b>", 201

    app.route("/a/<word>")(fw.integration.view(show))
    app.add_url_rule("/b/<word>", endpoint="b", view_func=fw.integration.view(show))

    assert (201, HTML, None, "<b>&lt;x&gt;</b>") == fw.get(app, "/a/<x>")
    assert (201, HTML, None, "<b>&lt;x&gt;</b>") == fw.get(app, "/b/<x>")


def test_view_on_error_handlers(fw: Framework) -> None:
    app = fw.make_app()

    @app.get("/")
    @fw.view
    def index() -> Any:
        raise KeyError(EVIL)

    @app.errorhandler(404)
    @fw.integration.view
    def not_found(error: NotFound) -> tuple[Template, int]:
        return t"<h1>Not found</h1><p>{fw.web.request.path}</p>", 404

    @app.errorhandler(KeyError)
    @fw.integration.view
    async def key_error(error: KeyError) -> tuple[Template, int]:
        return t"<p>No such key: {error.args[0]}</p>", 400

    assert (404, HTML, None, "<h1>Not found</h1><p>/&lt;x&gt;</p>") == fw.get(app, "/<x>")
    assert (400, HTML, None, f"<p>No such key: {EVIL_ESCAPED}</p>") == fw.get(app)


def test_view_and_extension_together(fw: Framework, app: Any) -> None:
    @app.get("/")
    @fw.integration.view
    def index() -> tuple[Template, int]:
        return t"<p>{EVIL}</p>", 201

    assert (201, HTML, None, f"<p>{EVIL_ESCAPED}</p>") == fw.get(app)


def test_view_error_names_the_views_definition(fw: Framework) -> None:
    app = fw.make_app()

    @app.get("/")
    @fw.integration.view
    def index() -> Template:
        order = {"id": 7}
        return t"<p>Order {order}</p>"

    defined = index.__wrapped__.__code__.co_firstlineno
    error = fw.raised(app)
    assert f"\n  test_integrations_shared.py, line {defined}\n" in str(error)
    assert str(error).startswith("a dict where text is expected: {'id': 7}\n")
