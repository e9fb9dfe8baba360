"""``html_async()`` and ``stream_html_async()``: templates whose element content holds
awaitables, async iterables and async components, awaited concurrently, rendered in order.

Built on the streaming plans (runtime/streaming.py), as stream_html() is. A *pass* runs the
pieces of a template synchronously, to the end: every awaitable it meets is started at once, as
a task, and stands in the pass's parts where it was found; an async iterable gets a task that
reads it item by item. A task renders what its awaitable resolved to with a pass of its own
(which starts more tasks). The renderers then walk the parts in template order, waiting for
each task in turn. So independent awaitables of a page run concurrently, each task sees the
context variables (Provider values, the CSP nonce) of the place it was found, and the output is
always in template order. The first task to fail cancels the others; its error propagates,
located in its template.
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import inspect
import sys
from collections.abc import AsyncGenerator, AsyncIterable, Generator
from string.templatelib import Template
from typing import Any

from markupsafe import Markup

from ._api import _reject, _unlocated_too_deep
from ._streaming import CHUNK_SIZE, check_chunk_size, located
from .errors import TemplateError, origin_of
from .runtime.components import annotate
from .runtime.streaming import CUT, Awaiting, Piece, render_later, stream_template
from .runtime.text import NESTING_CODE, on_its_own, own_plan
from .runtime.values import close_awaitables

__all__ = ["html_async", "stream_html_async"]

_new_str = str.__new__


async def html_async(template: Template) -> Markup:
    """Render a t-string to safe HTML, as :func:`~htmltemplates.html` does, awaiting the
    async values in its element content.

    Besides everything html() takes, element content (and the templates, lists and components
    nested there) may hold coroutines and other awaitables, async iterables (rendered item by
    item), async components (``async def Card(...) -> Template``, called or written as a tag)
    and lazy values returning any of these. They are all started at once and awaited
    concurrently; the output is in template order. If one fails, the others are cancelled and
    its error is raised. An awaitable anywhere else (an attribute, a ``<script>``, a prop
    other than children) is refused: await it where the template is written
    (``{await fetch_url()}``).
    """
    if template.__class__ is not Template:
        _reject(template)
    origin = origin_of(sys._getframe(1))
    tasks = _Tasks()
    failed = True
    try:
        parts = _pass(stream_template(template), tasks)
        if not tasks.started:
            failed = False
            return _new_str(Markup, "".join(parts))  # type: ignore[arg-type]
        out = [text async for text in _walk(parts, tasks) if text is not None]
        failed = False
        return _new_str(Markup, "".join(out))
    except TemplateError as error:
        own = own_plan(error, template)
        if own is not None:  # a template whose end is uncertain, on its own
            return on_its_own(template, own)
        raise located(error, template, origin) from None
    except RecursionError:
        raise _unlocated_too_deep(template).with_traceback(None) from None
    finally:
        await tasks.close(template, failed)


def stream_html_async(template: Template, *, chunk_size: int = CHUNK_SIZE) -> AsyncGenerator[str]:
    """The HTML of ``await html_async(template)`` in chunks, for an async server to send as
    they are rendered: everything before the first value still pending is sent at once, then
    each part as its value resolves, in template order. A chunk is also sent once
    ``chunk_size`` characters are gathered: a generator of rows is read as the page is sent,
    never to its end before the first chunk (the awaitables of the page are started up to
    64 kB of text ahead of the value being awaited). The stream runs in a copy of the context
    variables of its creation (the CSP nonce, Provider values), whoever reads it. Closing the
    generator early (``aclose()``) cancels the tasks still running."""
    if template.__class__ is not Template:
        _reject(template)
    check_chunk_size(chunk_size)
    chunks = _chunks(template, chunk_size, origin_of(sys._getframe(1)))
    return _in_context(chunks, contextvars.copy_context())


async def _in_context(
    chunks: AsyncGenerator[str], context: contextvars.Context
) -> AsyncGenerator[str]:
    """``chunks``, each step run in ``context`` (as a task of its own, which tasks started by
    the step copy), and closed in it."""
    loop = asyncio.get_running_loop()
    step: asyncio.Task[str] | None = None
    try:
        while True:
            step = loop.create_task(anext(chunks), context=context)
            try:
                chunk = await step
            except StopAsyncIteration:
                return
            yield chunk
    finally:
        if step is not None and not step.done():  # cancelled while a step ran
            step.cancel()
            await asyncio.gather(step, return_exceptions=True)
        await loop.create_task(chunks.aclose(), context=context)


# How far the stream reads a template ahead of a value it waits for, so that the awaitables
# after it run meanwhile: this many characters of text, or this many values waited for
_READ_AHEAD = 65536
_READ_AHEAD_VALUES = 256


async def _chunks(template: Template, chunk_size: int, origin: str) -> AsyncGenerator[str]:
    tasks = _Tasks()
    pending: list[str] = []
    size = 0
    sent = False
    parts = _Parts(stream_template(template), tasks)
    failed = True
    try:
        while (part := parts.take()) is not None:
            if isinstance(part, str):
                pending.append(part)
                size += len(part)
                if size >= chunk_size:
                    yield "".join(pending)
                    pending.clear()
                    size, sent = 0, True
                continue
            parts.read_ahead()  # start the awaitables after this one, while it is awaited
            async for text in _walk([part], tasks):
                if text is not None:
                    pending.append(text)
                    size += len(text)
                    if size < chunk_size:
                        continue
                if size:  # None: about to wait for a value
                    yield "".join(pending)
                    pending.clear()
                    size, sent = 0, True
        failed = False
    except TemplateError as error:
        own = own_plan(error, template)
        if own is not None and not size and not sent:
            yield on_its_own(template, own)
            return
        raise located(error, template, origin) from None
    except RecursionError:
        raise _unlocated_too_deep(template).with_traceback(None) from None
    finally:
        parts.close()
        await tasks.close(template, failed)
    if size:
        yield "".join(pending)


_END = object()  # the end of a template's pieces (CUT is None)


class _Parts:
    """The parts of a template's pass, read as the stream takes them: its pieces run one at a
    time, and further ahead only when a value must be waited for, so that a generator of rows
    is read as the page is sent."""

    __slots__ = ("_ahead", "_ahead_text", "_pieces", "_tasks")

    def __init__(self, pieces: Generator[Piece], tasks: _Tasks) -> None:
        self._pieces = pieces
        self._tasks = tasks
        self._ahead: collections.deque[Part] = collections.deque()
        self._ahead_text = 0

    def take(self) -> Part | None:
        """The next part, None at the end."""
        if self._ahead:
            part = self._ahead.popleft()
            if isinstance(part, str):
                self._ahead_text -= len(part)
            return part
        return self._next()

    def read_ahead(self) -> None:
        """Run the pieces ahead, starting the tasks of the values met, until _READ_AHEAD
        characters or _READ_AHEAD_VALUES values are read ahead, or the pieces end."""
        values = sum(1 for part in self._ahead if isinstance(part, asyncio.Task | _Items))
        while self._ahead_text < _READ_AHEAD and values < _READ_AHEAD_VALUES:
            part = self._next()
            if part is None:
                return
            self._ahead.append(part)
            if isinstance(part, str):
                self._ahead_text += len(part)
            else:
                values += 1

    def _next(self) -> Part | None:
        piece: Piece | object = CUT
        while piece is CUT:  # (where stream_html() may cut: here the chunk size cuts)
            piece = next(self._pieces, _END)
        if piece is _END:
            return None
        if isinstance(piece, str):
            return piece
        assert isinstance(piece, Awaiting)
        if inspect.isawaitable(piece.value):
            return self._tasks.start(_resolve(piece, self._tasks))
        return _Items(piece, self._tasks)

    def close(self) -> None:
        self._pieces.close()


# -- passes and tasks ----------------------------------------------------------------------------

type Part = str | asyncio.Task[list[Any]] | _Items


class _Items:
    """An async iterable being read by a task: the parts of each item, in a queue, then None.
    The task reads one item ahead of what is sent."""

    __slots__ = ("queue", "task")

    def __init__(self, awaiting: Awaiting, tasks: _Tasks) -> None:
        # one item read ahead, no more: an endless async generator is read as it is sent
        self.queue: asyncio.Queue[list[Part] | None] = asyncio.Queue(maxsize=1)
        self.task = tasks.start(self._read(awaiting, tasks))

    async def _read(self, awaiting: Awaiting, tasks: _Tasks) -> list[Any]:
        slot, depth = awaiting.slot, awaiting.depth
        items: AsyncIterable[object] = awaiting.value  # type: ignore[assignment]
        with _noted(awaiting):
            try:
                async for item in items:
                    await self.queue.put(_pass(render_later(item, slot, depth + 1), tasks))
            finally:
                # cancelled (the render failed, or the stream was closed): an async generator
                # paused between items runs its finally blocks now, not when it is collected
                close = getattr(items, "aclose", None)
                if close is not None:
                    await close()
        await self.queue.put(None)
        return []


class _Tasks:
    """The tasks of one render: started in the context of the place their value was found;
    the first to fail is kept, and the others cancelled when the render ends."""

    __slots__ = ("failed", "running", "started")

    def __init__(self) -> None:
        self.running: set[asyncio.Task[Any]] = set()
        self.failed: asyncio.Future[BaseException] | None = None
        self.started = False

    def start(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coroutine)
        if self.failed is None:
            self.failed = asyncio.get_running_loop().create_future()
        self.started = True
        self.running.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.running.discard(task)
        if task.cancelled():
            return
        # retrieved from every task, so that asyncio does not log the errors of those that
        # failed after the first ("Task exception was never retrieved")
        error = task.exception()
        if error is not None and self.failed is not None and not self.failed.done():
            self.failed.set_result(error)

    async def wait[T](self, future: asyncio.Future[T]) -> T:
        """The result of ``future``, or the error of the first task that failed before it."""
        assert self.failed is not None
        if not future.done():
            await asyncio.wait((future, self.failed), return_when=asyncio.FIRST_COMPLETED)
        if future.done():
            return future.result()  # (its own error, if it failed)
        future.cancel()
        raise self.failed.result()

    async def close(self, template: Template, failed: bool) -> None:
        """Cancel the tasks still running; after an error, close the coroutines of
        ``template`` never started (they would warn that they were never awaited)."""
        running = list(self.running)
        for task in running:
            task.cancel()
        if running:
            await asyncio.gather(*running, return_exceptions=True)
        if failed:
            close_awaitables(template)


def _pass(pieces: Generator[Piece], tasks: _Tasks) -> list[Part]:
    """Run ``pieces`` to the end: their text, and a task for each awaitable or async iterable
    met (started at once, in the context of the place it was found)."""
    parts: list[Part] = []
    append = parts.append
    for piece in pieces:
        if piece is CUT:
            continue
        if isinstance(piece, str):
            append(piece)
        elif inspect.isawaitable(piece.value):
            append(tasks.start(_resolve(piece, tasks)))
        else:
            append(_Items(piece, tasks))
    return parts


async def _resolve(awaiting: Awaiting, tasks: _Tasks) -> list[Part]:
    """Await ``awaiting``'s value; the parts of what it resolved to."""
    with _noted(awaiting):
        value = await awaiting.value  # type: ignore[misc]
        return _pass(render_later(value, awaiting.slot, awaiting.depth), tasks)


class _noted:  # noqa: N801 - used as a with statement
    """Errors raised while an awaited value is resolved and rendered: located in the template
    it was found in, and noted with the component that returned it, as html() does."""

    __slots__ = ("awaiting",)

    def __init__(self, awaiting: Awaiting) -> None:
        self.awaiting = awaiting

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, traceback: object) -> None:
        awaiting = self.awaiting
        template = awaiting.template
        if isinstance(error, TemplateError) and error.template is None and template is not None:
            error.locate(template)
        call = awaiting.call
        if isinstance(error, Exception) and call is not None:
            annotate(error, call.component, call.props, call.site, call.interpolations)


async def _walk(parts: list[Part], tasks: _Tasks) -> AsyncGenerator[str | None]:
    """The text of ``parts`` in order, each task's parts in its place once it is done; None
    before waiting for a task that is not done yet."""
    for part in parts:
        if isinstance(part, str):
            yield part
        elif isinstance(part, _Items):
            while True:
                getter = asyncio.ensure_future(part.queue.get())
                try:
                    if not getter.done():
                        yield None
                    item = await tasks.wait(getter)
                finally:
                    # the walk stopped while it waited (the stream was closed, the client went
                    # away): no task may be left waiting on the queue
                    if not getter.done():
                        getter.cancel()
                if item is None:
                    break
                async for text in _walk(item, tasks):
                    yield text
            await tasks.wait(part.task)
        else:
            task: asyncio.Task[list[Part]] = part
            if not task.done():
                yield None
            async for text in _walk(await tasks.wait(task), tasks):
                yield text


NESTING_CODE.update(function.__code__ for function in (_pass, _resolve, _Items._read))
