"""The dangerous calls around templates, found in a module's ast: markup built from a str that
already holds its values unescaped, a t-string used as markup or sent as a response without
html(), and a Template whose static text comes from a str that is not a literal.

Callables are known by the dotted name their module imports them as (:mod:`.names`), so
``from markupsafe import Markup as M`` makes ``M(...)`` a Markup call, and a function of the
module's own called ``Markup``, or a parameter of that name, does not.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from .findings import CodeLint, in_source_order
from .names import resolvers

__all__ = ["dangerous"]

_HTML = frozenset(
    f"htmltemplates.{name}" for name in ("html", "html_async", "stream_html", "stream_html_async")
)
_MARKUP = frozenset(
    f"{module}.Markup" for module in ("markupsafe", "htmltemplates", "flask", "jinja2", "quart")
)
# the responses of the frameworks, which send the str() of what they are given
_RESPONSES = frozenset(
    {"HttpResponse", "StreamingHttpResponse", "HTMLResponse", "Response", "make_response"}
)
_FRAMEWORKS = frozenset({"django", "flask", "quart", "starlette", "fastapi", "werkzeug"})
_TEMPLATE = "string.templatelib.Template"
# htmltemplates.i18n's functions that return a Template when given t-strings
_MESSAGES = frozenset(
    f"htmltemplates.i18n.{name}" for name in ("_", "gettext", "ngettext", "pgettext", "npgettext")
)
# what takes text, not markup: form libraries (a field's label), flash messages
_TEXT_TAKERS = ("wtforms.", "flask_wtf.", "django.contrib.messages.")
_TEXT_FUNCTIONS = frozenset({"flask.flash", "quart.flash"})


def _built_str(node: ast.expr) -> str:
    """How ``node`` builds a str with its values already in it: "an f-string", "a str built
    with .format()", "a str built with %"; "" for anything else."""
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
    ):
        return "a str built with .format()"
    if (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mod)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, str)
    ):
        return "a str built with %"
    return ""


def _first(call: ast.Call, keywords: tuple[str, ...] = ()) -> ast.expr | None:
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    for keyword in call.keywords:
        if keyword.arg in keywords:
            return keyword.value
    return None


def _markup_call(call: ast.Call, name: str, written: str) -> CodeLint | None:
    """``html(...)`` or ``Markup(...)`` given an f-string or a formatted str, or ``Markup``
    given a t-string."""
    argument = _first(call)
    if argument is None:
        return None
    built = _built_str(argument)
    if built:
        fix = (
            f'Write a t-string: {written}(t"...") escapes each value for where it lands.'
            if name in _HTML
            else 'Build the markup with html(t"..."), which escapes each value for where it '
            'lands (or Markup("...").format(...), which escapes the values).'
        )
        headline = f"{written}() is given {built}: its values are already in it, unescaped"
        return CodeLint(call, headline, fix, "formatted-markup", "error")
    if isinstance(argument, ast.TemplateStr) and name in _MARKUP:
        return CodeLint(
            call,
            f"{written}() of a t-string: a Template is not markup",
            'Render it with html(t"..."), which escapes its values; Markup() would make markup '
            "of the Template's repr.",
            "markup-of-template",
            "error",
        )
    return None


def _response_call(call: ast.Call, written: str) -> CodeLint | None:
    argument = _first(call, ("content", "response", "body"))
    if not isinstance(argument, ast.TemplateStr):
        return None
    return CodeLint(
        call,
        f"a t-string given to {written}() without html()",
        f'Render it first: {written}(html(t"...")), or use the integration of your framework '
        "(docs/flask.md, docs/django.md, docs/starlette.md), which renders templates a view "
        "returns. A response would send the repr of the Template, not its HTML.",
        "template-response",
        "error",
    )


def _template_call(call: ast.Call, written: str) -> CodeLint | None:
    for argument in call.args:
        if isinstance(argument, ast.Starred):
            continue  # the items may be Interpolations: not certain
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            continue
        if isinstance(argument, ast.Call) and _called(argument.func) == "Interpolation":
            continue
        shown = ast.unparse(argument)
        shown = shown if len(shown) <= 30 else shown[:27] + "..."
        return CodeLint(
            call,
            f"{written}() built from {shown}, which is not a str literal: its text becomes "
            "trusted markup",
            'Write a t-string literal, and pass outside text in as a value: t"<p>{text}</p>" '
            "escapes it. The strings of a Template are its static markup, which html() writes "
            "as it is.",
            "template-from-str",
            "error",
        )
    return None


def _message_as_text(
    call: ast.Call, written: str, resolve: Callable[[ast.expr], str | None]
) -> CodeLint | None:
    """A translated t-string (``_(t"Name")``) given to something that takes text: a form
    field's label, a flash message, ``str()``. It gets a Template, whose text is its repr."""
    for argument in [*call.args, *(keyword.value for keyword in call.keywords)]:
        if not (isinstance(argument, ast.Call) and resolve(argument.func) in _MESSAGES):
            continue
        if not any(isinstance(part, ast.TemplateStr) for part in argument.args):
            continue  # _("Name") of a str gives a str
        message = ast.unparse(argument.func)
        return CodeLint(
            call,
            f"a translated t-string given to {written}(), which takes text: it would show the "
            "Template's repr",
            f'For plain text translate a str: {message}("..."), which returns the translated '
            f'str; for markup, render the message: html({message}(t"...")), or use '
            'lazy_gettext(t"...") where the text is read later (a form\'s label).',
            "message-as-text",
            "error",
        )
    return None


def _called(func: ast.expr) -> str:
    """The last name of a callee: ``Interpolation`` of ``templatelib.Interpolation``."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _check(call: ast.Call, resolve: Callable[[ast.expr], str | None]) -> CodeLint | None:
    name = resolve(call.func)
    if name is None:
        if isinstance(call.func, ast.Name) and call.func.id == "str":  # the builtin
            return _message_as_text(call, "str", resolve)
        return None
    written = ast.unparse(call.func)
    if name in _HTML or name in _MARKUP:
        return _markup_call(call, name, written)
    root, _, last = name.rpartition(".")
    if last in _RESPONSES and root.split(".")[0] in _FRAMEWORKS:
        return _response_call(call, written)
    if name == _TEMPLATE:
        return _template_call(call, written)
    if name in _TEXT_FUNCTIONS or name.startswith(_TEXT_TAKERS):
        return _message_as_text(call, written, resolve)
    return None


def dangerous(tree: ast.Module) -> list[CodeLint]:
    """The dangerous calls in the module ``tree``, in source order, each an ``"error"``."""
    found: list[CodeLint] = []
    for node, resolve in resolvers(tree):
        if isinstance(node, ast.Call):
            lint = _check(node, resolve)
            if lint is not None:
                found.append(lint)
    return in_source_order(found)
