"""htmltemplates.integrations.django with Django's test client and RequestFactory: responses, @view,
streamed pages, CSP nonces, the helpers, forms, and the template backend."""

from __future__ import annotations

import asyncio
import inspect
import re
import sys
from collections.abc import AsyncIterator, Generator, Iterator
from string.templatelib import Template
from types import ModuleType
from typing import Any

import pytest
from django import forms
from django.contrib import messages as django_messages
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist, engines
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.test import AsyncClient, Client, RequestFactory, override_settings
from django.urls import path
from django.utils.csp import CSP
from django.utils.decorators import method_decorator
from django.utils.safestring import SafeString, mark_safe
from django.views import View
from django.views.generic import TemplateView
from django_settings import use
from hostile import EVIL, EVIL_ESCAPED, SCRIPT, SCRIPT_ESCAPED

from htmltemplates import CSP_NONCE, RenderError, TemplateSyntaxError, html
from htmltemplates.integrations.django import (
    HTMLTemplatesMiddleware,
    TemplateReturnValue,
    csrf_input,
    messages,
    render_html,
    render_html_async,
    request_nonce,
    static,
    stream_html,
    stream_html_async,
    view,
)
from htmltemplates.integrations.django_backend import HTMLTemplates

HTML = "text/html; charset=utf-8"
CSP_MIDDLEWARE = "django.middleware.csp.ContentSecurityPolicyMiddleware"
OUR_MIDDLEWARE = "htmltemplates.integrations.django.HTMLTemplatesMiddleware"
POLICY = {"default-src": [CSP.SELF], "script-src": [CSP.SELF, CSP.NONCE]}
TEMPLATES = [
    {"BACKEND": "htmltemplates.integrations.django_backend.HTMLTemplates"},
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "OPTIONS": {
            "loaders": [("django.template.loaders.locmem.Loader", {"plain.html": "<p>{{ x }}</p>"})]
        },
    },
]


@pytest.fixture(scope="module", autouse=True)
def django_settings() -> Iterator[None]:
    with use(ROOT_URLCONF=__name__, TEMPLATES=TEMPLATES):
        yield


factory = RequestFactory()


def nonce_of(response: HttpResponseBase) -> str:
    """The nonce Django's CSP middleware named in the response's policy header."""
    match = re.fullmatch(
        r"default-src 'self'; script-src 'self' 'nonce-([\w-]+)'",
        response.headers["Content-Security-Policy"],
    )
    assert match is not None, response.headers["Content-Security-Policy"]
    return match[1]


# -- render_html() and what a view returns without it -----------------------------------------


def hello(request: HttpRequest, name: str) -> HttpResponse:
    return render_html(request, t"<h1>Hello, {name}!</h1>")


def test_render_html_is_an_html_response_with_the_values_escaped() -> None:
    response = Client().get(f"/hello/{EVIL}")
    assert (response.status_code, response["Content-Type"]) == (200, HTML)
    assert f"<h1>Hello, {EVIL_ESCAPED}!</h1>" == response.content.decode()


def test_render_html_takes_status_headers_and_content_type() -> None:
    request = factory.get("/")
    response = render_html(request, t"<p>{EVIL}</p>", status=404, headers={"X-Spam": "eggs"})
    assert (404, HTML, "eggs") == (
        response.status_code,
        response["Content-Type"],
        response["X-Spam"],
    )
    assert f"<p>{EVIL_ESCAPED}</p>".encode() == response.content
    svg = render_html(request, t"<svg><title>{EVIL}</title></svg>", content_type="image/svg+xml")
    assert svg["Content-Type"] == "image/svg+xml"
    with pytest.raises(TypeError, match="not a str"):
        render_html(request, "<p>f-string</p>")  # type: ignore[arg-type]


def test_a_template_given_to_httpresponse_without_html_is_written_raw() -> None:
    # What the docs warn about: Django iterates the Template and writes each part with str().
    response = HttpResponse(t"<p>{SCRIPT}</p>")
    assert SCRIPT.encode() in response.content
    assert f"<p>{SCRIPT_ESCAPED}</p>".encode() == HttpResponse(html(t"<p>{SCRIPT}</p>")).content


# -- @view ------------------------------------------------------------------------------------

FORMS: list[Any] = [
    pytest.param(lambda body: body, 200, None, id="body"),
    pytest.param(lambda body: (body, 201), 201, None, id="body-status"),
    pytest.param(lambda body: (body, {"X-Spam": "eggs"}), 200, "eggs", id="body-headers"),
    pytest.param(lambda body: (body, 203, {"X-Spam": "ham"}), 203, "ham", id="body-all"),
]


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_view_renders_a_template_in_each_form(form: Any, status: int, spam: str | None) -> None:
    @view
    def page(request: HttpRequest) -> TemplateReturnValue:
        return form(t"<p>{request.GET['q']}</p>")  # type: ignore[no-any-return]

    response = page(factory.get("/", {"q": EVIL}))
    assert isinstance(response, HttpResponse)
    assert (status, HTML, spam) == (
        response.status_code,
        response["Content-Type"],
        response.headers.get("X-Spam"),
    )
    assert f"<p>{EVIL_ESCAPED}</p>".encode() == response.content


@view
def search(request: HttpRequest) -> Template | HttpResponseBase:
    query = request.GET.get("q", "")
    if not query:
        return redirect("/")
    return t"<p>No results for <q>{query}</q>.</p>"


@view
def basket(request: HttpRequest) -> list[Template]:
    return [t"<p>Added.</p>", t'<span id="count" hx-swap-oob="true">{3}</span>']


def test_view_passes_responses_through_and_sends_a_list_as_fragments() -> None:
    client = Client()
    response = client.get("/search")
    assert isinstance(response, HttpResponseRedirect)
    assert response.url == "/"
    assert b"<p>No results for <q>&lt;b&gt;</q>.</p>" == client.get("/search?q=<b>").content
    assert (
        b'<p>Added.</p><span id="count" hx-swap-oob="true">3</span>'
        == client.post("/basket").content
    )


def test_view_refuses_a_tuple_it_cannot_read() -> None:
    @view
    def page(request: HttpRequest) -> TemplateReturnValue:
        return t"<p>x</p>", "201 Created"  # type: ignore[return-value]

    with pytest.raises(TypeError, match=r"\(template, status\), \(template, headers\)"):
        page(factory.get("/"))


@view
async def async_page(request: HttpRequest) -> tuple[Template, int]:
    await asyncio.sleep(0)
    return t"<p>{request.GET['q']}</p>", 202


def test_view_keeps_an_async_view_async() -> None:
    assert inspect.iscoroutinefunction(async_page)
    assert async_page.__name__ == "async_page"
    response = Client().get("/async", {"q": EVIL})
    assert (202, f"<p>{EVIL_ESCAPED}</p>".encode()) == (response.status_code, response.content)
    answer = asyncio.run(AsyncClient().get("/async", {"q": EVIL}))
    assert (202, f"<p>{EVIL_ESCAPED}</p>".encode()) == (answer.status_code, answer.content)


class Greeting(View):
    @method_decorator(view)
    def get(self, request: HttpRequest, name: str) -> Template:
        return t"<p>Hi {name}</p>"


def test_view_works_on_a_class_based_view_through_method_decorator() -> None:
    assert b"<p>Hi &lt;b&gt;</p>" == Client().get("/greet/<b>").content


def test_an_error_in_a_template_view_returned_names_the_view() -> None:
    @view
    def broken(request: HttpRequest) -> Template:
        return t"<p {EVIL}>x</p>"

    line = inspect.getsourcelines(broken)[1]
    with pytest.raises(RenderError) as caught:
        broken(factory.get("/"))
    assert f"  test_django.py, line {line}\n" in str(caught.value)


# -- stream_html() ----------------------------------------------------------------------------

closed: list[str] = []


def rows(*names: str) -> Generator[Template]:
    try:
        for name in names:
            yield t"<li>{name}</li>"
    finally:
        closed.append("rows")


def products(request: HttpRequest) -> HttpResponseBase:
    return stream_html(
        request,
        t"<h1>{request.GET.get('title', 'Products')}</h1><ul>{rows('a', EVIL)}</ul>",
        chunk_size=0,
        headers={"X-Accel-Buffering": "no"},
    )


def test_stream_html_sends_the_page_in_chunks() -> None:
    response = Client().get("/products")
    assert (response.status_code, response["Content-Type"]) == (200, HTML)
    assert response["X-Accel-Buffering"] == "no"
    assert "Content-Length" not in response
    assert [
        b"<h1>Products</h1><ul>",
        b"<li>a</li>",
        f"<li>{EVIL_ESCAPED}</li>".encode(),
        b"</ul>",
    ] == list(response)


def test_stream_html_raises_an_error_before_the_first_item_in_the_view() -> None:
    with pytest.raises(RenderError, match="a dict where text is expected"):
        stream_html(factory.get("/"), t"<h1>{ {'a': 1} }</h1><ul>{rows('a')}</ul>")


def test_closing_a_streamed_response_closes_the_generators_it_reads() -> None:
    closed.clear()
    response = stream_html(factory.get("/"), t"<ul>{rows('a', 'b', 'c')}</ul>", chunk_size=0)
    iterator = iter(response)
    assert (b"<ul>", b"<li>a</li>") == (next(iterator), next(iterator))
    assert [] == closed
    response.close()  # what Django's handler does when the client goes away
    assert ["rows"] == closed
    generator = rows("a")
    response = stream_html(factory.get("/"), t"<ul>{generator}</ul>", chunk_size=0)
    assert inspect.getgeneratorstate(generator) == "GEN_CREATED"
    response.close()  # never read (a HEAD request): the generator is closed all the same
    assert inspect.getgeneratorstate(generator) == "GEN_CLOSED"


def test_an_error_after_the_first_chunk_names_the_line_that_streamed() -> None:
    def failing() -> Iterator[object]:
        yield t"<li>ok</li>"
        yield {"a": 1}

    response = stream_html(factory.get("/"), t"<ul>{failing()}</ul>", chunk_size=0)
    line = sys._getframe().f_lineno - 1
    iterator = iter(response)
    assert (b"<ul>", b"<li>ok</li>") == (next(iterator), next(iterator))
    with pytest.raises(RenderError) as caught:
        next(iterator)
    assert f"  test_django.py, line {line}\n" in str(caught.value)


# -- Content-Security-Policy nonces -----------------------------------------------------------


def scripted(request: HttpRequest) -> HttpResponse:
    return HttpResponse(html(t"<script>start({request.GET.get('q', '')})</script>"))


def plain(request: HttpRequest) -> HttpResponse:
    return HttpResponse(html(t"<p>No script.</p>"))


def Done() -> Template:  # noqa: N802 - a component written as a tag
    return t"<script>done()</script>"


def streamed_script(request: HttpRequest) -> HttpResponseBase:
    # the only <script> is rendered after the rows, by a component tag (the stream defers it):
    # the nonce must be chosen before the first chunk leaves
    return stream_html(request, t"<ul>{rows('a')}</ul><{Done} />")


@override_settings(MIDDLEWARE=[CSP_MIDDLEWARE, OUR_MIDDLEWARE], SECURE_CSP=POLICY)
def test_the_middleware_writes_djangos_nonce_on_every_script() -> None:
    client = Client()
    response = client.get("/scripted", {"q": "x"})
    nonce = nonce_of(response)
    assert len(nonce) == 22  # secrets.token_urlsafe(16)
    assert f'<script nonce="{nonce}">start( "x" )</script>'.encode() == response.content
    assert nonce_of(client.get("/scripted")) != nonce  # one per request
    assert CSP_NONCE.get() is None  # reset after the response


@override_settings(MIDDLEWARE=[OUR_MIDDLEWARE, CSP_MIDDLEWARE], SECURE_CSP=POLICY)
def test_the_middleware_may_stand_before_djangos() -> None:
    response = Client().get("/scripted")
    assert f'<script nonce="{nonce_of(response)}">start( "" )</script>'.encode() == (
        response.content
    )
    # a page without a script leaves the nonce unused, and Django's policy does not name it
    response = Client().get("/plain")
    assert response.headers["Content-Security-Policy"] == "default-src 'self'; script-src 'self'"


@override_settings(MIDDLEWARE=[CSP_MIDDLEWARE, OUR_MIDDLEWARE], SECURE_CSP=POLICY)
def test_a_streamed_page_gets_a_nonce_its_policy_names() -> None:
    response = Client().get("/streamed-script")
    nonce = nonce_of(response)
    assert (
        f'<ul><li>a</li></ul><script nonce="{nonce}">done()</script>'.encode()
        == response.getvalue()
    )
    assert CSP_NONCE.get() is None


@override_settings(MIDDLEWARE=[CSP_MIDDLEWARE], SECURE_CSP=POLICY)
def test_without_the_middleware_only_the_helpers_that_take_the_request_write_it() -> None:
    client = Client()
    response = client.get("/scripted")  # html() alone: no nonce
    assert response.headers["Content-Security-Policy"] == "default-src 'self'; script-src 'self'"
    assert b'<script>start( "" )</script>' == response.content
    response = client.get("/rendered-script")
    assert f'<script nonce="{nonce_of(response)}">go()</script>'.encode() == response.content
    response = client.get("/streamed-script")
    assert f'<script nonce="{nonce_of(response)}">done()</script>'.encode() in (response.getvalue())


@view
async def async_script(request: HttpRequest) -> Template:
    await asyncio.sleep(0)
    return t"<script>go()</script>"


@override_settings(MIDDLEWARE=[CSP_MIDDLEWARE, OUR_MIDDLEWARE], SECURE_CSP=POLICY)
def test_the_middleware_works_in_an_async_stack() -> None:
    middleware = HTMLTemplatesMiddleware(async_script)
    assert inspect.iscoroutinefunction(middleware)
    response = asyncio.run(AsyncClient().get("/async-script"))
    assert f'<script nonce="{nonce_of(response)}">go()</script>'.encode() == response.content
    response = asyncio.run(AsyncClient().get("/scripted"))  # a sync view in an async stack
    assert f'<script nonce="{nonce_of(response)}">start( "" )</script>'.encode() == (
        response.content
    )


def test_request_nonce_reads_django_csp_when_django_has_none() -> None:
    request = factory.get("/")
    assert request_nonce(request) is None
    request.csp_nonce = "fr0m-dj4ng0-csp"  # type: ignore[attr-defined]
    assert request_nonce(request) == "fr0m-dj4ng0-csp"
    middleware = HTMLTemplatesMiddleware(lambda request: HttpResponse(html(t"<style></style>")))
    assert b'<style nonce="fr0m-dj4ng0-csp"></style>' == middleware(request).content
    assert CSP_NONCE.get() is None


# -- helpers ----------------------------------------------------------------------------------


@view
def order_form(request: HttpRequest) -> Template:
    if request.method == "POST":
        return t"<p>Ordered {request.POST['item']}.</p>"
    return t'<form method="post">{csrf_input(request)}<button>Order</button></form>'


@override_settings(MIDDLEWARE=["django.middleware.csrf.CsrfViewMiddleware"])
def test_csrf_input_is_the_hidden_input_django_checks() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get("/order").content.decode()
    match = re.fullmatch(
        r'<form method="post"><input type="hidden" name="csrfmiddlewaretoken" '
        r'value="(\w{64})"><button>Order</button></form>',
        page,
    )
    assert match is not None, page
    assert 403 == client.post("/order", {"item": "spam"}).status_code
    response = client.post("/order", {"item": "spam", "csrfmiddlewaretoken": match[1]})
    assert (200, b"<p>Ordered spam.</p>") == (response.status_code, response.content)


@view
def flashing(request: HttpRequest) -> Template:
    django_messages.info(request, f"{EVIL} added.")
    django_messages.error(request, "Sold out.", extra_tags="sticky")
    django_messages.add_message(request, 35, mark_safe("<b>Custom</b> level"))
    return t"<main>{messages(request)}</main>"


@view
def quiet(request: HttpRequest) -> Template:
    return t"<main>{messages(request)}</main>"


@override_settings(
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
    ]
)
def test_messages_lists_them_once_with_their_tags() -> None:
    client = Client()
    assert (
        '<main><ul class="messages">'
        f'<li class="info">{EVIL_ESCAPED} added.</li>'
        '<li class="sticky error">Sold out.</li>'
        "<li><b>Custom</b> level</li></ul></main>"
    ) == client.get("/flash").content.decode()
    assert b"<main></main>" == client.get("/quiet").content


def test_static_is_a_url_for_scripts_and_stylesheets() -> None:
    assert "/static/site.css" == static("site.css")
    assert '<script src="/static/js/app.js" defer></script>' == html(
        t"<script src={static('js/app.js')} defer></script>"
    )
    with pytest.raises(RenderError):  # a plain str is not trusted there
        html(t"<script src={'/static/js/app.js'}></script>")


# -- Django's safe strings and forms ----------------------------------------------------------


class OrderForm(forms.Form):
    name = forms.CharField(max_length=20)
    note = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))


def test_safe_strings_and_forms_are_inserted_as_django_made_them() -> None:
    assert html(t"<p>{SafeString('<b>bold</b>')}</p>") == "<p><b>bold</b></p>"
    form = OrderForm(initial={"name": BREAKOUT_VALUE, "note": SCRIPT})
    assert hasattr(form, "__html__")
    assert hasattr(form["name"], "__html__")
    assert html(t"<form>{form['name']}</form>") == (
        '<form><input type="text" name="name" value="&quot; onfocus=&quot;alert(1)" '
        'maxlength="20" required id="id_name"></form>'
    )
    # Django's form template, with its blank lines; each value escaped by Django
    assert html(t"<form>{form}</form>") == (
        '<form><div>\n    <label for="id_name">Name:</label>\n\n\n\n'
        '<input type="text" name="name" value="&quot; onfocus=&quot;alert(1)" maxlength="20" '
        'required id="id_name">\n    \n</div>\n\n  <div>\n    '
        '<label for="id_note">Note:</label>\n\n\n\n'
        '<textarea name="note" cols="40" rows="2" id="id_note">\n'
        "&lt;script&gt;alert(1)&lt;/script&gt;</textarea>\n    \n      \n    \n</div></form>"
    )
    assert html(t"<form>{form}</form>") == f"<form>{form}</form>"


BREAKOUT_VALUE = '" onfocus="alert(1)'


def test_a_bound_form_shows_its_errors() -> None:
    form = OrderForm(data={"name": "x" * 21})
    assert not form.is_valid()
    assert html(t"{form['name'].errors}") == (
        '<ul class="errorlist" id="id_name_error">'
        "<li>Ensure this value has at most 20 characters (it has 21).</li></ul>"
    )


# -- the template backend ---------------------------------------------------------------------


def home(*, title: str, items: list[str]) -> Template:
    return t"<h1>{title}</h1><ul>{[t'<li>{item}</li>' for item in items]}</ul>"


def greeting(request: HttpRequest, *, name: str = "stranger") -> Template:
    return t"<p>Hello {name}, you asked for {request.path}.</p>"


def _private_page() -> Template:  # never a template: its name starts with "_"
    return t"<p>private</p>"


def everything(**context: object) -> Template:
    return t"<p>{sorted(context)!r}</p>"


def about(*, view: TemplateView, title: str) -> Template:
    return t"<h1>{title}</h1><p>{type(view).__name__}</p>"


def scripted_page(*, request: HttpRequest) -> Template:
    return t"<script>go()</script>"


def not_a_template() -> str:
    return "<p>f-string?</p>"


def broken_page() -> Template:
    return t"<a {EVIL}>x</a>"


def home_view(request: HttpRequest) -> HttpResponse:
    return render(request, "test_django:home", {"title": EVIL, "items": ["a", "<b>"]})


def test_render_calls_the_function_with_the_context() -> None:
    response = Client().get("/home")
    assert (response.status_code, response["Content-Type"]) == (200, HTML)
    assert f"<h1>{EVIL_ESCAPED}</h1><ul><li>a</li><li>&lt;b&gt;</li></ul>" == (
        response.content.decode()
    )
    assert ["test_django:home"] == [template.name for template in response.templates]
    assert EVIL == response.context["title"]


def test_the_function_gets_the_request_and_the_variables_it_names() -> None:
    request = factory.get("/where")
    assert "<p>Hello &lt;b&gt;, you asked for /where.</p>" == render_to_string(
        "test_django:greeting", {"name": "<b>", "unused": 1}, request
    )
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'request'"):
        render_to_string("test_django:greeting")
    assert "<p>[&#39;a&#39;, &#39;b&#39;, &#39;request&#39;]</p>" == render_to_string(
        "test_django:everything", {"a": 1, "b": 2}, request
    )


def test_template_response_and_template_view() -> None:
    rendered = TemplateResponse(factory.get("/"), "test_django:home", {"title": "T", "items": []})
    assert b"<h1>T</h1><ul></ul>" == rendered.render().content
    response = Client().get("/about")
    assert b"<h1>About &lt;us&gt;</h1><p>TemplateView</p>" == response.content


@override_settings(MIDDLEWARE=[CSP_MIDDLEWARE], SECURE_CSP=POLICY)
def test_the_backend_writes_the_request_nonce() -> None:
    response = Client().get("/scripted-page")
    assert f'<script nonce="{nonce_of(response)}">go()</script>'.encode() == response.content


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("plain", "not a 'module.path:function' name"),
        ("test_django:", "not a 'module.path:function' name"),
        ("no_such_module.pages:home", "no module named 'no_such_module'"),
        ("test_django:no_such_page", "no attribute 'no_such_page'"),
        ("test_django:HTML", "'HTML' is not a function defined in test_django"),
        # a template name is code, not data: nothing but the module's own public functions
        ("sys:exit", "'exit' is not a function defined in sys"),
        ("os:getpid", "'getpid' is not a function defined in os"),
        ("test_django:render", "'render' is not a function defined in test_django"),  # imported
        ("test_django:HTMLTemplates", "'HTMLTemplates' is not a function defined in test_django"),
        ("os:path.join", "'path.join' is not the name of a public function"),
        ("test_django:_private_page", "'_private_page' is not the name of a public function"),
        ("test_django:home()", "'home()' is not the name of a public function"),
    ],
)
def test_names_that_name_no_function_do_not_exist(name: str, reason: str) -> None:
    engine = engines["django_backend"]
    with pytest.raises(TemplateDoesNotExist) as caught:
        engine.get_template(name)
    assert [reason] == [tried[1] for tried in caught.value.tried]


def test_names_without_a_colon_are_left_to_the_other_backends() -> None:
    assert "<p>&lt;b&gt;</p>" == render_to_string("plain.html", {"x": "<b>"})
    with pytest.raises(TemplateDoesNotExist):
        render_to_string("missing.html")


def test_an_error_importing_the_module_is_not_hidden(tmp_path: Any) -> None:
    module = ModuleType("pages_with_a_fault")
    module.__path__ = []  # a package whose submodule imports something missing
    sys.modules[module.__name__] = module
    try:
        (tmp_path / "pages_with_a_fault").mkdir()
        (tmp_path / "pages_with_a_fault" / "broken.py").write_text("import no_such_dependency\n")
        module.__path__ = [str(tmp_path / "pages_with_a_fault")]
        with pytest.raises(ModuleNotFoundError, match="no_such_dependency"):
            engines["django_backend"].get_template("pages_with_a_fault.broken:page")
    finally:
        del sys.modules[module.__name__]


def test_a_function_must_return_a_template_and_its_errors_name_it() -> None:
    with pytest.raises(TypeError, match="test_django:not_a_template returned str, not a Templ"):
        render_to_string("test_django:not_a_template")
    line = inspect.getsourcelines(broken_page)[1]
    with pytest.raises(RenderError) as caught:
        render_to_string("test_django:broken_page")
    assert f"  test_django.py, line {line}\n" in str(caught.value)


def test_the_backend_is_configured_like_djangos() -> None:
    params: dict[str, Any] = {"NAME": "pages", "DIRS": [], "APP_DIRS": False, "OPTIONS": {}}
    engine = HTMLTemplates(
        {**params, "OPTIONS": {"context_processors": ["django.template.context_processors.csp"]}}
    )
    request = factory.get("/")
    request._csp_nonce = "n0nc3"  # type: ignore[attr-defined]
    assert "<p>[&#39;csp_nonce&#39;, &#39;request&#39;]</p>" == engine.get_template(
        "test_django:everything"
    ).render({}, request)
    with pytest.raises(ImproperlyConfigured, match="DIRS and APP_DIRS do not apply"):
        HTMLTemplates({**params, "DIRS": ["templates"]})
    with pytest.raises(ImproperlyConfigured, match="unknown OPTIONS: autoescape"):
        HTMLTemplates({**params, "OPTIONS": {"autoescape": False}})
    with pytest.raises(NotImplementedError, match="no template source"):
        engine.from_string("<p>{{ x }}</p>")


def test_syntax_errors_are_raised_at_render() -> None:
    with pytest.raises(TemplateSyntaxError):
        render_html(factory.get("/"), t"<style>{EVIL} {{ color: red }}</style>")


# -- async rendering: html_async() and stream_html_async() of the core ---------------------


async def doubled(number: int) -> int:
    await asyncio.sleep(0)
    return number * 2


async def async_rows(*names: str) -> AsyncIterator[Template]:
    for name in names:
        await asyncio.sleep(0)
        yield t"<li>{name}</li>"


def test_render_html_async_awaits_the_values() -> None:
    page = t"<p>{doubled(2)}</p><ul>{async_rows('a', EVIL)}</ul>"
    response = asyncio.run(render_html_async(factory.get("/"), page, status=201))
    assert 201 == response.status_code
    assert f"<p>4</p><ul><li>a</li><li>{EVIL_ESCAPED}</li></ul>".encode() == response.content


@view
async def async_values(request: HttpRequest) -> Template:
    return t"<p>{doubled(21)}</p><ul>{async_rows('x')}</ul>"


def test_an_async_view_renders_async_values() -> None:
    response = asyncio.run(AsyncClient().get("/async-values"))
    assert b"<p>42</p><ul><li>x</li></ul>" == response.content


async def async_stream(request: HttpRequest) -> HttpResponseBase:
    page = t"<ul>{async_rows('a', EVIL)}</ul><{Done} />"
    return await stream_html_async(request, page, chunk_size=0)


@override_settings(MIDDLEWARE=[CSP_MIDDLEWARE, OUR_MIDDLEWARE], SECURE_CSP=POLICY)
def test_stream_html_async_sends_chunks_with_the_nonce() -> None:
    async def fetch() -> tuple[HttpResponseBase, list[bytes]]:
        response = await AsyncClient().get("/async-stream")
        return response, [chunk async for chunk in response]

    response, chunks = asyncio.run(fetch())
    nonce = nonce_of(response)
    assert [
        b"<ul>",
        b"<li>a</li>",
        f"<li>{EVIL_ESCAPED}</li>".encode(),
        b"</ul>",
        f'<script nonce="{nonce}">done()</script>'.encode(),
    ] == chunks
    assert CSP_NONCE.get() is None


# -- the URLconf of these tests ---------------------------------------------------------------


def rendered_script(request: HttpRequest) -> HttpResponse:
    return render_html(request, t"<script>go()</script>")


urlpatterns = [
    path("hello/<str:name>", hello),
    path("search", search),
    path("basket", basket),
    path("async", async_page),
    path("greet/<str:name>", Greeting.as_view()),
    path("products", products),
    path("scripted", scripted),
    path("plain", plain),
    path("streamed-script", streamed_script),
    path("rendered-script", rendered_script),
    path("async-script", async_script),
    path("async-values", async_values),
    path("async-stream", async_stream),
    path("order", order_form),
    path("flash", flashing),
    path("quiet", quiet),
    path("home", home_view),
    path(
        "about",
        TemplateView.as_view(
            template_name="test_django:about", extra_context={"title": "About <us>"}
        ),
    ),
    path("scripted-page", TemplateView.as_view(template_name="test_django:scripted_page")),
]


def test_lazy_translation_strings_are_text_everywhere() -> None:
    from django.utils.text import format_lazy  # noqa: PLC0415
    from django.utils.translation import gettext_lazy  # noqa: PLC0415

    label = gettext_lazy(EVIL)
    assert (
        f'<p title="{EVIL_ESCAPED}" class="{EVIL_ESCAPED}">{EVIL_ESCAPED}</p>'
        '<a href="/search?q=%3Cb%3E%26&#39;%22">s</a>'
        '<script>const label =  "\\u003cb\\u003e\\u0026\\u0027\\"" ;</script>'
    ) == html(
        t'<p title={label} class={label}>{label}</p><a href="/search?q={label}">s</a>'
        t"<script>const label = {label};</script>"
    )
    greeting = format_lazy("{}, {}", gettext_lazy("Hello"), EVIL)
    assert f"<p>Hello, {EVIL_ESCAPED}</p>" == html(t"<p>{greeting}</p>")
