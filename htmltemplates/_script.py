"""``script()``: a ``<script>`` element written in a plain string, whose JavaScript keeps its
braces single, with values marked ``{{ name }}`` as in Jinja2 (docs/contexts.md#inline-scripts).

The source is split once (remembered by its text) into the static strings of a ``Template``
and the names of its holes; each call puts the values in the holes as interpolations whose
expression is their name. html() then treats the result as the t-string
``t"<script>...{name}...</script>"`` it stands for: the same scan, the same escaping by where
each hole stands, the same refusals, with errors that show ``{name}`` under a caret.
"""

from __future__ import annotations

import re
from string.templatelib import Interpolation, Template

from ._memory import Memory

__all__ = ["script"]

# {{ name }}: a Python identifier between double braces, spaces allowed inside
_HOLE = re.compile(r"\{\{\s*([^\W\d]\w*)\s*\}\}")
_OPENING = re.compile(r"\{\{")
# a value of type= is a MIME type or a keyword (module, importmap): nothing that ends the tag
_TYPE = re.compile(r"[A-Za-z0-9][A-Za-z0-9+./-]*")
_END = re.compile(r"</script", re.IGNORECASE)


def _split(source: str, kind: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`_split_source`, remembered by source and type (bounded in bytes, forgotten with
    the caches): the same strings tuple at each call, as a t-string literal hands out."""
    split = _SPLITS.get((source, kind))
    if split is None:
        split = _SPLIT_MEMORY.add((source, kind), _split_source(source, kind))
    return split


def _split_source(source: str, kind: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The static strings and the hole names of ``source`` in a ``<script>`` of type ``kind``,
    or ValueError on a source that is not a script body with ``{{ name }}`` holes."""
    if kind is not None and not _TYPE.fullmatch(kind):
        raise ValueError(f"script(): type={kind!r} is not a script type (module, a MIME type)")
    if found := _END.search(source):
        raise ValueError(
            f"script(): the source holds '</script' at character {found.start()}, which would "
            "end the element there: write it as '<\\/script' in a JavaScript string"
        )
    strings: list[str] = []
    names: list[str] = []
    start = 0
    for hole in _HOLE.finditer(source):
        strings.append(source[start : hole.start()])
        names.append(hole.group(1))
        start = hole.end()
    strings.append(source[start:])
    for text in strings:
        if stray := _OPENING.search(text):
            raise ValueError(
                f"script(): {text[stray.start() : stray.start() + 30]!r} is not a hole: a hole "
                "is {{ name }}, one Python name, with its value passed as name=... (no "
                "filters: values are written as JavaScript literals). For JavaScript's own "
                "'{{', put a space between the braces."
            )
    opening = "<script>" if kind is None else f'<script type="{kind}">'
    strings[0] = opening + strings[0]
    strings[-1] += "</script>"
    return tuple(strings), tuple(names)


_SPLIT_MEMORY = Memory[tuple[str, str | None], tuple[tuple[str, ...], tuple[str, ...]]](
    "script-splits"
)
_SPLITS = _SPLIT_MEMORY.entries


def script(source: str, /, *, type: str | None = None, **values: object) -> Template:
    """A ``<script>`` element whose body is ``source``, plain JavaScript with single braces,
    with each ``{{ name }}`` in it replaced by ``values[name]`` as html() writes a value there:
    a JavaScript literal where an expression goes, the text of a string inside one.

    >>> from htmltemplates import html
    >>> html(script("if (ready) { start({{ cfg }}); }", cfg={"debug": True}))
    Markup('<script>if (ready) { start( {"debug": true} ); }</script>')

    ``type`` is the element's ``type`` attribute (``"module"``, ``"application/json"``...).
    A hole without a value, or a value without a hole, is a ``TypeError``; a source holding
    ``</script`` or ``{{`` that does not start a hole is a ``ValueError``. The source is trusted
    like the static text of a t-string: never build it from data.
    """
    strings, names = _split(source, type)
    missing = [name for name in names if name not in values]
    if missing:
        raise TypeError(f"script(): no value for {', '.join(sorted(set(missing)))}")
    if unused := values.keys() - set(names):
        raise TypeError(f"script(): no {{{{ {min(unused)} }}}} in the source for {min(unused)}=")
    parts: list[str | Interpolation[object]] = [strings[0]]
    for name, text in zip(names, strings[1:], strict=True):
        parts.append(Interpolation(values[name], name))
        parts.append(text)
    return Template(*parts)
