"""The Babel extractor of translated t-strings (``pybabel extract`` method ``htmltemplates``):
reads a Python file with ``ast``, never importing it, and yields the message ids exactly as
``htmltemplates.i18n`` builds them at run time, with translator comments and plural forms.

Plain string arguments (``_("Hello")``, a context) are yielded as Babel's own Python extractor
yields them, so one method covers a whole file. The protocol is Babel's "Writing Extraction
Methods" (babel.pocoo.org, messages.html): ``(lineno, funcname, messages, comments)``.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from .messages import MessageError, hole_name, id_of

__all__ = ["extract", "template_id"]

Message = str | None


def template_id(node: ast.TemplateStr) -> str:
    """The message id of a t-string literal, from its source (see messages.id_of)."""
    strings: list[str] = [""]
    names: list[str] = []
    for value in node.values:
        if isinstance(value, ast.Interpolation):
            names.append(hole_name(value.str))
            strings.append("")
        elif isinstance(value, ast.Constant) and isinstance(value.value, str):
            strings[-1] += value.value
    return id_of(strings, names)


def _argument(node: ast.expr) -> Message:
    if isinstance(node, ast.TemplateStr):
        return template_id(node)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _function_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _comments(source: str) -> dict[int, str]:
    """The comments that are alone on their line, by line number, without ``#``."""
    found: dict[int, str] = {}
    code_lines: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                found[token.start[0]] = token.string[1:].strip()
            elif token.type not in {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT}:
                code_lines.update(range(token.start[0], token.end[0] + 1))
    except tokenize.TokenError:
        pass
    return {line: text for line, text in found.items() if line not in code_lines}


def _translator_comments(
    comments: Mapping[int, str], lineno: int, tags: Collection[str]
) -> list[str]:
    """The comment block right above ``lineno``, from its first line that starts with a tag
    (Babel's Python extractor's rule)."""
    block: list[str] = []
    line = lineno - 1
    while line in comments:
        block.insert(0, comments[line])
        line -= 1
    for start, text in enumerate(block):
        if any(text.startswith(tag) for tag in tags):
            return block[start:]
    return []


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, Message | tuple[Message, ...], list[str]]]:
    """Yield ``(lineno, funcname, messages, comments)`` for each call of a keyword function
    (``_``, ``ngettext``...; ``i18n._`` too) with a t-string or string argument."""
    encoding = str(options.get("encoding", "utf-8"))
    source = fileobj.read().decode(encoding)
    name = getattr(fileobj, "name", "<unknown>")
    try:
        tree = ast.parse(source, filename=name)
    except SyntaxError as error:
        print(f"{name}: not extracted: {error}", file=sys.stderr)
        return
    comments = _comments(source)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
        funcname = _function_name(call)
        if funcname is None or funcname not in keywords:
            continue
        try:
            messages = tuple(_argument(argument) for argument in call.args)
        except MessageError as error:
            print(f"{name}:{call.lineno}: not extracted: {error}", file=sys.stderr)
            continue
        if not any(message is not None for message in messages):
            continue
        # the line of the first message, as Babel's Python extractor gives it
        lineno = next(
            argument.lineno
            for argument, message in zip(call.args, messages, strict=True)
            if message is not None
        )
        yield (
            lineno,
            funcname,
            messages if len(messages) > 1 else messages[0],
            _translator_comments(comments, call.lineno, comment_tags),
        )
