"""Type-checked with ``mypy --strict tests/typing``, never run:
htmltemplates.integrations.quart against
Quart's route typing (Quart's decorators are Flask's, from flask.sansio).

A view returning a bare template needs ``@view`` under a type checker (the ignores below,
checked by warn_unused_ignores, prove it stays so). ``@view`` always gives a coroutine
function: a plain ``def`` view is run in a thread, as Quart runs one, and rendered on the loop.
"""

from collections.abc import Callable, Coroutine
from string.templatelib import Template
from typing import Any, assert_type

from markupsafe import Markup
from quart import Quart, redirect
from quart.typing import ResponseReturnValue
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response

from htmltemplates import TrustedResourceURL, html
from htmltemplates.integrations.quart import (
    HTMLTemplates,
    TemplateReturnValue,
    csrf_input,
    flashed_messages,
    request_nonce,
    static_url,
    view,
)

app = Quart(__name__)
extension = HTMLTemplates(app)
HTMLTemplates().init_app(Quart("factory"))
assert_type(extension, HTMLTemplates)


# html() returns Markup, a str: Quart's typing accepts it without any help.
@app.get("/markup")
async def markup() -> Markup:
    return html(t"<p>hi</p>")


# A bare Template under a route decorator is refused by Quart's types...
@app.get("/bare")  # type: ignore[type-var]
async def bare() -> Template:
    return t"<p>hi</p>"


# ...and accepted with @view, stacked under the route decorator in every tuple form.
@app.get("/page/<name>")
@view
async def page(name: str) -> Template:
    return t"<p>{name}</p>"


@app.post("/created")
@view
async def created() -> tuple[Template, int]:
    return t"<p>created</p>", 201


@app.route("/headers", methods=["GET", "POST"])
@view
def with_headers() -> tuple[Template, dict[str, str]]:
    return t"<p>hi</p>", {"X-Spam": "eggs"}


@app.get("/all")
@view
async def everything() -> tuple[Template, int, list[tuple[str, str]]]:
    return t"<p>hi</p>", 202, [("X-Spam", "eggs")]


@app.get("/maybe")
@view
async def template_or_redirect(go: bool = False) -> Template | Response:
    return redirect("/") if go else t"<p>stay</p>"


@app.get("/any")
@view
def any_form() -> TemplateReturnValue:
    return t"<p>hi</p>"


@app.post("/swap")
@view
async def fragments() -> list[Template]:
    return [t"<p>added</p>", t'<span id="count" hx-swap-oob="true">3</span>']


@app.post("/swap-created")
@view
async def fragments_created() -> tuple[list[Template], int]:
    return [t"<p>added</p>"], 201


# The call form, and error handlers.
def plain(item_id: int) -> Template:
    return t"<p>{item_id}</p>"


app.route("/items/<int:item_id>")(view(plain))
app.add_url_rule("/plain/<int:item_id>", view_func=view(plain))


@app.errorhandler(404)
@view
def not_found(error: NotFound) -> tuple[Template, int]:
    return t"<h1>Not found</h1><p>{error.description}</p>", 404


@app.errorhandler(500)
@view
async def server_error(error: Exception) -> tuple[Template, int]:
    return t"<h1>Server error</h1>", 500


# @view keeps the parameters; the result is a coroutine function, sync view or not.
rendered: Callable[[int], Coroutine[Any, Any, ResponseReturnValue]] = view(plain)


async def call_views() -> None:
    assert_type(await view(plain)(1), ResponseReturnValue)
    await view(plain)("1")  # type: ignore[arg-type]


async def asynchronous(name: str) -> Template:
    return t"<p>{name}</p>"


async_view: Callable[[str], Coroutine[Any, Any, ResponseReturnValue]] = view(asynchronous)


def not_a_view() -> bytes:
    return b""


view(not_a_view)  # bytes are a ResponseValue: fine
view(lambda: 42)  # type: ignore[arg-type,return-value]


async def async_int() -> int:
    return 42


view(async_int)  # type: ignore[arg-type]  # an int is no response, async or not


# The helpers.
assert_type(flashed_messages(), Template)
assert_type(flashed_messages(["error"]), Template)


# render=: any function taking the keywords category and message; the list of what it returns.
def Alert(*, category: str, message: str) -> Template:  # noqa: N802 - a component
    return t"<div class={category}>{message}</div>"


def alert(category: str, message: str) -> Template:  # positional or keyword: fits too
    return t"<div class={category}>{message}</div>"


def alert_markup(*, category: str, message: str | Markup) -> Markup:
    return html(t"<p class={category}>{message}</p>")


def no_category(*, message: str) -> Template:
    return t"<p>{message}</p>"


def counted(*, category: str, message: int) -> Template:
    return t"<p>{message}</p>"


assert_type(flashed_messages(render=Alert), list[Template])
assert_type(flashed_messages(["error"], render=alert), list[Template])
assert_type(flashed_messages(render=alert_markup), list[Markup])
assert_type(flashed_messages(render=lambda category, message: t"<p>{message}</p>"), list[Template])
flashed_messages(render=no_category)  # type: ignore[arg-type]
flashed_messages(render=counted)  # type: ignore[arg-type]
flashed_messages(render=t"<p></p>")  # type: ignore[arg-type]
assert_type(static_url("style.css"), TrustedResourceURL)
assert_type(static_url("style.css", _external=True), TrustedResourceURL)
assert_type(csrf_input(), Template)
assert_type(request_nonce(), str | None)
