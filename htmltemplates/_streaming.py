"""``stream_html()``: the HTML of ``html(template)`` in chunks, sent as it is rendered.

The pieces come from the streaming plans (runtime/streaming.py); this module gathers them into
chunks, runs them in the context the stream was created in, and reports errors as html() does.
"""

from __future__ import annotations

import contextvars
import sys
from collections.abc import Generator, Iterator
from string.templatelib import Template

from ._api import _reject, _unlocated_too_deep
from ._literal import with_literal_frame
from .errors import ErrorCode, TemplateError, origin_of
from .runtime.streaming import CUT, Awaiting, Piece, stream_template
from .runtime.text import on_its_own, own_plan
from .runtime.values import close_awaitables

__all__ = ["CHUNK_SIZE", "Stream", "check_chunk_size", "chunks", "located", "stream_html"]

CHUNK_SIZE = 8192
"""The characters stream_html() gathers before it sends a chunk (after the first one)."""


def stream_html(template: Template, *, chunk_size: int = CHUNK_SIZE) -> Stream:
    """The HTML of ``html(template)``, in chunks of text, rendered as they are taken.

    Joined, the chunks are exactly ``html(template)``. The first chunk is everything before
    the first place where rendering may wait: the next item of an iterator (a generator of
    rows from a database cursor), a lazy value, a component written as a tag, in element
    content, at any depth of nested templates and components. After that, a chunk is sent at
    such a place once at least ``chunk_size`` characters are gathered (0: at every such place),
    before what comes next is evaluated. The stream runs in a copy of the context variables
    of its creation (the CSP nonce, Provider values), whoever reads it and from where.

    An error is raised where it happens, with the template located as html() locates it; what
    was sent before it stays sent. Closing the stream early (``close()``, or a server that
    stops reading) closes the generators it was reading. Async values are refused as html()
    refuses them: stream them with :func:`stream_html_async`.
    """
    if template.__class__ is not Template:
        _reject(template)
    check_chunk_size(chunk_size)
    return Stream(chunks(template, chunk_size, origin_of(sys._getframe(1))))


def check_chunk_size(chunk_size: object) -> None:
    if chunk_size.__class__ is not int or chunk_size < 0:
        raise ValueError(f"chunk_size must be an int >= 0, not {chunk_size!r}")


class Stream(Iterator[str]):
    """The chunks of a page (what :func:`stream_html` returns): an iterator of ``str``, each
    step run in the context variables the stream was created with."""

    __slots__ = ("_chunks", "_context")

    def __init__(self, chunks: Generator[str]) -> None:
        self._chunks = chunks
        self._context = contextvars.copy_context()

    def __next__(self) -> str:
        return self._context.run(next, self._chunks)

    def close(self) -> None:
        """Stop: the generators being read are closed (their ``finally`` blocks run)."""
        self._context.run(self._chunks.close)

    def __del__(self) -> None:
        # an unfinished stream dropped: its generators are closed in its context, where the
        # values its providers set are reset
        self.close()

    def __enter__(self) -> Stream:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def chunks(template: Template, chunk_size: int, origin: str) -> Generator[str]:
    """The chunks: one at the first CUT, then one at each CUT where at least ``chunk_size``
    characters are gathered; the last holds the rest."""
    pending: list[str] = []
    append = pending.append
    size = 0
    sent = False
    pieces = _sync_pieces(stream_template(template))
    try:
        for piece in pieces:
            if piece is not CUT:
                append(piece)
                size += len(piece)
                continue
            if not size or (sent and size < chunk_size):
                continue
            yield "".join(pending)
            pending.clear()
            size = 0
            sent = True
    except TemplateError as error:
        own = own_plan(error, template)
        if own is not None and not sent and not size:
            # a template whose end is uncertain, streamed on its own: nothing follows it
            yield on_its_own(template, own)
            return
        raise located(error, template, origin) from None
    except RecursionError:
        raise _unlocated_too_deep(template).with_traceback(None) from None
    finally:
        pieces.close()
    if size:
        yield "".join(pending)


def located(error: TemplateError, template: Template, origin: str) -> TemplateError:
    """``error`` as html() would raise it for ``template``, naming ``origin`` as its caller
    (the code on the stack when a chunk is taken is whoever reads the stream)."""
    if error.anchor == ErrorCode.ASYNC_VALUE:
        close_awaitables(template)  # the others would warn that they were never awaited
    if error.template is None:
        error.template = template
    error.called_from(origin)
    return error.with_traceback(with_literal_frame(error, error.__traceback__, sys._getframe(1)))


def _sync_pieces(pieces: Generator[Piece]) -> Generator[str | None]:
    """``pieces`` with each Awaiting refused where it was found: its RenderError is thrown into
    the generator that yielded it, so that it is located as html() locates it."""
    error: BaseException | None = None
    try:
        while True:
            try:
                piece = next(pieces) if error is None else pieces.throw(error)
            except StopIteration:
                return
            error = None
            if piece.__class__ is Awaiting:
                error = piece.refusal()
                continue
            yield piece  # type: ignore[misc]
    finally:
        pieces.close()
