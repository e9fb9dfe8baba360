"""The Django template backend of htmltemplates: templates that are Python functions returning
t-strings, named ``"module.path:function"``.

``TEMPLATES = [{"BACKEND": "htmltemplates.integrations.django_backend.HTMLTemplates"}, ...]``
(beside Django's own backend or instead of it; its default alias is ``django_backend``). Then
``render(request, "shop.pages:home", {"title": "Shop"})``, ``TemplateResponse`` and class-based
views such as ``TemplateView`` import ``shop.pages``, call ``home`` with the context variables it
takes as keyword arguments, and render the template it returns with html(). Names without a
``:`` are left to the other backends.

A module of its own, not a class of ``htmltemplates.integrations.django``: Django names a
backend after the module that defines it, and ``htmltemplates.integrations.django.X`` would take
the alias ``django``, which Django's own backend has.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
from collections.abc import Callable, Mapping
from string.templatelib import Template
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest
from django.template import Context, TemplateDoesNotExist
from django.template.backends.base import BaseEngine
from django.template.base import Origin
from django.utils.module_loading import import_string
from markupsafe import Markup

from .._api import html
from ..errors import definition_of
from ._core import blamed
from .django import nonce_of

__all__ = ["HTMLTemplates", "PageTemplate"]


class HTMLTemplates(BaseEngine):
    """A Django template backend whose templates are Python functions returning t-strings.

    ``TEMPLATES = [{"BACKEND": "htmltemplates.integrations.django_backend.HTMLTemplates"}]``
    (before or after Django's own backend). A template's name is ``"module.path:function"``:
    ``render(request, "shop.pages:home", {"title": "Shop"})`` imports ``shop.pages`` and calls
    ``home`` with the context as keyword arguments, and renders the template it returns with
    html(). Names without a ``:`` are left to the other backends (``TemplateDoesNotExist``).

    ``OPTIONS`` may name ``context_processors``, as for Django's backends: their variables
    are added to the context of a template rendered with a request.
    """

    def __init__(self, params: dict[str, Any]) -> None:
        params = params.copy()
        options = dict(params.pop("OPTIONS", {}))
        params.setdefault("DIRS", [])
        params.setdefault("APP_DIRS", False)
        super().__init__(params)
        if self.dirs or self.app_dirs:
            raise ImproperlyConfigured(
                f"{self.name}: htmltemplates names templates 'module.path:function' and "
                "imports them; DIRS and APP_DIRS do not apply (leave them out)."
            )
        self.context_processors: list[str] = list(options.pop("context_processors", []))
        if options:
            raise ImproperlyConfigured(f"{self.name}: unknown OPTIONS: {', '.join(options)}")

    @functools.cached_property
    def template_context_processors(self) -> list[Callable[[HttpRequest], dict[str, Any]]]:
        return [import_string(path) for path in self.context_processors]

    def get_template(self, template_name: str) -> PageTemplate:
        """The function named ``template_name`` (``"module.path:function"``), or
        ``TemplateDoesNotExist``: for a name without ``:``, a module that does not exist, or a
        name that is not a public function defined in that module. A template name is code,
        not data: only a function the module itself defines (``def``, not imported, not a
        class or a builtin, its name not starting with ``_`` and with no dots) is called, so
        that a name built from a request cannot reach ``sys:exit`` or ``os:getpid``. An error
        raised while importing an existing module is not caught: it is a fault in that
        module."""
        module_name, colon, attribute = template_name.partition(":")
        if not (colon and module_name and attribute):
            raise self._missing(template_name, "not a 'module.path:function' name")
        if not attribute.isidentifier() or attribute.startswith("_"):
            raise self._missing(
                template_name, f"{attribute!r} is not the name of a public function"
            )
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            missing = error.name or ""
            if not (module_name == missing or module_name.startswith(missing + ".")):
                raise  # the module exists and imports something that does not
            raise self._missing(template_name, f"no module named {missing!r}") from error
        found = getattr(module, attribute, None)
        if found is None and not hasattr(module, attribute):
            raise self._missing(template_name, f"no attribute {attribute!r}")
        if not inspect.isfunction(found) or found.__module__ != module.__name__:
            raise self._missing(
                template_name, f"{attribute!r} is not a function defined in {module.__name__}"
            )
        return PageTemplate(found, template_name, self)

    def from_string(self, template_code: str) -> PageTemplate:
        raise NotImplementedError(
            "htmltemplates templates are Python functions returning t-strings, named "
            "'module.path:function': there is no template source to compile."
        )

    def _missing(self, name: str, reason: str) -> TemplateDoesNotExist:
        origin = Origin(name=name, template_name=name)
        return TemplateDoesNotExist(name, tried=[(origin, reason)], backend=self)


class PageTemplate:
    """A template of the :class:`HTMLTemplates` backend: the function, and how it is called.

    ``render(context, request)`` calls the function with the context variables it takes as
    keyword arguments (all of them when it has ``**kwargs``; those it does not name are left
    out, as a Django template ignores the variables it does not use), plus ``request`` when
    the template is rendered with one and the function takes it, and renders the template it
    returns with html() and the request's CSP nonce.
    """

    def __init__(self, function: Callable[..., object], name: str, backend: HTMLTemplates) -> None:
        self.template = function
        self.name = name
        self.backend = backend
        self.origin = Origin(name=definition_of(function) or name, template_name=name)

    def render(
        self, context: Mapping[str, Any] | None = None, request: HttpRequest | None = None
    ) -> Markup:
        variables = dict(context or {})
        if request is not None:
            for processor in self.backend.template_context_processors:
                variables = {**processor(request), **variables}
            variables.setdefault("request", request)
        template = self.template(**_accepted(self.template, variables))
        if not isinstance(template, Template):
            raise TypeError(
                f"the template function {self.name} returned {type(template).__name__}, not a "
                'Template: return a t-string (t"...").'
            )
        with blamed(self.origin.name), nonce_of(request):
            rendered = html(template)
        # What Django's test client records as response.templates and response.context
        # (django.test.signals: sent only while someone listens, as in tests).
        signals = sys.modules.get("django.test.signals")
        if signals is not None and signals.template_rendered.has_listeners():
            signals.template_rendered.send(sender=self, template=self, context=Context(context))
        return rendered


def _parameters(function: Callable[..., object]) -> frozenset[str] | None:
    """The keyword parameters of ``function``, or None when it takes ``**kwargs``."""
    names: set[str] = set()
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            return None
        if parameter.kind in {parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY}:
            names.add(parameter.name)
    return frozenset(names)


def _accepted(function: Callable[..., object], variables: dict[str, Any]) -> dict[str, Any]:
    names = _parameters(function)
    if names is None:
        return variables
    return {name: value for name, value in variables.items() if name in names}
