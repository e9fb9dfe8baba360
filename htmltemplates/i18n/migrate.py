"""``python -m htmltemplates migrate-po FILE.po...``: rewrite the message ids and translations
of a catalog made for Jinja2 / Flask-Babel (``%(name)s`` placeholders, ``%%`` for a percent
sign) into the ids of translated t-strings (``{name}``, ``{{`` and ``}}`` for braces), so that
the translations match what ``pybabel extract`` with the ``htmltemplates`` method writes and
are not made fuzzy by ``pybabel update``.

The catalogs are read and written with Babel (``babel.messages.pofile``, the ``i18n``
extra). An entry with a placeholder that has no t-string form (a positional ``%s``, a ``*``
width, a key that is no name) is left as it is and reported; the command then exits with
status 1.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from babel.messages import pofile
from babel.messages.catalog import Catalog, Message

from .messages import is_hole_name

__all__ = [
    "MARK",
    "AlreadyMigratedError",
    "EntryReport",
    "Migration",
    "convert",
    "main",
    "migrate_catalog",
]

# a percent sign (%%), a %-placeholder, or a brace of the text
_TOKEN = re.compile(
    r"""
    %(?:
        (?P<percent>%)
      | (?:\((?P<key>[^)]*)\))?
        (?P<flags>[-\#0\ +]*)
        (?P<width>\*|\d*)
        (?:\.(?P<precision>\*|\d*))?
        [hlL]?
        (?P<type>[diouxXeEfFgGcrsa]?)
    )
    | (?P<brace>[{}])
    """,
    re.VERBOSE,
)
_PLAIN_TYPES = frozenset("sdiu")
# a named %-placeholder (Babel's test of a python-format text, with a name)
_NAMED = re.compile(r"%\([^)]*\)[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrsa]")

MARK = "# Placeholders migrated to t-string ids (htmltemplates migrate-po)."
"""The header comment line a migrated catalog gets: a second run would double its braces (a
``{name}`` hole and a Jinja text's literal ``{name}`` look the same), so it refuses a catalog
that has it."""


@dataclass(frozen=True, slots=True)
class _Converted:
    text: str
    notes: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()


def _format_spec(flags: str, width: str, precision: str | None, kind: str) -> str:
    """The ``str.format`` conversion and spec (``!r``, ``:>5.2f``) of a %-placeholder."""
    conversion = f"!{kind}" if kind in "ra" else ""
    align = "<" if "-" in flags else (">" if width and kind in "sra" else "")
    sign = "".join(flag for flag in "+ " if flag in flags)[:1]
    alternate = "#" if "#" in flags else ""
    zero = "0" if "0" in flags and "-" not in flags else ""
    dot = "" if precision is None else f".{precision or 0}"
    letter = "d" if kind in "iu" else ("" if kind in "sra" else kind)
    spec = f"{align}{sign}{alternate}{zero}{width}{dot}{letter}"
    return conversion + (f":{spec}" if spec else "")


def convert(text: str, python_format: bool) -> _Converted:
    """``text`` written as a t-string message id: ``%(name)s`` as ``{name}``, ``%%`` as ``%``
    (only when ``python_format``: the text is a %-format, as Babel flags it), and a brace as
    ``{{`` or ``}}``. A placeholder with a format beyond its name is converted with a note (the
    format goes in the t-string: the id keeps the name only); one with no t-string form is a
    problem."""
    parts: list[str] = []
    notes: list[str] = []
    problems: list[str] = []
    position = 0
    for match in _TOKEN.finditer(text):
        if match["brace"] is None and not python_format:
            continue  # a literal % in a text that is no %-format
        parts.append(text[position : match.start()])
        position = match.end()
        written = match[0]
        if match["brace"] is not None:
            parts.append(written * 2)
        elif match["percent"] is not None:
            parts.append("%")
        elif match["key"] is None and not match["type"]:
            problems.append(f"{written!r} is a lone % (a percent sign is %% in a %-format)")
            parts.append(written)
        elif match["key"] is None:
            problems.append(f"the positional placeholder {written!r} has no name")
            parts.append(written)
        elif not is_hole_name(match["key"]):
            problems.append(f"the placeholder {written!r} is not named by a Python name")
            parts.append(written)
        elif not match["type"] or "*" in (match["width"], match["precision"]):
            problems.append(f"the placeholder {written!r} has no t-string form")
            parts.append(written)
        else:
            name, kind = match["key"], match["type"]
            parts.append(f"{{{name}}}")
            flags, width, precision = match["flags"], match["width"], match["precision"]
            if kind not in _PLAIN_TYPES or flags or width or precision is not None:
                spec = _format_spec(flags, width, precision, kind)
                notes.append(
                    f"{written} is {{{name}}} in the id: write {{{name}{spec}}} in the t-string"
                )
    parts.append(text[position:])
    return _Converted("".join(parts), tuple(dict.fromkeys(notes)), tuple(problems))


@dataclass(frozen=True, slots=True)
class EntryReport:
    """What happened to one entry: its (first) message id in the file, its line there, and
    the notes (converted) or problems (left unchanged)."""

    msgid: str
    lineno: int | None
    converted: bool
    notes: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()


@dataclass(slots=True)
class Migration:
    """The reports of a migrated catalog: every entry whose text changed or was refused."""

    entries: list[EntryReport] = field(default_factory=list)

    @property
    def converted(self) -> int:
        return sum(entry.converted for entry in self.entries)

    @property
    def left(self) -> list[EntryReport]:
        return [entry for entry in self.entries if not entry.converted]


def _texts(value: str | Sequence[str] | None) -> tuple[str, ...]:
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value)


def _rebuilt(message: Message, ids: tuple[str, ...], strings: tuple[str, ...]) -> Message:
    # flags recomputed from the new ids (python-format goes, python-brace-format comes)
    flags = message.flags - {"python-format", "python-brace-format"}
    return Message(
        ids[0] if len(ids) == 1 else ids,
        strings[0] if len(strings) == 1 and len(ids) == 1 else strings,
        locations=message.locations,
        flags=flags,
        auto_comments=message.auto_comments,
        user_comments=message.user_comments,
        previous_id=message.previous_id,
        lineno=message.lineno,
        context=message.context,
    )


class AlreadyMigratedError(ValueError):
    """The catalog's header says it was migrated already."""


def migrate_catalog(catalog: Catalog) -> Migration:
    """Rewrite, in place, each entry of ``catalog`` (a Babel ``Catalog``) from %-placeholders
    to t-string ids, its msgid, msgid_plural and every msgstr; an entry with a placeholder
    that has no t-string form, or whose new id another entry has, is left as it was. The
    header comment gets MARK; a catalog that has it is refused (AlreadyMigratedError)."""
    header = catalog.header_comment
    if MARK in header.splitlines():
        raise AlreadyMigratedError("the catalog was migrated already (its header comment says so)")
    catalog.header_comment = f"{header.rstrip(chr(10))}\n{MARK}" if header else MARK
    migration = Migration()
    messages = [message for message in catalog if message.id]
    taken = {(message.id, message.context) for message in messages}
    result: list[Message] = []
    for message in messages:
        ids, strings = _texts(message.id), _texts(message.string)
        python_format = bool(message.python_format)
        converted = [convert(text, python_format) for text in (*ids, *strings)]
        new_ids = tuple(c.text for c in converted[: len(ids)])
        new_strings = tuple(c.text for c in converted[len(ids) :])
        notes = tuple(dict.fromkeys(note for c in converted for note in c.notes))
        problems = tuple(dict.fromkeys(problem for c in converted for problem in c.problems))
        new_key = (new_ids[0] if len(ids) == 1 else new_ids, message.context)
        if not python_format and any(_NAMED.search(text) for text in strings):
            problems = (
                "its translation has %(name)s placeholders and its id has none: was the"
                " catalog updated to the new ids already? Migrate it as Jinja left it, before"
                " pybabel update",
            )
        if not problems and new_ids != ids and new_key in taken:
            problems = (f"its new id {new_ids[0]!r} is the id of another entry",)
        if (new_ids, new_strings) == (ids, strings) and not problems:
            result.append(message)
            continue
        report = EntryReport(ids[0], message.lineno, not problems, notes, problems)
        migration.entries.append(report)
        if problems:
            result.append(message)
            continue
        taken.add(new_key)
        result.append(_rebuilt(message, new_ids, new_strings))
    for message in messages:
        catalog.delete(message.id, message.context)
    for message in result:
        catalog[message.id] = message
    return migration


def _describe(path: str, migration: Migration) -> list[str]:
    lines = []
    for entry in migration.entries:
        where = f"{path}:{entry.lineno}" if entry.lineno is not None else path
        lines += [f"{where}: {entry.msgid!r}: converted; {note}" for note in entry.notes]
        lines += [f"{where}: {entry.msgid!r}: left unchanged: {p}" for p in entry.problems]
    left = len(migration.left)
    lines.append(
        f"{path}: {migration.converted} entries converted, {left} left unchanged"
        + (" (see above)" if left else "")
    )
    return lines


def main(argv: Sequence[str]) -> int:
    """The command: migrate each FILE.po to ``-o`` (one file), in place, or to stdout."""
    parser = argparse.ArgumentParser(
        prog="python -m htmltemplates migrate-po",
        description=(
            "Rewrite the %(name)s placeholders of Jinja2 / Flask-Babel catalogs (.po) as the"
            " {name} holes of translated t-strings, in the ids and the translations."
        ),
    )
    parser.add_argument("files", nargs="+", metavar="FILE.po")
    target = parser.add_mutually_exclusive_group()
    target.add_argument("-o", "--output", metavar="OUT.po", help="write the catalog here")
    target.add_argument("--in-place", action="store_true", help="rewrite each FILE.po")
    options = parser.parse_args(list(argv))
    if len(options.files) > 1 and not options.in_place:
        parser.error("several files are migrated --in-place only")
    status = 0
    for path in options.files:
        try:
            with open(path, "rb") as po:
                catalog = pofile.read_po(po)
        except OSError as error:
            print(f"{path}: not migrated: {error.strerror or error}", file=sys.stderr)
            status = 2
            continue
        try:
            migration = migrate_catalog(catalog)
        except AlreadyMigratedError as error:
            print(f"{path}: not migrated: {error}", file=sys.stderr)
            status = 2
            continue
        written = io.BytesIO()
        pofile.write_po(written, catalog, include_previous=True)
        if options.in_place:
            destination = path
        elif options.output:
            destination = options.output
        else:
            sys.stdout.buffer.write(written.getvalue())
            sys.stdout.flush()
            destination = None
        if destination is not None:
            with open(destination, "wb") as out:
                out.write(written.getvalue())
        for line in _describe(path, migration):
            print(line, file=sys.stderr)
        if migration.left:
            status = max(status, 1)
    return status
