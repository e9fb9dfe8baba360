"""A differential corpus: what every render of the test suite returns or raises, recorded once
and compared after each step of a refactor that must not change behaviour.

A pytest plugin, loaded only on request (tests/ on ``sys.path``; ``tools/corpus`` does this)::

    pytest -p corpus --corpus-record=PATH      write every top-level render of the run to PATH
    pytest -p corpus --corpus-compare=PATH     compare the renders of the run with PATH
                                               (with --corpus-record too: also save them)
    python tests/support/corpus.py EXPECTED ACTUAL     compare two recorded files

A render is one top-level call of a public entry point: ``html()``, the Flask integration's
``stream_html()`` (its chunks, as the test reads them) and the ``TrustedURL`` and
``TrustedResourceURL`` constructors given a t-string. Renders nested in another one (components,
``__html__`` methods, lazy values, the pieces of a stream) are part of its result, not records
of their own. Each record has a key (the pytest node id and the call's ordinal in it), the
template as its author wrote it (static text and ``{expressions}``), a short description of the
values (for people, not compared), and the result: the output, or the exception's type, anchor
(for a TemplateError), message and notes. The first error raised is the one recorded, so which
of two faults wins is part of the corpus.

The entry points are watched with ``sys.monitoring`` (PEP 669) on their code objects, not
wrapped: no frame comes between the caller and ``html()``, so the caller line of error messages,
the tracebacks html() trims and its check of whether it runs inside another render (which walk
the stack) are those of a normal run, and every module's ``from htmltemplates import html`` is
seen. Without the options this module only adds them; a normal run never loads it.

Results are normalised where a run cannot repeat itself: object addresses (``at 0x...``),
Django's and Flask-WTF's CSRF tokens in their hidden inputs, pytest's numbered temporary
folders, random tokens (CSP nonces, stream markers: each
value that ``secrets.token_urlsafe`` or ``token_hex`` returned during the test becomes
``<random N>``, N counting in order of appearance), times within two days of the run (the
guestbook's "now"), and the line number of a caller outside tests/ and the docs (the line of a
test or a doc example is kept: those files are the fixed side of the comparison). Calls made
from threads other than the main one are compared as a set (sorted), since their order is the
scheduler's.
"""

from __future__ import annotations

import contextlib
import difflib
import gzip
import json
import re
import secrets
import sys
import threading
import traceback
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from string.templatelib import Template
from typing import Any

import pytest

FORMAT = 1  # the version of the file format, in each file's first line
MONITORING_IDS = (3, 4)  # the tool ids that sys.monitoring reserves for no kind of tool
PROFILE = "corpus"  # the hypothesis profile of a corpus run
PROFILE_EXAMPLES = 100  # examples of a property test that does not set its own number
SHOWN = 10  # differences printed in full

_events = sys.monitoring.events


# -- normalising what a run cannot repeat -----------------------------------------------------

# an object's address, also where a URL escaped its space ("at%200x...")
_ADDRESS = re.compile(r"(\bat |%20at%20)0x[0-9a-fA-F]+")
# the signed, timestamped CSRF token Flask-WTF writes in its hidden input
_FLASK_CSRF = re.compile(r'(name="csrf_token" (?:type="hidden" )?value=")[\w.-]+')
# the folder pytest's tmp_path makes, numbered per run
_PYTEST_TMP = re.compile(r"/pytest-of-[^/\s]+/pytest-\d+/")
# a masked CSRF token (Django: 64 letters and digits) in the hidden input Django's helpers write
_DJANGO_CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[A-Za-z0-9]{64}')
_CALLER = re.compile(r"^(  )([^\n]+), line (\d+)$", re.MULTILINE)
# the times the guestbook shows: datetime.isoformat() and "%d %b %Y, %H:%M"
_ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:[+-]\d\d:\d\d|Z)?")
_SHOWN_TIME = re.compile(r"\d\d [A-Z][a-z]{2} \d{4}, \d\d:\d\d")
# the same in the guestbook's other languages ("05 déc. 2026, 21:46 UTC"): a date and a time of
# the clock, when the ISO time of the same <time> element is the clock's
_LOCAL_TIME = re.compile(r'(<time datetime="<now>">)[^<]*\d\d:\d\d[^<]*(</time>)')
_NOW = datetime.now(UTC)
_RECENT = timedelta(days=2)  # a time this close to the run is the clock's, not the test's


def stable_files(root: Path) -> frozenset[str]:
    """The file names whose line numbers stay in messages: the tests, README.md and the docs
    (TemplateError names its caller by file name only)."""
    names = {path.name for path in (root / "tests").rglob("*.py")}
    names.update(path.name for path in (root / "docs").glob("*.md"))
    names.add("README.md")
    return frozenset(names)


def _recent(match: re.Match[str], parse: Callable[[str], datetime]) -> str:
    try:
        when = parse(match[0])
    except ValueError:
        return match[0]
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return "<now>" if abs(when - _NOW) < _RECENT else match[0]


def normalise(text: str, stable: frozenset[str] = frozenset()) -> str:
    """``text`` with what differs from run to run replaced by a placeholder: object addresses,
    the current time, Django's and Flask-WTF's CSRF tokens, pytest's numbered temporary
    folders, and the line number of a caller that is not in ``stable``."""
    text = _ADDRESS.sub(r"\g<1>0x?", text)
    if "csrfmiddlewaretoken" in text:
        text = _DJANGO_CSRF.sub(r"\1<csrf token>", text)
    if "csrf_token" in text:
        text = _FLASK_CSRF.sub(r"\1<csrf token>", text)
    if "/pytest-of-" in text:
        text = _PYTEST_TMP.sub("/pytest-of-?/pytest-?/", text)
    if "-" in text or ", " in text:
        text = _ISO_TIME.sub(lambda m: _recent(m, datetime.fromisoformat), text)
        text = _SHOWN_TIME.sub(
            lambda m: _recent(m, lambda t: datetime.strptime(t, "%d %b %Y, %H:%M")), text
        )
        if '"<now>"' in text:
            text = _LOCAL_TIME.sub(r"\1<now>\2", text)

    def caller(match: re.Match[str]) -> str:
        if match[2] in stable:
            return match[0]
        return f"{match[1]}{match[2]}, line ?"

    return _CALLER.sub(caller, text)


def replace_tokens(records: list[dict[str, Any]], tokens: set[str]) -> list[dict[str, Any]]:
    """``records`` with each random token made during them (a CSP nonce, a stream's marker)
    replaced by ``<random N>``, numbered in the order they first appear in the records: which
    renders share a token stays visible, its value does not."""
    if not tokens or not records:
        return records
    text = "\n".join(json.dumps(record, sort_keys=True) for record in records)
    found = sorted((text.find(token), token) for token in tokens if token in text)
    for n, (_at, token) in enumerate(found):
        text = text.replace(token, f"<random {n}>")
    return [json.loads(line) for line in text.split("\n")]


def template_text(template: object) -> str:
    """A template as written: its static strings and ``{expression!conversion:spec}``s."""
    if not isinstance(template, Template):
        return f"<not a template: {describe(template)}>"
    out: list[str] = []
    for index, string in enumerate(template.strings):
        out.append(string)
        if index < len(template.interpolations):
            interpolation = template.interpolations[index]
            out.append("{" + interpolation.expression)
            if interpolation.conversion:
                out.append("!" + interpolation.conversion)
            if interpolation.format_spec:
                out.append(":" + interpolation.format_spec)
            out.append("}")
    return "".join(out)


_PLAIN = (str, int, float, bool, type(None), bytes)


def describe(value: object, limit: int = 60) -> str:
    """A value, for the person reading a difference. Only the repr of built-in types is taken:
    the code of the values under test (their __repr__, lazy functions) must not run here."""
    cls = type(value)
    if cls is int and isinstance(value, int) and value.bit_length() > 64:
        return f"<int of {value.bit_length()} bits>"  # its repr may be refused (too long)
    if cls in _PLAIN:
        text = repr(value)
        return text if len(text) <= limit else text[: limit - 3] + "..."
    if cls is Template:
        return "t" + repr(template_text(value)[:limit])
    if cls in (list, tuple, dict, set, frozenset):
        return f"<{cls.__name__} of {len(value)}>"  # type: ignore[arg-type]
    return f"<{cls.__module__}.{cls.__qualname__}>"


def error_result(error: BaseException, stable: frozenset[str]) -> dict[str, Any]:
    """What is recorded of an exception: its class, anchor, message and notes."""
    result: dict[str, Any] = {
        "error": type(error).__name__,
        "anchor": getattr(error, "anchor", None),
        "message": normalise(str(error), stable),
    }
    notes = getattr(error, "__notes__", None)
    if notes:
        result["notes"] = [normalise(str(note), stable) for note in notes]
    return result


# -- the recorder -----------------------------------------------------------------------------


@dataclass
class Call:
    """One top-level render: what was called with what, and (once known) its result."""

    kind: str
    template: str
    values: list[str]
    result: dict[str, Any] | None = None
    chunks: list[str] | None = None  # of a stream, as they are read

    def record(self, key: str) -> dict[str, Any]:
        result = self.result
        if result is None and self.chunks is not None:
            result = {"chunks": self.chunks, "end": "not read to the end"}
        return {
            "key": key,
            "kind": self.kind,
            "template": self.template,
            "values": self.values,
            "result": result if result is not None else {"end": "did not return"},
        }


@dataclass
class _Scope:
    """The calls of one test (or of collecting one module)."""

    name: str
    calls: list[Call] = field(default_factory=list)
    threaded: list[Call] = field(default_factory=list)
    tokens: set[str] = field(default_factory=set)  # random tokens made meanwhile


@dataclass(frozen=True)
class _Entry:
    kind: str
    argument: int  # the position of the parameter holding the template (a renaming is no change)
    template_only: bool  # record only when that argument is a Template


def _entry_points() -> dict[types.CodeType, _Entry]:
    import htmltemplates  # noqa: PLC0415 - not imported by a run that does not record

    entries = {
        htmltemplates.html.__code__: _Entry("html", 0, template_only=False),
        htmltemplates.TrustedURL.__new__.__code__: _Entry("TrustedURL", 1, True),  # after cls
        htmltemplates.TrustedResourceURL.__new__.__code__: _Entry("TrustedResourceURL", 1, True),
    }
    with contextlib.suppress(ImportError):  # Flask is an optional extra
        from htmltemplates.integrations.flask import stream_html  # noqa: PLC0415

        entries[stream_html.__code__] = _Entry("stream_html", 0, False)
    return entries


class Recorder:
    """Records the top-level renders made between :meth:`start` and :meth:`stop`, grouped by
    the scopes opened with :meth:`begin` (calls outside any scope go to ``"<session>"``)."""

    def __init__(self, stable: frozenset[str] = frozenset()) -> None:
        self.stable = stable
        self.records: list[dict[str, Any]] = []
        self.faults: list[str] = []  # exceptions of the recorder itself
        self._entries = _entry_points()
        # the frames of the calls being recorded, and of the stream bodies being followed, by
        # id (the frame is kept, so that its id is not reused meanwhile)
        self._open: dict[int, tuple[types.FrameType, Call]] = {}
        self._bodies: dict[int, tuple[types.FrameType, Call]] = {}
        self._body_codes: set[types.CodeType] = set()
        # CSP nonces and stream markers come from these
        self._token_codes = {secrets.token_urlsafe.__code__, secrets.token_hex.__code__}
        self._scopes: list[_Scope] = [_Scope("<session>")]
        self._lock = threading.Lock()
        self._main = threading.main_thread()
        self._tool: int | None = None

    # lifetime

    def start(self) -> None:
        monitoring = sys.monitoring
        free = [i for i in MONITORING_IDS if monitoring.get_tool(i) is None]
        if not free:
            raise RuntimeError("corpus: no free sys.monitoring tool id")
        tool = self._tool = free[0]
        monitoring.use_tool_id(tool, "htmltemplates corpus")
        monitoring.register_callback(tool, _events.PY_START, self._on_start)
        monitoring.register_callback(tool, _events.PY_RETURN, self._on_return)
        monitoring.register_callback(tool, _events.PY_YIELD, self._on_yield)
        monitoring.register_callback(tool, _events.PY_UNWIND, self._on_unwind)
        for code in self._entries:
            monitoring.set_local_events(tool, code, _events.PY_START | _events.PY_RETURN)
        for code in self._token_codes:
            monitoring.set_local_events(tool, code, _events.PY_RETURN)
        # PY_UNWIND cannot be asked for one code object: the callback filters
        monitoring.set_events(tool, _events.PY_UNWIND)

    def stop(self) -> None:
        tool = self._tool
        if tool is None:
            return
        self._tool = None
        monitoring = sys.monitoring
        monitoring.set_events(tool, 0)
        for code in (*self._entries, *self._body_codes, *self._token_codes):
            monitoring.set_local_events(tool, code, 0)
        for event in (_events.PY_START, _events.PY_RETURN, _events.PY_YIELD, _events.PY_UNWIND):
            monitoring.register_callback(tool, event, None)
        monitoring.free_tool_id(tool)
        while len(self._scopes) > 1:
            self.end()
        self.end()
        self._open.clear()
        self._bodies.clear()

    @contextlib.contextmanager
    def scope(self, name: str) -> Iterator[None]:
        self.begin(name)
        try:
            yield
        finally:
            self.end()

    def begin(self, name: str) -> None:
        with self._lock:
            self._scopes.append(_Scope(name))

    def end(self) -> None:
        """Close the innermost scope (the session's once only the session's is left)."""
        with self._lock:
            scope = self._scopes.pop()
            if not self._scopes:
                self._scopes.append(_Scope(scope.name))
            self._close(scope)

    def _close(self, scope: _Scope) -> None:
        """Make the calls of ``scope`` records, keyed ``name#ordinal``; calls from other
        threads are keyed ``name#tN``, numbered in sorted order."""
        records = [call.record(f"{scope.name}#{n}") for n, call in enumerate(scope.calls)]
        records = replace_tokens(records, scope.tokens)
        threaded = sorted(
            (replace_tokens([call.record("")], scope.tokens)[0] for call in scope.threaded),
            key=lambda record: json.dumps(record, sort_keys=True),
        )
        for n, record in enumerate(threaded):
            record["key"] = f"{scope.name}#t{n}"
        self.records += records + threaded
        mine = {id(call) for call in (*scope.calls, *scope.threaded)}
        for frames in (self._open, self._bodies):  # a stream not read to the end, say
            for key, (_frame, call) in list(frames.items()):
                if id(call) in mine:
                    del frames[key]

    # sys.monitoring callbacks: never raise into the code being watched

    def _guard(self, callback: Callable[[], None]) -> None:
        try:
            callback()
        except Exception:
            self.faults.append(traceback.format_exc())

    def _on_start(self, code: types.CodeType, _offset: int) -> object:
        entry = self._entries.get(code)
        if entry is not None:
            frame = sys._getframe(1)
            self._guard(lambda: self._enter(entry, frame))
        return None

    def _nested(self, frame: types.FrameType) -> bool:
        """Whether ``frame`` runs inside an entry point or a stream body being read. Asked of
        the stack rather than counted, so that no missed event (a callback that could not run
        at the recursion limit, say) can leave a count wrong."""
        outer = frame.f_back
        while outer is not None:
            if outer.f_code in self._entries or id(outer) in self._bodies:
                return True
            outer = outer.f_back
        return False

    def _enter(self, entry: _Entry, frame: types.FrameType) -> None:
        if self._nested(frame):
            return
        argument = frame.f_locals.get(frame.f_code.co_varnames[entry.argument])
        if entry.template_only and not isinstance(argument, Template):
            return
        values = (
            [describe(i.value) for i in argument.interpolations]
            if isinstance(argument, Template)
            else []
        )
        call = Call(entry.kind, normalise(template_text(argument)), values)
        with self._lock:
            scope = self._scopes[-1]
            if threading.current_thread() is self._main:
                scope.calls.append(call)
            else:
                scope.threaded.append(call)
            self._open[id(frame)] = (frame, call)

    def _on_return(self, code: types.CodeType, _offset: int, value: object) -> object:
        if code in self._entries:
            frame = sys._getframe(1)
            self._guard(lambda: self._leave(frame, value, None))
        elif code in self._body_codes:
            frame = sys._getframe(1)
            self._guard(lambda: self._body_end(frame, {"end": "complete"}))
        elif code in self._token_codes and isinstance(value, str):
            with self._lock:
                self._scopes[-1].tokens.add(value)
        return None

    def _on_yield(self, code: types.CodeType, _offset: int, value: object) -> object:
        if code in self._body_codes:
            body = self._bodies.get(id(sys._getframe(1)))
            if body is not None and body[1].chunks is not None:
                text = value.decode() if isinstance(value, bytes) else str(value)
                body[1].chunks.append(normalise(text, self.stable))
        return None

    def _on_unwind(self, code: types.CodeType, _offset: int, error: BaseException) -> object:
        if code in self._entries:
            frame = sys._getframe(1)
            self._guard(lambda: self._leave(frame, None, error))
        elif code in self._body_codes:
            frame = sys._getframe(1)
            if isinstance(error, GeneratorExit):
                end: dict[str, Any] = {"end": "closed"}
            else:
                end = {"end": error_result(error, self.stable)}
            self._guard(lambda: self._body_end(frame, end))
        return None

    def _leave(self, frame: types.FrameType, value: object, error: BaseException | None) -> None:
        with self._lock:
            opened = self._open.pop(id(frame), None)
        if opened is None:
            return  # a nested call, or one not recorded
        call = opened[1]
        if error is not None:
            call.result = error_result(error, self.stable)
        elif call.kind == "stream_html":
            self._stream(call, value)
        else:
            call.result = {"output": normalise(str(value), self.stable)}

    def _stream(self, call: Call, response: object) -> None:
        """Follow the body of a streamed response: its chunks are the result of the call."""
        body = getattr(response, "response", None)
        if not isinstance(body, types.GeneratorType):
            call.result = {"body": describe(body)}
            return
        call.chunks = []
        frame = body.gi_frame
        if frame is None:  # already exhausted
            call.result = {"chunks": [], "end": "complete"}
            return
        self._bodies[id(frame)] = (frame, call)
        if body.gi_code not in self._body_codes:
            self._body_codes.add(body.gi_code)
            assert self._tool is not None
            sys.monitoring.set_local_events(
                self._tool,
                body.gi_code,
                _events.PY_YIELD | _events.PY_RETURN,
            )

    def _body_end(self, frame: types.FrameType, end: dict[str, Any]) -> None:
        body = self._bodies.pop(id(frame), None)
        if body is None:
            return
        call = body[1]
        call.result = {"chunks": call.chunks, **end}


# -- files and comparison ---------------------------------------------------------------------


def write(path: Path, records: list[dict[str, Any]]) -> None:
    """Write ``records`` as gzipped JSON lines after a header line; the same records make the
    same bytes (no timestamp in the gzip header)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    header = {"corpus": FORMAT, "calls": len(records), **environment()}
    with (
        path.open("wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as out,
    ):
        out.write(json.dumps(header).encode() + b"\n")
        for record in records:
            out.write(json.dumps(record, sort_keys=True).encode() + b"\n")


def environment() -> dict[str, str]:
    """What else decides the samples drawn: hypothesis's version (its draws and its built-in
    constants change between versions) and Python's."""
    import hypothesis  # noqa: PLC0415

    return {"hypothesis": hypothesis.__version__, "python": sys.version.split()[0]}


def read_header(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="ascii") as lines:
        header: dict[str, Any] = json.loads(next(lines))
    if header.get("corpus") != FORMAT:
        raise ValueError(f"{path}: not a corpus file of format {FORMAT}")
    return header


def read(path: Path) -> list[dict[str, Any]]:
    read_header(path)
    with gzip.open(path, "rt", encoding="ascii") as lines:
        next(lines)
        return [json.loads(line) for line in lines]


def environment_warnings(header: dict[str, Any]) -> list[str]:
    """A line for each version that differs from those ``header`` was recorded with."""
    now = environment()
    return [
        f"corpus: recorded with {name} {header.get(name)}, running {version}: the "
        "hypothesis samples may differ (record the baseline again with this venv)"
        for name, version in now.items()
        if header.get(name) != version
    ]


def _compared(record: dict[str, Any]) -> tuple[object, ...]:
    return record["kind"], record["template"], record["result"]


@dataclass
class Comparison:
    expected: int
    actual: int
    same: int
    different: list[tuple[dict[str, Any], dict[str, Any]]]
    missing: list[dict[str, Any]]  # recorded, not made by this run
    new: list[dict[str, Any]]  # made by this run, not recorded

    @property
    def identical(self) -> bool:
        return not self.different

    def report(self, shown: int = SHOWN) -> list[str]:
        lines = [
            f"corpus: {self.expected} calls recorded, {self.actual} in this run; "
            f"{self.same + len(self.different)} compared: {self.same} identical, "
            f"{len(self.different)} different; {len(self.missing)} missing (recorded, not "
            f"made now), {len(self.new)} new (made now, not recorded)"
        ]
        for expected, actual in self.different[:shown]:
            lines += _difference(expected, actual)
        if len(self.different) > shown:
            lines.append(f"... and {len(self.different) - shown} more differences")
        for title, records in (("missing", self.missing), ("new", self.new)):
            for record in records[:shown]:
                lines.append(f"{title}: {record['key']}  {record['template']!r}"[:200])
            if len(records) > shown:
                lines.append(f"... and {len(records) - shown} more {title}")
        return lines


def compare(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> Comparison:
    """Compare by key: a key in both must have the same kind, template and result."""
    before = {record["key"]: record for record in expected}
    after = {record["key"]: record for record in actual}
    different = [
        (before[key], after[key])
        for key in after
        if key in before and _compared(before[key]) != _compared(after[key])
    ]
    return Comparison(
        expected=len(before),
        actual=len(after),
        same=sum(1 for key in after if key in before) - len(different),
        different=different,
        missing=[record for key, record in before.items() if key not in after],
        new=[record for key, record in after.items() if key not in before],
    )


def _difference(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    lines = [
        "",
        f"DIFFERENT {expected['key']} ({expected['kind']})",
        f"  template: {_clip(repr(expected['template']), 0)}",
    ]
    if actual["template"] != expected["template"]:
        lines.append(f"  template now: {_clip(repr(actual['template']), 0)}")
    if expected["values"]:
        lines.append(f"  values: {_clip(', '.join(expected['values']), 0)}")
    want, got = _lines(expected["result"]), _lines(actual["result"])
    column = next(
        (
            next((i for i, (a, b) in enumerate(zip(x, y, strict=False)) if a != b), len(x))
            for x, y in zip(want, got, strict=False)
            if x != y
        ),
        0,
    )
    diff = difflib.unified_diff(want, got, "expected", "actual", n=2, lineterm="")
    lines += ["  " + line[:1] + _clip(line[1:], column) for line in diff]
    return lines


def _lines(result: object, name: str = "") -> list[str]:
    """A result as lines of text, one per line of its output or message, for a diff."""
    if isinstance(result, dict):
        return [line for key in sorted(result) for line in _lines(result[key], name + key)]
    if isinstance(result, list):
        return [line for n, item in enumerate(result) for line in _lines(item, f"{name}[{n}]")]
    if isinstance(result, str):
        return [f"{name}| {repr(line)[1:-1]}" for line in result.split("\n")]
    return [f"{name}= {result!r}"]


def _clip(line: str, column: int, width: int = 150) -> str:
    """``line``, or ``width`` characters of it around ``column``."""
    if len(line) <= width:
        return line
    start = max(0, min(column - width // 3, len(line) - width))
    return ("..." if start else "") + line[start : start + width] + "..."


# -- the pytest plugin ------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("corpus", "differential corpus of renders (tests/support/corpus.py)")
    group.addoption("--corpus-record", metavar="PATH", help="write every top-level render to PATH")
    group.addoption(
        "--corpus-compare", metavar="PATH", help="compare the renders with those in PATH"
    )
    group.addoption(
        "--corpus-show",
        metavar="N",
        type=int,
        default=SHOWN,
        help=f"differences to print in full (default {SHOWN})",
    )


class _Plugin:
    def __init__(self, config: pytest.Config, record: str | None, against: str | None) -> None:
        self.config = config
        self.record = Path(record) if record else None
        self.against = Path(against) if against else None
        self.expected = read(self.against) if self.against else None
        self.warnings = environment_warnings(read_header(self.against)) if self.against else []
        self.recorder = Recorder(stable_files(config.rootpath))
        self.comparison: Comparison | None = None
        self.properties: set[str] = set()  # the node ids of hypothesis tests
        self.recorder.start()

    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(self, collector: pytest.Collector) -> Any:
        with self.recorder.scope(f"<collect {collector.nodeid}>"):
            return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Any:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            self.properties.add(item.nodeid)
        with self.recorder.scope(item.nodeid):
            return (yield)

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        recorder = self.recorder
        recorder.stop()
        if self.record is not None:
            write(self.record, recorder.records)
        if self.expected is not None:
            self.comparison = compare(self.expected, recorder.records)
        if recorder.faults or (self.comparison and not self.comparison.identical):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        write_line = terminalreporter.write_line
        recorder = self.recorder
        terminalreporter.section("differential corpus")
        for fault in recorder.faults[:3]:
            write_line(f"corpus: the recorder failed:\n{fault}", red=True)
        import htmltemplates  # noqa: PLC0415

        write_line(f"corpus: htmltemplates from {Path(htmltemplates.__file__).parent}")
        if self.record is not None:
            samples = sum(
                1
                for record in recorder.records
                if record["key"].rpartition("#")[0] in self.properties
            )
            write_line(
                f"corpus: {len(recorder.records)} calls written to {self.record} "
                f"({samples} by {len(self.properties)} property tests)"
            )
        for warning in self.warnings:
            write_line(warning, yellow=True)
        if self.comparison is not None:
            shown = self.config.getoption("corpus_show")
            lines = self.comparison.report(shown)
            colour = {"green": True} if self.comparison.identical else {"red": True}
            write_line(lines[0], **colour)
            for line in lines[1:]:
                write_line(line)


@pytest.hookimpl(trylast=True)  # after tests/conftest.py has loaded its hypothesis profile
def pytest_configure(config: pytest.Config) -> None:
    record = config.getoption("corpus_record")
    against = config.getoption("corpus_compare")
    if not record and not against:
        return  # inert: nothing is watched
    # The same samples in every run: a derandomized profile (on top of the one loaded) and no
    # example database, whose saved failures would be replayed first. Loaded before collection,
    # so the settings objects the test modules make inherit it.
    from hypothesis import settings  # noqa: PLC0415

    settings.register_profile(
        PROFILE, settings(), derandomize=True, database=None, max_examples=PROFILE_EXAMPLES
    )
    settings.load_profile(PROFILE)
    _without_local_constants()
    config.pluginmanager.register(_Plugin(config, record, against), "corpus-recorder")


def _without_local_constants() -> None:
    """Make hypothesis draw only its own constants. It also draws, now and then, constants found
    in the source of the local modules imported so far (htmltemplates, examples, bench): a
    refactor changes those (a message moves, a module is split), and with them every sample
    after the first such draw, which would make the corpus compare different for no change in
    behaviour. The hook is internal to hypothesis, so its absence stops the run."""
    from hypothesis.internal import constants_ast  # noqa: PLC0415
    from hypothesis.internal.conjecture import providers  # noqa: PLC0415

    if not callable(getattr(providers, "_get_local_constants", None)):
        raise pytest.UsageError(
            "corpus: this hypothesis has no providers._get_local_constants; update "
            "_without_local_constants() in tests/support/corpus.py"
        )
    none = constants_ast.Constants()
    providers._get_local_constants = lambda: none
    providers.CONSTANTS_CACHE.cache.clear()


def main(argv: list[str]) -> int:
    """``python tests/support/corpus.py EXPECTED ACTUAL [N]``: compare two recorded files."""
    if len(argv) not in (2, 3):
        print("usage: python tests/support/corpus.py EXPECTED ACTUAL [SHOWN]", file=sys.stderr)
        return 2
    expected, actual = Path(argv[0]), Path(argv[1])
    before, after = read_header(expected), read_header(actual)
    for name in sorted(environment()):
        if before.get(name) != after.get(name):
            print(f"corpus: {name} {before.get(name)} in {expected}, {after.get(name)} in {actual}")
    comparison = compare(read(expected), read(actual))
    print("\n".join(comparison.report(int(argv[2]) if len(argv) == 3 else SHOWN)))
    return 0 if comparison.identical else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
