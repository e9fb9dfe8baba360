"""Which files the checker reads: the paths walked, the excludes of pyproject.toml and the
command line, the Python code blocks of Markdown files, and files in their declared encoding."""

from __future__ import annotations

import glob
import io
import os
import re
import stat
import tokenize
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .positions import SourceText

__all__ = [
    "Config",
    "ConfigError",
    "Excludes",
    "Unreadable",
    "find_files",
    "load_config",
    "read_python",
    "read_sources",
]

# A fenced code block of Python in Markdown (CommonMark 4.5): its opening fence, indent and
# info string; it ends at a fence of the same character at least as long.
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})[ \t]*(?:python3?|py)(?:[ \t{].*)?$")
# before a fence, skips the block (an HTML comment: Markdown shows nothing of it)
_IGNORE_BLOCK = re.compile(r"^\s*<!--\s*htmltemplates:\s*ignore\s*-->\s*$")
# the other HTML comments that may stand between it and the fence (sybil's `<!-- skip: next -->`)
_HTML_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
# directories never walked into: hidden ones (.git, .venv, .tox...) and bytecode caches
_SKIPPED_DIRECTORIES = ("__pycache__",)


class ConfigError(Exception):
    """The ``[tool.htmltemplates]`` table of pyproject.toml cannot be used."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file that cannot be read as text: where, and why."""

    line: int
    reason: str


class Excludes:
    """Patterns of paths not to check, each read as a line of a ``.gitignore`` is (git's
    gitignore documentation): a pattern without a ``/`` but at its end matches a name at any
    depth, one with a ``/`` matches from the directory it was given in, a final ``/`` matches
    only directories, ``*`` and ``?`` stay within a name, ``**`` crosses directories, and
    ``!`` takes a path back, unless a directory above it is excluded."""

    def __init__(self) -> None:
        self._rules: list[tuple[str, re.Pattern[str], bool, bool]] = []

    def add(self, pattern: str, base: str) -> None:
        """Exclude what ``pattern`` matches below the directory ``base``."""
        negated = pattern.startswith("!")
        body = pattern[1:] if negated else pattern
        directories_only = body.endswith("/")
        body = body.rstrip("/")
        if not body:
            raise ConfigError(f"the exclude pattern {pattern!r} matches nothing")
        if "/" not in body:
            body = "**/" + body
        regex = glob.translate(body.lstrip("/"), recursive=True, include_hidden=True, seps="/")
        self._rules.append((os.path.abspath(base), re.compile(regex), directories_only, negated))

    def excluded(self, path: str, is_directory: bool, whole: bool = True) -> bool:
        """Whether ``path`` is excluded: by a pattern that matches it, or (with ``whole``)
        one that matches a directory above it."""
        if not self._rules:
            return False
        parts = Path(os.path.abspath(path)).parts
        first = len(parts) if not whole else 2
        for end in range(first, len(parts) + 1):
            if self._matches(parts[:end], is_directory or end < len(parts)):
                return True
        return False

    def _matches(self, parts: tuple[str, ...], is_directory: bool) -> bool:
        path = os.path.join(*parts)
        result = False
        for base, regex, directories_only, negated in self._rules:
            if directories_only and not is_directory:
                continue
            relative = os.path.relpath(path, base)
            if relative.startswith(".."):
                continue
            if regex.match(relative.replace(os.sep, "/")):
                result = not negated
        return result


@dataclass(frozen=True, slots=True)
class Config:
    """The ``[tool.htmltemplates]`` table: the exclude patterns, the codes of findings not
    reported in the files each pattern matches (``per-file-ignores``), and the directory of
    the pyproject.toml it is in ("" when none was found)."""

    exclude: list[str]
    ignores: dict[str, list[str]]
    base: str


def load_config(start: str) -> Config:
    """The ``[tool.htmltemplates]`` table of the nearest pyproject.toml in ``start`` or a
    directory above it."""
    directory = Path(os.path.abspath(start))
    for candidate in (directory, *directory.parents):
        path = candidate / "pyproject.toml"
        if path.is_file():
            break
    else:
        return Config([], {}, "")
    try:
        with path.open("rb") as file:
            table = tomllib.load(file).get("tool", {}).get("htmltemplates", {})
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: {error}") from None
    exclude = table.get("exclude", [])
    if not isinstance(exclude, list) or not all(isinstance(item, str) for item in exclude):
        raise ConfigError(f"{path}: [tool.htmltemplates] exclude must be a list of strings")
    ignores = table.get("per-file-ignores", {})
    if not isinstance(ignores, dict) or not all(
        isinstance(codes, list) and all(isinstance(code, str) for code in codes)
        for codes in ignores.values()
    ):
        raise ConfigError(
            f"{path}: [tool.htmltemplates] per-file-ignores must map patterns to lists of codes"
        )
    return Config(exclude, ignores, str(candidate))


def find_files(paths: Sequence[str], excludes: Excludes) -> Iterator[str]:
    """The Python and Markdown files under ``paths``, in order, without the excluded ones.
    A file named on the command line is read whatever its suffix, unless excluded: pre-commit
    names each file it checks, and the excludes must hold there too."""
    for given in paths:
        if not os.path.isdir(given):
            if not excludes.excluded(given, is_directory=False):
                yield os.path.normpath(given)
            continue
        if excludes.excluded(given, is_directory=True):
            continue
        for top, directories, files in os.walk(given):
            directories[:] = sorted(
                name
                for name in directories
                if not name.startswith(".")
                and name not in _SKIPPED_DIRECTORIES
                and not os.path.exists(os.path.join(top, name, "pyvenv.cfg"))  # a virtualenv
                and not excludes.excluded(os.path.join(top, name), True, whole=False)
            )
            for name in sorted(files):
                path = os.path.join(top, name)
                if name.endswith((".py", ".md")) and not excludes.excluded(path, False, False):
                    yield os.path.normpath(path)


# The largest file read: source files are far smaller, and a bound keeps a checker run that
# meets something else named *.py (a dump, a link to a device) from reading without end.
MAX_FILE_BYTES = 10 * 1024 * 1024


def _read_regular(path: str) -> bytes | Unreadable:
    """The bytes of the regular file at ``path`` (a symlink followed), at most MAX_FILE_BYTES;
    anything else (a FIFO, a device such as /dev/zero, a socket, a larger file) is Unreadable
    without being read. Opened without blocking, then checked on the open file, so that a FIFO
    never blocks and a file swapped after the check is not read either."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return Unreadable(1, f"cannot read: {error.strerror or error}")
    with os.fdopen(descriptor, "rb") as file:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            return Unreadable(1, "cannot read: not a regular file")
        try:
            data = file.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            return Unreadable(1, f"cannot read: {error.strerror or error}")
    if len(data) > MAX_FILE_BYTES:
        return Unreadable(1, f"cannot read: larger than {MAX_FILE_BYTES:,} bytes")
    return data


def read_sources(path: str) -> list[SourceText] | Unreadable:
    """The Python sources of the file at ``path``: the file, or the ```` ```python ````
    blocks of a Markdown file (see read_python for a Python file). A file that is not a
    regular file, or is larger than MAX_FILE_BYTES, is Unreadable."""
    data = _read_regular(path)
    if isinstance(data, Unreadable):
        return data
    if path.endswith(".md"):
        try:
            return markdown_blocks(data.decode("utf-8-sig"))
        except UnicodeDecodeError as error:
            return _undecodable(data, error, "utf-8")
    source = _python_text(data)
    return source if isinstance(source, Unreadable) else [source]


def read_python(path: str) -> SourceText | Unreadable:
    """The file at ``path`` as Python source, whatever its name, read as read_sources reads
    a Python file."""
    data = _read_regular(path)
    return data if isinstance(data, Unreadable) else _python_text(data)


def _python_text(data: bytes) -> SourceText | Unreadable:
    """``data`` decoded as Python decodes a file (PEP 263: a coding cookie, a UTF-8 BOM, else
    UTF-8); a cookie that names no text encoding (rot13) or one Python does not know is
    Unreadable."""
    try:
        encoding, _lines = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:  # an unknown encoding, or a cookie that contradicts the BOM
        return Unreadable(error.lineno or 1, f"cannot decode: {error.msg}")
    except LookupError as error:  # a codec that is not a text encoding (rot13, zlib)
        return Unreadable(1, f"cannot decode: {error}")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        return _undecodable(data, error, encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return SourceText(text.replace("\r\n", "\n").replace("\r", "\n"))


def _undecodable(data: bytes, error: UnicodeDecodeError, encoding: str) -> Unreadable:
    line = data.count(b"\n", 0, error.start) + 1
    byte = data[error.start : error.start + 1]
    return Unreadable(line, f"cannot decode: byte {byte!r} is not valid {encoding}")


def markdown_blocks(text: str) -> list[SourceText]:
    """The fenced Python code blocks of a Markdown document, each with the line it starts at
    and the indent its fence removes."""
    lines = text.replace("\r\n", "\n").split("\n")
    blocks: list[SourceText] = []
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        i += 1
        if opening is None:
            continue
        indent, fence = len(opening.group(1)), opening.group(2)
        first = i
        while i < len(lines) and not _closes(lines[i], fence):
            i += 1
        end, i = i, i + 1
        if _ignored_block(lines, first - 1):
            continue
        body = [line[indent:] if line[:indent].isspace() else line for line in lines[first:end]]
        blocks.append(SourceText("\n".join(body), first + 1, indent))
    return blocks


def _ignored_block(lines: list[str], fence: int) -> bool:
    """Whether an ignore comment stands right above the fence at ``lines[fence]`` (only blank
    lines and other HTML comments between them)."""
    for line in reversed(lines[:fence]):
        if _IGNORE_BLOCK.match(line):
            return True
        if line.strip() and not _HTML_COMMENT.match(line):
            return False
    return False


def _closes(line: str, fence: str) -> bool:
    stripped = line.strip()
    return stripped.startswith(fence) and stripped == fence[0] * len(stripped)
