"""The exception hierarchy, and the one formatter that shows where in a template things went wrong.

::

    TemplateError                      base of everything htmltemplates raises on purpose
    ├── TemplateSyntaxError (ValueError)  the template itself cannot be made safe; raised at its
    │                                     first render, before any value is looked at
    └── RenderError (TypeError)           a value cannot be rendered where it was interpolated

Every message reads the same way (docs/errors.md): a one-sentence headline, the template rebuilt
from its static strings and ``{expressions}`` with carets under the fault, the caller's file and
line when we can find it, and how to fix it with an anchor in docs/errors.md.
"""

from __future__ import annotations

import enum
import inspect
import os
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from itertools import zip_longest
from string.templatelib import Interpolation, Template
from typing import Any

__all__ = ["ErrorCode", "Location", "RenderError", "TemplateError", "TemplateSyntaxError"]

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_DOCS = "docs/errors.md#"
_WINDOW = 72  # widest excerpt line shown; longer lines are cut around the fault


class ErrorCode(enum.StrEnum):
    """What went wrong, one member per section of docs/errors.md: a member's value is the
    anchor of its section (``TemplateError.anchor``). ``htmltemplates._messages`` has the
    builder of each one's message, the only place its headline and fix are written."""

    # TemplateSyntaxError: the template's static text
    TAG_NAME = "tag-name"
    ATTRIBUTE_NAME = "attribute-name"
    END_TAG = "end-tag"
    RCDATA_MARKUP = "rcdata-markup"
    NESTED_END = "nested-end"
    NOSCRIPT = "noscript"
    SCRIPT_COMMENT = "script-comment"
    SCRIPT_MARKUP = "script-markup"
    CDATA = "cdata"
    REFERENCE = "reference"
    MARKUP_DECLARATION = "markup-declaration"
    UNCLOSED = "unclosed"
    UNQUOTED_VALUE = "unquoted-value"
    COMMENT = "comment"
    SCRIPT_STYLE = "script-style"
    SCRIPT_VALUE = "script-value"
    EVENT_HANDLER = "event-handler"
    CSS = "css"
    REFUSED_ATTRIBUTE = "refused-attribute"
    SRCDOC = "srcdoc"
    REFRESH = "refresh"
    RAW_TEXT = "raw-text"
    URL_SCHEME = "url-scheme"
    RESOURCE_URL = "resource-url"
    TRUSTED_URL = "trusted-url"
    COMPONENT_TAG = "component-tag"
    COMPONENT_CLOSE = "component-close"
    COMPONENT_PROP = "component-prop"

    # RenderError: a value
    DICT_IN_TEXT = "dict-in-text"
    BYTES = "bytes"
    HTML_METHOD = "html-method"
    TEMPLATE_IN_ATTRIBUTE = "template-in-attribute"
    DICT_VALUE = "dict-value"
    SPREAD = "spread"
    SPREAD_NAME = "spread-name"
    UNTRUSTED_RESOURCE_URL = "untrusted-resource-url"
    TRUSTED_URL_VALUE = "trusted-url-value"
    SRCSET = "srcset"
    JS_VALUE = "js-value"
    JS_STRING = "js-string"
    ALPINE_DATA = "alpine-data"
    JSON_ATTRIBUTE = "json-attribute"
    HTMX_TRIGGER = "htmx-trigger"
    JS_PREFIX = "js-prefix"
    BOUND_URL = "bound-url"
    HTML_ATTRIBUTE = "html-attribute"
    CSS_VALUE = "css-value"
    STYLE = "style"
    NOT_A_COMPONENT = "not-a-component"
    COMPONENT_SIGNATURE = "component-signature"
    MISSING_PROP = "missing-prop"
    UNKNOWN_PROP = "unknown-prop"
    STATIC_PROP = "static-prop"
    COMPONENT_CHILDREN = "component-children"
    COMPONENT_SPREAD = "component-spread"
    DOT_SEGMENT = "dot-segment"
    ASYNC_VALUE = "async-value"
    LAZY_VALUE = "lazy-value"
    LAZY_CHAIN = "lazy-chain"
    TOO_DEEP = "too-deep"
    SELF_REFERENCE = "self-reference"
    BIG_INT = "big-int"
    FORMAT_SPEC = "format-spec"


@dataclass(frozen=True, slots=True)
class Location:
    """Where a fault is: the interpolation in ``slot``, or ``width`` characters of static
    text starting at ``offset`` in ``template.strings[string]``; ``also`` is a second place the
    message points at (the start tag that an end tag does not match)."""

    string: int = 0
    offset: int = 0
    width: int = 1
    slot: int | None = None
    also: Location | None = None

    @classmethod
    def at_hole(cls, slot: int) -> Location:
        return cls(string=slot, offset=0, width=0, slot=slot)


class TemplateError(Exception):
    """Base class of the errors htmltemplates raises about a template or a value in it.

    ``headline`` says what is wrong, ``fix`` how to put it right; ``anchor`` names the section of
    docs/errors.md that explains it. The message is rebuilt once the template is known
    (:meth:`locate`), so errors raised deep in a render still point into the right template.
    """

    def __init__(
        self,
        headline: str,
        *,
        fix: str,
        anchor: str,
        location: Location | None = None,
        template: Template | None = None,
    ) -> None:
        self.headline = headline
        self.fix = fix
        self.anchor = str(anchor)  # an ErrorCode's value: the attribute stays a plain str
        self.location = location
        self.template: Template | None = None
        self.caller = ""
        # where the t-string literal holding the fault is written (htmltemplates._literal):
        # None until an entry point looked, "" when it was not found
        self.written_at: str | None = None
        self.literal: tuple[str, int, tuple[int, int, int, int]] | None = None
        # the strings and interpolations of the template whose plan raised it, until it is
        # located (see locate): render_list finds the item it comes from by them
        self.raised_in: tuple[tuple[str, ...], tuple[Interpolation[Any], ...]] | None = None
        super().__init__(headline)
        if template is not None:
            self.locate(template)

    def locate(self, template: Template) -> None:
        """Attach the template the fault is in and rebuild the message around it."""
        self.template = template
        self.caller = _caller()
        self.args = (self._message(),)

    def called_from(self, origin: str) -> None:
        """Name ``origin`` (``file, line N``) as the line that rendered the template: where the
        stack at the fault shows no user code (a stream read by a server, a framework's
        response), the integration names the line that asked for the render."""
        self.caller = origin
        self.args = (self._message(),)

    def _message(self) -> str:
        lines = [self.headline, ""]
        if self.template is not None and self.location is not None:
            lines += [*excerpt(self.template, self.location), ""]
        if self.written_at and not self._same_line():
            lines[-1:-1] = [f"  template: {self.written_at}"]
        if self.caller:
            lines[-1:-1] = [f"  {self.caller}"]
        lines.append(advice(self.fix, self.anchor))
        return "\n".join(lines)

    def _same_line(self) -> bool:
        """Whether the literal is written on the caller's line (``html(t"...")``): named once."""
        if self.literal is None or not self.caller:
            return False
        filename, _first, (line, *_rest) = self.literal
        return self.caller == f"{os.path.basename(filename)}, line {line}"

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else self.headline


class TemplateSyntaxError(TemplateError, ValueError):
    """The template's static text puts an interpolation where it cannot be made safe, or leaves
    a tag, quote, comment or raw-text element open. Raised at the template's first render."""


class RenderError(TemplateError, TypeError):
    """A value cannot be rendered where it was interpolated: a dict in text, a bad attribute name
    from a spread, a nested template inside an attribute value, and so on."""


def reference(anchor: str) -> str:
    """How a message names the section ``anchor`` of docs/errors.md: its place in the
    repository, and the command that prints it from the docs shipped in the package."""
    return f"{_DOCS}{anchor} (python -m htmltemplates doc {anchor})"


def advice(fix: str, anchor: str) -> str:
    """The last line of a message: the ``fix``, then where the section ``anchor`` of
    docs/errors.md explains it (see reference). The checker and explain() end theirs so too."""
    return f"{fix} See {reference(anchor)}.".lstrip()


def syntax_error(
    headline: str, fix: str, code: ErrorCode, location: Location
) -> TemplateSyntaxError:
    """A TemplateSyntaxError at ``location``; the template is attached when it is known.
    Called by the builders of htmltemplates._messages only."""
    return TemplateSyntaxError(headline, fix=fix, anchor=code, location=location)


def value_error(headline: str, fix: str, code: ErrorCode, slot: int) -> RenderError:
    """A RenderError for the value of interpolation ``slot``. Called by the builders of
    htmltemplates._messages only."""
    return RenderError(headline, fix=fix, anchor=code, location=Location.at_hole(slot))


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for headlines that name a bad value; the
    type's name (``<User object>``) when its ``__repr__`` fails (or returns no str), so that
    the error being reported is not replaced by the user's."""
    try:
        text = repr(value)
    except Exception:  # any failure of user code: the message about the value is still built
        return f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def rebuild(template: Template) -> tuple[str, list[int]]:
    """The template as its author wrote it, and where each ``strings[i]`` starts in that text."""
    out: list[str] = []
    starts: list[int] = []
    size = 0
    for i, text in enumerate(template.strings):
        starts.append(size)
        out.append(text)
        size += len(text)
        if i < len(template.interpolations):
            source = _source(template, i)
            out.append(source)
            size += len(source)
    return "".join(out), starts


def _source(template: Template, index: int) -> str:
    interpolation = template.interpolations[index]
    text = "{" + interpolation.expression
    if interpolation.conversion:
        text += "!" + interpolation.conversion
    if interpolation.format_spec:
        text += ":" + interpolation.format_spec
    return text + "}"


def excerpt(template: Template, location: Location) -> list[str]:
    """The lines of the rebuilt template around ``location``, indented, carets underneath
    (and under ``location.also``: on the same caret line when it is on the same short line,
    else its own line and carets, in the order of the template)."""
    if location.also is None:
        return _excerpt(template, location)
    here, there = _excerpt(template, location), _excerpt(template, location.also)
    if here[0] == there[0] and "..." not in here[0]:
        carets = "".join(
            "^" if "^" in (a, b) else " " for a, b in zip_longest(here[1], there[1], fillvalue=" ")
        )
        return [here[0], carets.rstrip()]
    first = _position(template, location.also) < _position(template, location)
    return [*there, *here] if first else [*here, *there]


def _position(template: Template, location: Location) -> int:
    _text, starts = rebuild(template)
    if location.slot is not None:
        return starts[location.slot] + len(template.strings[location.slot])
    return starts[location.string] + location.offset


def _excerpt(template: Template, location: Location) -> list[str]:
    text, starts = rebuild(template)
    if location.slot is not None:
        start = starts[location.slot] + len(template.strings[location.slot])
        width = len(_source(template, location.slot))
    else:
        start = starts[location.string] + location.offset
        width = max(location.width, 1)
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    if line_end == -1:
        line_end = len(text)
    line = text[line_start:line_end]
    column = start - line_start
    width = max(1, min(width, len(line) - column)) if column < len(line) else 1
    if len(line) > _WINDOW:
        left = max(0, min(column - _WINDOW // 3, len(line) - _WINDOW))
        shown = line[left : left + _WINDOW]
        prefix = "..." if left else ""
        suffix = "..." if left + _WINDOW < len(line) else ""
        line = prefix + shown + suffix
        column = column - left + len(prefix)
        width = min(width, _WINDOW - (column - len(prefix)))
    line = line.replace("\t", " ")
    return [f"    {line}", "    " + " " * column + "^" * max(width, 1)]


def origin_of(frame: types.FrameType) -> str:
    """``file, line N`` of ``frame``, as TemplateError.caller names a line."""
    return f"{os.path.basename(frame.f_code.co_filename)}, line {frame.f_lineno}"


def definition_of(function: Callable[..., object]) -> str:
    """``file, line N`` where the definition of ``function`` starts (its first decorator), as
    TemplateError.caller names a line; "" when it has no code. The integrations name it for a
    template a view returned, which renders after the view's own line has returned."""
    code = getattr(inspect.unwrap(function), "__code__", None)
    if not isinstance(code, types.CodeType):
        return ""
    return f"{os.path.basename(code.co_filename)}, line {code.co_firstlineno}"


def _caller() -> str:
    """``file, line N`` of the innermost frame outside this package, or ``""``."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        internal = filename.startswith(("<htmltemplates", "<frozen"))
        if not internal and not os.path.abspath(filename).startswith(PACKAGE_DIR + os.sep):
            return f"{os.path.basename(filename)}, line {frame.f_lineno}"
        frame = frame.f_back  # type: ignore[assignment]
    return ""
