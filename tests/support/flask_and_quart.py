"""The Flask and Quart integrations behind one interface, for the tests of what they share
(test_integrations_shared*.py): each test takes ``fw``, a :class:`Framework`, parametrized
over the two (``pytestmark = pytest.mark.parametrize("fw", FRAMEWORKS)``).

A test's views are written as Flask's docs write them, ``def``; ``fw.view`` makes each an
``async def`` for Quart, as Quart's docs write them (a plain ``def`` where a test wants one
that Quart runs in a thread).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import re
import urllib.parse
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import flask
import pytest
import quart
from werkzeug.datastructures import Headers

from htmltemplates.integrations import flask as flask_integration
from htmltemplates.integrations import quart as quart_integration

HTML = "text/html; charset=utf-8"
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 16 bytes in base64url


def run[T](coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, 10))  # a hang fails, after 10 s


@dataclass(frozen=True)
class Reply:
    status: int
    content_type: str
    headers: Headers  # names compared case-insensitively
    body: str

    @property
    def spam(self) -> str | None:
        return self.headers.get("X-Spam")

    @property
    def summary(self) -> tuple[int, str, str | None, str]:
        """status, content type, X-Spam header and body."""
        return self.status, self.content_type, self.spam, self.body


@dataclass(frozen=True)
class Framework:
    """One framework's app, test client and integration, behind the calls the tests make."""

    name: str
    web: Any  # the framework's module: flask or quart
    integration: Any  # htmltemplates.integrations.flask or .quart

    def __repr__(self) -> str:
        return self.name

    @property
    def wtf(self) -> tuple[str, str]:
        """The package and project of the framework's WTForms extension."""
        return ("flask_wtf", "Flask-WTF") if self.name == "flask" else ("quart_wtf", "Quart-WTF")

    def make_app(self, **config: Any) -> Any:
        app = self.web.Flask(__name__) if self.name == "flask" else self.web.Quart(__name__)
        app.config.update({"TESTING": True, "SECRET_KEY": "test", **config})
        return app

    def view[**P, R](self, function: Callable[P, R]) -> Callable[P, Any]:
        """``function`` as the framework's docs write a view: itself in Flask, an ``async def``
        calling it in Quart."""
        if self.name == "flask":
            return function

        @functools.wraps(function)
        async def async_view(*args: P.args, **kwargs: P.kwargs) -> R:
            return function(*args, **kwargs)

        return async_view

    def requests(self, app: Any, *urls: str | tuple[str, list[tuple[str, str]]]) -> list[Reply]:
        """The replies to requests made with one client (one session): a GET of each URL, or
        a POST of a form for a pair (URL, form). Flask's test client runs outside any event
        loop (Flask runs an async view in one of its own)."""
        client = app.test_client()
        if self.name == "flask":
            replies = []
            for url in urls:
                response = self._send(client, url)
                replies.append(_reply(response, response.get_data(as_text=True)))
            return replies

        async def quart_replies() -> list[Reply]:
            replies = []
            for url in urls:
                response = await self._send(client, url)
                replies.append(_reply(response, await response.get_data(as_text=True)))
            return replies

        return run(quart_replies())

    @staticmethod
    def _send(client: Any, url: str | tuple[str, list[tuple[str, str]]]) -> Any:
        """A GET of ``url``, or a POST of the form of the pair (URL, form): a response, or a
        coroutine of one in Quart."""
        if isinstance(url, str):
            return client.get(url)
        body = urllib.parse.urlencode(url[1])  # pairs: a name may come twice
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        return client.post(url[0], data=body, headers=form)

    def get(self, app: Any, url: str = "/") -> tuple[int, str, str | None, str]:
        return self.requests(app, url)[0].summary

    def raised(self, app: Any, url: str = "/") -> Exception:
        """The exception a request raised: propagated by Flask's test client in testing mode;
        in Quart, answered with a 500 and found by got_request_exception (Quart 0.23 answers
        it in testing mode with a traceback page, and earlier versions raise it)."""
        if self.name == "flask":
            try:
                app.test_client().get(url)
            except Exception as error:  # whatever the request raised
                return error
            raise AssertionError(f"GET {url} raised nothing")
        caught_in_quart: list[Exception] = []
        app.config["PROPAGATE_EXCEPTIONS"] = False

        async def record(sender: Any, exception: Exception, **extra: object) -> None:
            caught_in_quart.append(exception)

        async def request() -> int:
            with quart.got_request_exception.connected_to(record, app):
                return int((await app.test_client().get(url)).status_code)

        assert 500 == run(request())
        (error,) = caught_in_quart
        return error

    def in_request[T](self, app: Any, function: Callable[[], Awaitable[T]]) -> T:
        """What the coroutine function ``function`` returns, run in a test request context."""
        if self.name == "flask":
            with app.test_request_context("/"):
                return run(function())  # the task copies the context: the request is there

        async def in_context() -> T:
            async with app.test_request_context("/"):
                return await function()

        return run(in_context())

    async def flash(self, message: object, category: str = "message") -> None:
        result = self.web.flash(message, category)
        if inspect.isawaitable(result):
            await result

    async def form(self) -> Any:
        form = self.web.request.form
        return await form if inspect.isawaitable(form) else form


def _reply(response: Any, body: str) -> Reply:
    return Reply(response.status_code, response.content_type, Headers(response.headers), body)


FLASK = Framework("flask", flask, flask_integration)
QUART = Framework("quart", quart, quart_integration)
FRAMEWORKS = [pytest.param(FLASK, id="flask"), pytest.param(QUART, id="quart")]
