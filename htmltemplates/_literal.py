"""Where the t-string literal of a faulty template is written: found at error time from the
bytecode that builds it, named in the message and added to the traceback as a frame.

A t-string literal compiles to ``LOAD_CONST strings ... BUILD_TEMPLATE``: its static strings are
one constant tuple of the code object that holds it, and ``Template.strings`` *is* that tuple.
So the code objects that hold ``template.strings`` (by identity) are the places the literal is
written, and the positions of its instructions give the file, the line and the columns: those
of the literal, and of each ``{hole}`` (a ``BUILD_INTERPOLATION`` spans its braces). This is
looked up only when an error leaves html(), stream_html() or html_async(): never while
rendering. The traceback gains a frame at that line, as Jinja2 adds a template's line to its
tracebacks (jinja2/debug.py, ``fake_traceback``): a tiny code object compiled with the literal's
file name, raised from, and its frame spliced in last, so that pytest, the Werkzeug debugger and
Python's own traceback show the template's source line.
"""

from __future__ import annotations

import dis
import itertools
import linecache
import os
import sys
import sysconfig
import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from string.templatelib import Template

from .errors import PACKAGE_DIR, Location, TemplateError
from .runtime.text import user_frames

__all__ = ["LiteralPlace", "places_of", "with_literal_frame"]

_FAKE = "__htmltemplates_literal__"  # marks the globals of the frames added here
_paths = sysconfig.get_paths()
_Span = tuple[int, int, int, int]
_INSTALLED = tuple(
    {os.path.join(path, "") for key in ("purelib", "platlib") if (path := _paths.get(key))}
)
_SKIPPED = (
    *_INSTALLED,
    os.path.join(_paths["stdlib"], ""),
    os.path.join(PACKAGE_DIR, ""),
    "<",  # frozen modules, compiled plans
)  # line, end line, column, end column


@dataclass(frozen=True, slots=True)
class LiteralPlace:
    """A place the literal is written: the code object holding it, its file, its span, and the
    spans of its own holes (empty when they cannot be told apart from nested ones)."""

    code: types.CodeType
    filename: str
    span: _Span
    holes: tuple[_Span, ...]

    def span_of(self, template: Template, location: Location | None) -> _Span:
        """The span of ``location`` in the source: its hole's braces, or the line of the static
        text (counting the newlines of the strings before it; escapes such as ``\\n`` may
        make that count run past the literal, so it stops at its last line)."""
        line, end_line, column, _end = self.span
        if location is None:
            return self._line_span(line, column)
        if location.slot is not None and len(self.holes) == len(template.interpolations):
            return self.holes[location.slot]
        index = location.slot if location.slot is not None else location.string
        start_line, start_column = line, column
        if 0 < index <= len(self.holes) == len(template.interpolations):
            start_line, start_column = self.holes[index - 1][1], self.holes[index - 1][3]
        text = template.strings[index][: location.offset if location.slot is None else None]
        fault_line = min(start_line + text.count("\n"), end_line)
        return self._line_span(fault_line, start_column if fault_line == line else -1)

    def _line_span(self, line: int, column: int) -> _Span:
        """The literal's part of ``line``: from ``column`` (the first non-blank one when -1) to
        the end of the line, or of the literal on its last line."""
        text = linecache.getline(self.filename, line).rstrip("\r\n")
        if column < 0:
            column = len(text) - len(text.lstrip())
        end = self.span[3] if line == self.span[1] else len(text)
        return line, line, column, max(end, column + 1)


def _shown(filename: str) -> str:
    path = os.path.abspath(filename)
    here = os.getcwd() + os.sep
    return path[len(here) :] if path.startswith(here) else filename


def with_literal_frame(
    error: TemplateError, tb: types.TracebackType | None, stack: types.FrameType | None
) -> types.TracebackType | None:
    """``user_frames(tb)`` with a last frame at the line of the template literal that holds the
    fault (once: an added frame is moved, not added again); ``error.written_at`` names it. The
    code that built the template is searched for in the frames of ``tb`` and of ``stack``, then
    in the modules they run in, then in every module loaded."""
    frames = [*_frames(tb), *_outer(stack)]
    template = error.template
    if error.written_at is None and template is not None:
        try:
            places = places_of(template.strings, frames)
        except RecursionError:  # the error is about a stack that ran out: it is reported as is
            places = []
        spans = [(place.filename, place.span_of(template, error.location)) for place in places]
        error.written_at = _naming(spans)
        if places:
            error.literal = (places[0].filename, places[0].span[0], spans[0][1])
        error.args = (error._message(),)  # rebuilt with the new line
    kept = user_frames(_without_fakes(tb))
    if error.literal is None:
        return kept
    fake = _fake_frame(error, *error.literal)
    if fake is None:
        return kept
    if kept is None:
        return fake
    last = kept
    while last.tb_next is not None:
        last = last.tb_next
    last.tb_next = fake
    return kept


def _naming(spans: list[tuple[str, _Span]]) -> str:
    """``file, line N`` of the fault in the first place found, and the other places that
    write the same literal (one constant: the same text in the same module)."""
    if not spans:
        return ""
    first_file, first_span = spans[0]
    named = f"{_shown(first_file)}, line {first_span[0]}"
    others: list[str] = []
    for filename, span in spans[1:]:
        if (filename, span[0]) == (first_file, first_span[0]):
            continue
        other = (
            f"line {span[0]}" if filename == first_file else f"{_shown(filename)}, line {span[0]}"
        )
        if other not in others:
            others.append(other)
    if not others:
        return named
    return f"{named} (or {', '.join(others)}: the same literal is written there)"


def _frames(tb: types.TracebackType | None) -> Iterator[types.FrameType]:
    while tb is not None:
        yield tb.tb_frame
        tb = tb.tb_next


def _outer(frame: types.FrameType | None) -> Iterator[types.FrameType]:
    while frame is not None:
        yield frame
        frame = frame.f_back


def _without_fakes(tb: types.TracebackType | None) -> types.TracebackType | None:
    """``tb`` without the frames added by an inner html(): the one added last goes last."""
    kept: list[types.TracebackType] = [t for t in _tbs(tb) if _FAKE not in t.tb_frame.f_globals]
    for outer, inner in itertools.pairwise(kept):
        outer.tb_next = inner
    if kept:
        kept[-1].tb_next = None
    return kept[0] if kept else None


def _tbs(tb: types.TracebackType | None) -> Iterator[types.TracebackType]:
    while tb is not None:
        yield tb
        tb = tb.tb_next


def places_of(strings: tuple[str, ...], frames: Iterable[types.FrameType]) -> list[LiteralPlace]:
    """The places the literal whose constant is ``strings`` is written: in the code running in
    ``frames`` (and the code nested in it) if it is there, else in the functions and classes
    of their modules, else in those of every module loaded, the application's first. Several
    places hold the same constant when one module writes the same literal twice: all are
    returned, the first found first. Text found nowhere (a literal at the top level of a
    module, a template built by hand) is remembered, until more modules are loaded: looking
    through them all takes a tenth of a second in a large application."""
    frames = list(frames)
    seen: set[int] = set()
    stages: tuple[Callable[[], Iterable[types.CodeType]], ...] = (
        lambda: (frame.f_code for frame in frames),
        lambda: _module_codes(frames),
        lambda: _loaded_module_codes(installed=False),
        lambda: _loaded_module_codes(installed=True),
    )
    if len(sys.modules) != _nowhere_modules[0]:
        _nowhere.clear()
        _nowhere_modules[0] = len(sys.modules)
    for number, stage in enumerate(stages):
        if number == 2 and strings in _nowhere:
            return []
        try:
            places = [place for code in stage() for place in _places_in(code, strings, seen)]
        except Exception:  # a namespace changed while read: the user's error stays
            continue
        if places:
            return places
    if len(_nowhere) >= _NOWHERE_SIZE:
        _nowhere.pop()
    _nowhere.add(strings)
    return []


_NOWHERE_SIZE = 1024
_nowhere: set[tuple[str, ...]] = set()  # the strings of the templates found nowhere
_nowhere_modules = [0]  # len(sys.modules) when they were looked for


def _module_codes(frames: list[types.FrameType]) -> Iterator[types.CodeType]:
    """The code of the functions, and of the classes' methods, in the modules of ``frames``."""
    modules = {id(frame.f_globals): frame.f_globals for frame in frames}
    yield from _namespace_codes(list(modules.values()))


def _namespace_codes(namespaces: list[dict[str, object]]) -> Iterator[types.CodeType]:
    """Only the types of values are looked at, never their attributes: a module may hold
    proxies whose attributes run code (Flask's ``request``)."""
    for namespace in namespaces:
        for value in list(namespace.values()):
            if issubclass(type(value), type):
                for member in list(type.__dict__["__dict__"].__get__(value).values()):
                    yield from _codes_of(member)
            else:
                yield from _codes_of(value)


def _codes_of(value: object) -> Iterator[types.CodeType]:
    if type(value) in (classmethod, staticmethod):
        value = value.__func__  # type: ignore[attr-defined]
    while type(value) is types.FunctionType:
        yield value.__code__
        value = value.__dict__.get("__wrapped__")  # decorated with functools.wraps


def _loaded_module_codes(installed: bool) -> Iterator[types.CodeType]:
    """The code of the functions and methods of the loaded modules: the application's (not the
    standard library's, the installed packages', nor htmltemplates' own), or with
    ``installed`` the installed packages'. A function nested in another is found in its
    code's constants; a literal at the top level of a module is not: that code is gone."""
    namespaces = []
    for module in list(sys.modules.values()):
        filename = module.__dict__.get("__file__") if type(module) is types.ModuleType else None
        if not isinstance(filename, str):
            continue
        if filename.startswith(_INSTALLED) if installed else not filename.startswith(_SKIPPED):
            namespaces.append(module.__dict__)
    yield from _namespace_codes(namespaces)


def _places_in(
    code: types.CodeType, strings: tuple[str, ...], seen: set[int]
) -> Iterator[LiteralPlace]:
    """The places in ``code`` and the code objects nested in its constants, each code once."""
    if id(code) in seen:
        return
    seen.add(id(code))
    holds = False
    for constant in code.co_consts:
        if constant is strings:
            holds = True
        elif isinstance(constant, types.CodeType):
            yield from _places_in(constant, strings, seen)
    if holds:
        yield from _places_at(code, strings)


def _places_at(code: types.CodeType, strings: tuple[str, ...]) -> Iterator[LiteralPlace]:
    instructions = list(dis.get_instructions(code))
    for instruction in instructions:
        if instruction.opname != "LOAD_CONST" or instruction.argval is not strings:
            continue
        span = _span(instruction.positions)
        if span is None:
            continue
        inside = [
            hole
            for other in instructions
            if other.opname == "BUILD_INTERPOLATION"
            and (hole := _span(other.positions)) is not None
            and _within(hole, span)
        ]
        own = tuple(
            sorted(
                hole for hole in inside if not any(h != hole and _within(hole, h) for h in inside)
            )
        )
        yield LiteralPlace(code, code.co_filename, span, own)


def _span(positions: dis.Positions | None) -> _Span | None:
    if positions is None or None in positions:
        return None
    return positions  # type: ignore[return-value]


def _within(inner: _Span, outer: _Span) -> bool:
    return (inner[0], inner[2]) >= (outer[0], outer[2]) and (inner[1], inner[3]) <= (
        outer[1],
        outer[3],
    )


def _fake_frame(
    error: TemplateError, filename: str, first: int, span: _Span
) -> types.TracebackType | None:
    """A traceback entry whose frame runs at ``span`` of ``filename``: a call padded so that its
    positions are the span's (carets under the hole in Python's traceback), raising ``error``.
    Its code starts at ``first``, the literal's first line, where pytest starts showing it."""
    line, _end_line, column, end_column = span
    width = max(end_column - column, 3)
    call = "_" * (width - 2) + "()"
    lines = line - first  # the code's lines count from 1, then shift to ``first``
    if lines == 0 and column == 0:
        source = call
    else:  # inside parentheses, the call may start on any line and column
        source = "(" + "\n" * lines + " " * (column - (lines == 0)) + call + ")"
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError, ValueError:  # pragma: no cover - the source is always valid
        return None
    code = code.replace(co_name="<template>", co_qualname="<template>", co_firstlineno=first)

    def fail() -> None:
        raise error

    namespace = {_FAKE: True, "__name__": "<template>", "_" * (width - 2): fail}
    try:
        exec(code, namespace)  # our own one-call code, run to get its frame
    except TemplateError:
        tb = sys.exc_info()[2]
    else:  # pragma: no cover - fail() always raises
        return None
    fake = tb.tb_next if tb is not None else None  # this function's frame is not shown
    if fake is not None:
        fake.tb_next = None  # nor fail()'s
    return fake
