"""Python source text: t-string and f-string literals, functions, indentation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# marks a line that begins inside a string literal: never indented (see indent())
INSIDE = "\0"

Parts = list[tuple[bool, str]]
"""The parts of a t-string or f-string: (True, static text) or (False, the code of a hole)."""

# -- writing Python ---------------------------------------------------------------------------


def static_text(text: str) -> str:
    """``text`` as static text of a t-string: braces doubled, backslashes and quote runs
    escaped (the literal's quotes are chosen by tstring)."""
    return text.replace("\\", "\\\\").replace("{", "{{").replace("}", "}}")


def tstring(parts: Sequence[tuple[bool, str]]) -> str:
    """A t-string literal from ``parts``: (True, static text) and (False, hole code)."""
    static = "".join(text for is_static, text in parts if is_static)
    multiline = any("\n" in text for _, text in parts)
    if not multiline and '"' not in static:
        quote = '"'
    elif not multiline and "'" not in static:
        quote = "'"
    else:
        quote = '"""'
    pieces = []
    for is_static, text in parts:
        if not is_static:
            pieces.append(hole(text))
            continue
        written = static_text(text)
        if quote == '"""' and '""' in written:
            written = written.replace('"', '\\"')
        pieces.append(written)
    inner = "".join(pieces)
    if quote == '"""' and inner.endswith('"') and not inner.endswith('\\"'):
        inner = inner[:-1] + '\\"'
    return f"t{quote}{inner}{quote}".replace("\n", "\n" + INSIDE)


def hole(code: str) -> str:
    """``{code}``, with spaces where a brace of the code would double the hole's."""
    return (
        "{"
        + (" " if code.startswith("{") else "")
        + code
        + (" " if code.endswith("}") else "")
        + "}"
    )


def indent(lines: Iterable[str]) -> list[str]:
    """``lines`` one level in, except the lines that begin inside a string literal."""
    return [
        part if part.startswith(INSIDE) or not part else "    " + part
        for line in lines
        for part in line.split("\n")
    ]


def define(
    name: str,
    parameters: Sequence[str],
    body: Sequence[str],
    *,
    star: bool,
    returns: str = "Template",
) -> str:
    """A function definition; its parameters on one line, or one per line when long."""
    listed = ["*", *parameters] if star and parameters else list(parameters)
    head = f"def {name}({', '.join(listed)}) -> {returns}:"
    if len(head) > 100:
        head = "\n".join([f"def {name}(", *(f"    {p}," for p in listed), f") -> {returns}:"])
    return "\n".join([head, *indent(body)])


def fstring(pieces: Sequence[tuple[bool, str]]) -> str:
    """A str expression from ``pieces``: a literal, or an f-string with the code in holes."""
    if all(is_static for is_static, _ in pieces):
        return repr("".join(text for _, text in pieces))
    if len(pieces) == 1:
        return pieces[0][1]
    static = "".join(text for is_static, text in pieces if is_static)
    quote = "'" if '"' in static and "'" not in static else '"'
    written = []
    for is_static, text in pieces:
        if is_static:
            escaped = text.replace("\\", "\\\\").replace("{", "{{").replace("}", "}}")
            written.append(escaped.replace(quote, "\\" + quote).replace("\n", "\\n"))
        else:
            written.append(hole(text))
    return f"f{quote}{''.join(written)}{quote}"
