"""The optional FastAPI integration: path operations that return templates.

FastAPI turns what an endpoint returns into JSON unless it is a ``Response``: it validates it
against a response model built from the return annotation (a ``-> Template`` annotation fails
when the route is registered: pydantic has no schema for it), or passes it through
``jsonable_encoder``, and only then hands the result to the route's ``response_class``. A
template cannot travel that way. This module adds ``TemplateRoute``, an ``APIRoute`` subclass
(FastAPI's own hook for changing what a path operation does: "Custom Request and APIRoute
class"), installed with ``app.router.route_class = TemplateRoute`` or
``APIRouter(route_class=TemplateRoute)``. A path operation whose return annotation is
``Template`` or ``Markup`` (or a union with one of them, ``Template | RedirectResponse``)
then:

- has no response model, and ``TemplateResponse`` as its response class unless it names one,
  so that OpenAPI shows a ``text/html`` response;
- has the template it returns rendered inside the endpoint: ``await html_async(template)`` for
  an ``async def`` endpoint, ``html(template)`` for a ``def`` one (which FastAPI runs in its
  thread pool), so that the route's ``status_code``, the ``Response`` parameter's headers and
  cookies, and background tasks apply as for any return value; a ``Response`` it returns is
  sent as it is.

Other path operations of the router are left as FastAPI makes them. The Starlette pieces
(``TemplateResponse``, ``StreamingTemplateResponse``, ``CSPMiddleware``, ``static_url``) are
re-exported here, so a FastAPI app imports everything from this module.
"""

from __future__ import annotations

import annotationlib
import functools
import inspect
import types
import typing
from collections.abc import Awaitable, Callable
from string.templatelib import Template
from typing import Any, cast

from fastapi.datastructures import Default, DefaultPlaceholder
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from markupsafe import Markup

from .._api import html
from ..errors import definition_of
from ._core import blamed
from .starlette import (
    CSPMiddleware,
    StreamingTemplateResponse,
    TemplateResponse,
    render_template,
    static_url,
)

__all__ = [
    "CSPMiddleware",
    "StreamingTemplateResponse",
    "TemplateResponse",
    "TemplateRoute",
    "static_url",
]

_RENDERS = "__htmltemplates_renders__"  # marks an endpoint wrapped by _rendering()
# APIRoute's own defaults: a router always passes both, these serve a route made by hand
_NO_RESPONSE_MODEL: Any = Default(None)
_JSON_RESPONSE: Any = Default(JSONResponse)


class TemplateRoute(APIRoute):
    """An ``APIRoute`` whose path operations annotated ``-> Template`` (or ``-> Markup``) send
    HTML (see the module docstring). Install it with ``app.router.route_class = TemplateRoute``
    before the routes are added, or ``APIRouter(route_class=TemplateRoute)``."""

    def __init__(
        self,
        path: str,
        endpoint: Callable[..., Any],
        *,
        response_model: Any = _NO_RESPONSE_MODEL,
        response_class: Any = _JSON_RESPONSE,
        **kwargs: Any,
    ) -> None:
        if _returns_html(endpoint):
            if isinstance(response_model, DefaultPlaceholder):
                response_model = None  # no pydantic model describes a Template or Markup
            if isinstance(response_class, DefaultPlaceholder):
                # set, not a default: a router that includes this one keeps it
                response_class = TemplateResponse
            endpoint = _rendering(endpoint)
        super().__init__(
            path,
            endpoint,
            response_model=response_model,
            response_class=response_class,
            **kwargs,
        )


def _returns_html(endpoint: Callable[..., Any]) -> bool:
    """Whether ``endpoint`` is annotated to return a Template or Markup (alone, in a union, or
    in ``Annotated``), and is not already wrapped by :func:`_rendering`."""
    if getattr(endpoint, _RENDERS, False):
        return False
    try:
        annotation = inspect.signature(endpoint, eval_str=True).return_annotation
    except NameError:  # a name imported under `if TYPE_CHECKING`: FastAPI reads it the same
        annotation = inspect.signature(
            endpoint, annotation_format=annotationlib.Format.FORWARDREF
        ).return_annotation
    return _names_html(annotation)


def _names_html(annotation: object) -> bool:
    if annotation is Template or annotation is Markup:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _names_html(typing.get_args(annotation)[0])
    if origin is types.UnionType or origin is typing.Union:
        return any(_names_html(member) for member in typing.get_args(annotation))
    return False


def _rendering(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """``endpoint``, with a Template it returns rendered: by html_async() in an async
    endpoint, by html() in a sync one (FastAPI runs it in a thread). ``functools.wraps`` keeps
    its name, docstring and, through ``__wrapped__``, the signature FastAPI reads its
    parameters and dependencies from."""
    origin = definition_of(endpoint)
    if inspect.iscoroutinefunction(endpoint) or inspect.iscoroutinefunction(
        getattr(endpoint, "__call__", None)  # noqa: B004 - an object whose __call__ is async
    ):
        coroutine_function = cast(Callable[..., Awaitable[object]], endpoint)

        @functools.wraps(endpoint)
        async def rendering_async_endpoint(*args: Any, **kwargs: Any) -> object:
            result = await coroutine_function(*args, **kwargs)
            if isinstance(result, Template):
                return await render_template(result, origin)
            return result

        setattr(rendering_async_endpoint, _RENDERS, True)
        return rendering_async_endpoint

    @functools.wraps(endpoint)
    def rendering_endpoint(*args: Any, **kwargs: Any) -> object:
        result = endpoint(*args, **kwargs)
        if isinstance(result, Template):
            return _render_sync(result, origin)
        return result

    setattr(rendering_endpoint, _RENDERS, True)
    return rendering_endpoint


def _render_sync(template: Template, origin: str) -> Markup:
    with blamed(origin):
        return html(template)
