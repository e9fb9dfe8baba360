"""Every template the suite renders, rendered again by stream_html() and html_async(): the
results must be html()'s, byte for byte, or the same error.

A pytest plugin, loaded on request (``make test`` loads it for its second run)::

    pytest -p streamcheck

Each top-level call of ``html()`` is watched with ``sys.monitoring`` (as tests/support/corpus.py
does), so every module's ``from htmltemplates import html`` is seen without a wrapper. When the call
returns, if its template holds only data that renders the same every time (strings, numbers,
None, booleans, Markup, nested templates, lists, tuples and dicts of these: no function, no
iterator, no object whose rendering could have effects), the template is rendered again by
``"".join(stream_html(t))`` and by ``html_async(t)``, with the monitoring off. A difference fails
the test that made the call. Tests that count compiles, cache entries or calls are marked
``no_streamcheck``: the renders added would change their counts; the examples of README.md and
docs/ are not watched (some count compiles and calls too).
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
import threading
import types
from string.templatelib import Interpolation, Template
from typing import Any

import pytest
from markupsafe import Markup

import htmltemplates
from htmltemplates import TemplateError

MONITORING_IDS = (3, 4)
_DATA = (str, int, float, bool, type(None))
_events = sys.monitoring.events


def replayable(value: object, depth: int = 0) -> bool:
    """Whether rendering ``value`` again gives the same result and has no effect."""
    if depth > 50:
        return False
    cls = value.__class__
    if cls in _DATA or cls is Markup:
        return True
    if cls is Template:
        return all(
            replayable(i.value, depth + 1)
            for i in value.interpolations  # type: ignore[attr-defined]
        )
    if cls is Interpolation:
        return replayable(value.value, depth + 1)  # type: ignore[attr-defined]
    if cls is list or cls is tuple:
        return all(replayable(item, depth + 1) for item in value)  # type: ignore[attr-defined]
    if cls is dict:
        return all(
            replayable(key, depth + 1) and replayable(item, depth + 1)
            for key, item in value.items()  # type: ignore[attr-defined]
        )
    return False


def _outcome(render: Any, template: Template) -> tuple[str, str]:
    try:
        return ("output", str(render(template)))
    except TemplateError as error:
        return ("error", f"{type(error).__name__}: {error.anchor}")
    except Exception as error:  # compared, not handled
        return ("error", type(error).__name__)


def _streamed(template: Template) -> str:
    return "".join(htmltemplates.stream_html(template))


def _awaited(template: Template) -> str:
    """``await html_async(template)`` on an event loop of its own, in a thread of its own
    (html() may have been called inside a running loop), with this context's variables."""
    context = contextvars.copy_context()
    result: list[str] = []

    def run() -> None:
        result.append(context.run(asyncio.run, htmltemplates.html_async(template)))

    errors: list[BaseException] = []

    def guarded() -> None:
        try:
            run()
        except BaseException as error:  # raised again below, in this thread
            errors.append(error)

    thread = threading.Thread(target=guarded)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return result[0]


class _Checker:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.checked = 0
        self._code = htmltemplates.html.__code__
        # the frames of the calls watched, kept (a call that raised leaves its entry, and a
        # frame's id is not reused while it is kept), with their templates
        self._open: dict[int, tuple[types.FrameType, Template]] = {}
        self._busy = threading.local()
        self._tool: int | None = None

    def start(self) -> None:
        monitoring = sys.monitoring
        free = [i for i in MONITORING_IDS if monitoring.get_tool(i) is None]
        if not free:
            raise RuntimeError("streamcheck: no free sys.monitoring tool id")
        tool = self._tool = free[0]
        monitoring.use_tool_id(tool, "htmltemplates streamcheck")
        monitoring.register_callback(tool, _events.PY_START, self._on_start)
        monitoring.register_callback(tool, _events.PY_RETURN, self._on_return)
        monitoring.set_local_events(tool, self._code, _events.PY_START | _events.PY_RETURN)

    def stop(self) -> None:
        tool = self._tool
        if tool is None:
            return
        monitoring = sys.monitoring
        monitoring.set_local_events(tool, self._code, 0)
        monitoring.register_callback(tool, _events.PY_START, None)
        monitoring.register_callback(tool, _events.PY_RETURN, None)
        monitoring.free_tool_id(tool)
        self._tool = None

    def _on_start(self, code: types.CodeType, _offset: int) -> object:
        if getattr(self._busy, "on", False):
            return None
        frame = sys._getframe(1)
        outer = frame.f_back
        while outer is not None:  # a nested html() (a component's) is part of the outer one
            if outer.f_code is self._code:
                return None
            outer = outer.f_back
        template = frame.f_locals.get("template")
        if template.__class__ is Template and replayable(template):
            self._open[id(frame)] = (frame, template)  # type: ignore[assignment]
        return None

    def _on_return(self, code: types.CodeType, _offset: int, value: object) -> object:
        opened = self._open.pop(id(sys._getframe(1)), None)
        if opened is None or getattr(self._busy, "on", False):
            return None
        template = opened[1]
        self._busy.on = True
        try:
            expected = ("output", str(value))
            for name, render in (("stream_html", _streamed), ("html_async", _awaited)):
                got = _outcome(render, template)
                if got != expected:
                    self.failures.append(
                        f"{name}: {got!r} != html(): {expected!r} for {template!r}"
                    )
            self.checked += 1
        finally:
            self._busy.on = False
        return None


class _Plugin:
    def __init__(self) -> None:
        self.checker = _Checker()
        self.total = 0

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Any:
        if item.get_closest_marker("no_streamcheck") or item.path.suffix == ".md":
            return (yield)  # it counts compiles or calls (the docs' examples of the cache do)
        checker = self.checker
        checker.failures.clear()
        checker.start()
        try:
            result = yield
        finally:
            checker.stop()
            checker._open.clear()
            self.total += checker.checked
            checker.checked = 0
        if checker.failures:
            shown = "\n".join(checker.failures[:5])
            pytest.fail(f"streamed or awaited, a template rendered otherwise:\n{shown}")
        return result

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        # a pytest-xdist worker hands its count to the controller, which prints the sum
        output = getattr(session.config, "workeroutput", None)
        if output is not None:
            output["streamcheck"] = self.total

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        # the controller, when a worker ends (a hook of pytest-xdist's, called only there)
        self.total += getattr(node, "workeroutput", {}).get("streamcheck", 0)

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if hasattr(terminalreporter.config, "workeroutput"):
            return  # a worker: the controller prints the sum
        terminalreporter.write_line(
            f"streamcheck: {self.total} top-level html() renders rendered again by "
            "stream_html() and html_async(), the same"
        )


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_Plugin(), "streamcheck-plugin")
