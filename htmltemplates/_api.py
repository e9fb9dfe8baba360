"""The public entry points, and the one module that sees both halves of the package: it
installs the compiler (compile time) into the plan cache (render time), and defines html() and
Provider over the runtime."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from string.templatelib import Template
from typing import Annotated

from markupsafe import Markup

from ._literal import with_literal_frame
from .compiler.plan import compile_template
from .errors import ErrorCode, TemplateError
from .lang.urls import url_parts
from .runtime import cache, trusted
from .runtime.cache import Render, compile_plan, plans
from .runtime.streaming import SCOPES
from .runtime.text import (
    NESTING_CODE,
    guarded,
    inside_a_render,
    on_its_own,
    own_plan,
)
from .runtime.values import close_awaitables, too_deep

__all__ = ["HTML", "Provider", "html"]


def _compile(template: Template, stream: bool) -> tuple[Render, str]:
    """The plan of ``template`` (its streaming plan, with ``stream``) and its source, guarded
    when the scanner found that it may not be rendered inside another template (see
    runtime.text.guarded). A guarded template's streaming plan is its guarded plan: it is
    rendered whole."""
    render, source, nesting = compile_template(template, stream)
    if nesting is None:
        return render, source
    if stream:
        whole = compile_plan(template)  # guarded, cached
        return lambda interpolations, deferred: whole(interpolations), source
    return guarded(render, nesting, template.strings), source


cache.install(_compile)
trusted.install(url_parts)

_new_str = str.__new__


type HTML = Annotated[Template, "tdom"]
"""A template of HTML, as html() takes it: a ``Template`` to type checkers, annotated with the
language editors highlight and check it as (t-linter's "tdom": HTML with component tags and
unquoted holes, as html() reads it). Annotate components' return types (``-> HTML``) and
template variables (``page: HTML = t"..."``) with it (docs/editors.md)."""


def html(template: HTML) -> Markup:
    """Render a t-string to safe HTML.

    Each interpolated value is escaped for the context it lands in (text, attribute value, URL,
    comment...); dicts between attributes become attributes; nested templates and lists of them
    render in place. The result is :class:`markupsafe.Markup`, so it nests in other templates
    (and Jinja) without being escaped twice, and Flask views can return it as is.
    """
    __tracebackhide__ = True
    if template.__class__ is not Template:
        _reject(template)
    try:
        plan = plans[template.strings]
    except KeyError:
        try:
            plan = compile_plan(template)
        except TemplateError as failed:
            tb = with_literal_frame(failed, failed.__traceback__, sys._getframe())
            raise failed.with_traceback(tb) from None
    try:
        return _new_str(Markup, plan(template.interpolations))
    except TemplateError as caught:
        error = caught
        own = own_plan(error, template)
        if own is not None and not inside_a_render():
            # a template whose end is uncertain, rendered on its own: nothing follows it
            try:
                return on_its_own(template, own)
            except TemplateError as late:
                error = late
        if error.anchor == ErrorCode.ASYNC_VALUE:
            close_awaitables(template)  # the others would warn that they were never awaited
        if error.template is None:
            error.locate(template)
        tb = with_literal_frame(error, error.__traceback__, sys._getframe())
        raise error.with_traceback(tb)  # noqa: B904 - the same error
    except RecursionError:
        # the stack ran out where no hole could report it (an __html__ method rendering
        # templates inside templates, each with html()): reported here, without a caret
        deep = _unlocated_too_deep(template)
        raise deep.with_traceback(None) from None


def _unlocated_too_deep(template: Template) -> TemplateError:
    try:
        too_deep(None, 0, recursion=True)
    except TemplateError as error:
        error.location = None  # no hole to point at: the message names the template's caller
        error.locate(template)
        return error
    raise AssertionError("too_deep returned")  # pragma: no cover


def _reject(value: object) -> None:
    if isinstance(value, Template):
        return
    if isinstance(value, str):
        raise TypeError(
            'html() takes a template string (t"..."), not a str. Did you write f"..." where '
            'you meant t"..."? An f-string has already inserted its values unescaped.'
        )
    raise TypeError(f'html() takes a template string (t"..."), not {type(value).__name__}.')


# -- sharing values with components deep inside: Provider ------------------------------------


class Provider[T]:
    """A value that an outer component provides to every component rendered inside it, without
    passing it down as a prop (a theme, the current user, a locale).

    ::

        theme = Provider("theme", default="light")

        def Button(*, children: Template) -> Template:
            return t'<button class="btn-{theme.get()}">{children}</button>'

        html(t'<{theme.provide} value="dark"><{Button}>Go</{Button}></{theme.provide}>')

    Built on :mod:`contextvars`: each thread and each asyncio task sees its own value. Create
    providers once, at module level.
    """

    __slots__ = ("_var", "name")

    def __init__(self, name: str, *, default: T) -> None:
        self.name = name
        self._var: ContextVar[T] = ContextVar(f"htmltemplates.{name}", default=default)

    def get(self) -> T:
        """The value provided by the innermost enclosing provider, else the default."""
        value = self._var.get()
        if value.__class__ is _Lazily:
            return value.value()  # type: ignore[attr-defined, no-any-return]
        return value

    def provide(self, value: T, children: Template) -> Markup:
        """Render ``children`` with ``value`` provided: the component form is
        ``<{theme.provide} value="dark">...</{theme.provide}>``."""
        token = self._var.set(value)
        try:
            return html(children)
        finally:
            self._var.reset(token)

    @contextmanager
    def using(self, value: T) -> Iterator[None]:
        """Provide ``value`` for the body of a ``with`` block (a whole request, a test)."""
        token = self._var.set(value)
        try:
            yield
        finally:
            self._var.reset(token)

    @contextmanager
    def using_lazily(self, function: Callable[[], T]) -> Iterator[None]:
        """Provide what ``function()`` returns for the body of a ``with`` block, calling it the
        first time a component asks, at most once: a value per request that costs nothing in
        the requests that do not use it (the Flask extension's ``provide=``)."""
        token = self._var.set(_Lazily(function))  # type: ignore[arg-type]
        try:
            yield
        finally:
            self._var.reset(token)

    def __repr__(self) -> str:
        return f"Provider({self.name!r}, value={self.get()!r})"


class _Lazily:
    """What a provider holds while ``using_lazily``: the function, then its result."""

    __slots__ = ("function", "result")

    def __init__(self, function: Callable[[], object]) -> None:
        self.function: Callable[[], object] | None = function
        self.result: object = None

    def value(self) -> object:
        function = self.function
        if function is not None:
            self.result = function()
            self.function = None
        return self.result


NESTING_CODE.add(html.__code__)
# streamed, a provider's children are rendered with its value set, across the chunks sent
SCOPES[Provider.provide] = lambda provider, props: provider.using(props["value"])
