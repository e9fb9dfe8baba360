"""Type-checked with ``mypy --strict tests/typing``, never run:
htmltemplates.integrations.django against
django-stubs' types of views, URL patterns and middleware."""

from collections.abc import Callable, Coroutine, Iterator
from string.templatelib import Template
from typing import Any, assert_type

from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    StreamingHttpResponse,
)
from django.shortcuts import redirect
from django.urls import path
from django.utils.decorators import method_decorator
from django.views import View

from htmltemplates import TrustedResourceURL
from htmltemplates.integrations.django import (
    HTMLTemplatesMiddleware,
    TemplateReturnValue,
    csrf_input,
    messages,
    render_html,
    request_nonce,
    static,
    stream_html,
    view,
)
from htmltemplates.integrations.django_backend import HTMLTemplates, PageTemplate


def hello(request: HttpRequest, name: str) -> HttpResponse:
    return render_html(request, t"<h1>{name}</h1>", status=201, headers={"X-Spam": "eggs"})


def rows() -> Iterator[Template]:
    yield t"<li>a</li>"


def listing(request: HttpRequest) -> StreamingHttpResponse:
    return stream_html(request, t"<ul>{rows()}</ul>", chunk_size=0, content_type="text/html")


# @view: a bare template, every tuple form, a list, or a response.
@view
def page(request: HttpRequest, name: str) -> Template:
    return t"<p>{name}</p>"


@view
def created(request: HttpRequest) -> tuple[Template, int]:
    return t"<p>created</p>", 201


@view
def with_headers(request: HttpRequest) -> tuple[Template, dict[str, str]]:
    return t"<p>hi</p>", {"X-Spam": "eggs"}


@view
def everything(request: HttpRequest) -> tuple[Template, int, dict[str, str]]:
    return t"<p>hi</p>", 202, {"X-Spam": "eggs"}


@view
def fragments(request: HttpRequest) -> list[Template]:
    return [t"<p>added</p>", t'<span id="count" hx-swap-oob="true">3</span>']


@view
def template_or_redirect(request: HttpRequest) -> Template | HttpResponseBase:
    return redirect("/") if request.GET else t"<p>stay</p>"


@view
def any_form(request: HttpRequest) -> TemplateReturnValue:
    return t"<p>hi</p>"


page_view: Callable[[HttpRequest, str], HttpResponseBase] = page
page(HttpRequest(), 1)  # type: ignore[arg-type]


@view  # type: ignore[arg-type]
def not_a_view(request: HttpRequest) -> bytes:
    return b""


@view
async def asynchronous(request: HttpRequest, name: str) -> Template:
    return t"<p>{name}</p>"


async_view: Callable[[HttpRequest, str], Coroutine[Any, Any, HttpResponseBase]] = asynchronous


class Greeting(View):
    @method_decorator(view)
    def get(self, request: HttpRequest) -> Template:
        return t"<p>hi</p>"


# Django's URL patterns accept the decorated views.
urlpatterns = [
    path("hello/<name>", hello),
    path("list", listing),
    path("page/<name>", page),
    path("async/<name>", asynchronous),
    path("greet", Greeting.as_view()),
]

# The helpers.
request = HttpRequest()
assert_type(csrf_input(request), Template)
assert_type(messages(request), Template)
assert_type(static("site.css"), TrustedResourceURL)
assert_type(request_nonce(request), str | None)
assert_type(HTMLTemplatesMiddleware(created), HTMLTemplatesMiddleware)

# The backend.
engine = HTMLTemplates({"NAME": "pages", "DIRS": [], "APP_DIRS": False, "OPTIONS": {}})
assert_type(engine.get_template("shop.pages:home"), PageTemplate)
