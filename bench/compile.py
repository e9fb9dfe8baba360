"""``python -m bench.compile``: how the first render of a template (the compile of its plan)
grows with the template.

Each shape is a template generated at growing sizes n; for each size this tool renders it once
with the plan cache empty, which scans and compiles it, and prints the time (the best of a few
runs, in this process's CPU time) and its ratio to the time at the size before. The sizes
double, so a ratio near 2.00 is linear growth and 4.00 quadratic.

    PYTHONPATH=. python -m bench.compile --shape text-holes --sizes 5000 10000 20000 40000

The hand-written table (``--table``) is the first render of a page as a person writes it: a
table of rows written out one by one (500 rows: 1,500 holes in text and attribute values, about
53 kB of static text), read by the compiler as one template. It prints the time per hole and the
time Jinja2 takes to compile and render the same page from its source.

    PYTHONPATH=. python -m bench.compile --table --rows 125 250 500 1000

There are no timing assertions anywhere: tests/compiler/test_compile_speed.py runs this at small
sizes so that it keeps working, and checks what each shape renders.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable, Sequence
from string.templatelib import Interpolation, Template

from jinja2 import Environment

from htmltemplates import clear_cache, html

__all__ = ["SHAPES", "compile_time", "hand_table", "main"]


def _holes(before: str, between: str, after: str, n: int, value: object) -> Template:
    """``before`` {value} ``between`` {value} ... {value} ``after``, with n holes."""
    parts: list[str | Interpolation[object]] = [before]
    for k in range(n):
        parts.append(Interpolation(value, "value"))
        parts.append(between if k < n - 1 else after)
    return Template(*parts)


def text_holes(n: int) -> Template:
    """``<p>{value} {value} ... {value}</p>``: n holes in text."""
    return _holes("<p>", " ", "</p>", n, "x")


def style_calc(n: int) -> Template:
    """``<style>p { width: calc(calc(... 1px + {value} ...)) }</style>``: n nested calc()."""
    return Template(
        "<style>p { width: " + "calc(" * n + "1px + ",
        Interpolation("2px", "value"),
        ")" * n + " }</style>",
    )


def attribute_calc(n: int) -> Template:
    """``<p style="width: calc(calc(... 1px + {value} ...))">``: n nested calc() in a style
    attribute."""
    return Template(
        '<p style="width: ' + "calc(" * n + "1px + ",
        Interpolation("2px", "value"),
        ")" * n + '">x</p>',
    )


def style_holes(n: int) -> Template:
    """``<style>p { color: {value}; color: {value}; ... }</style>``: n holes in CSS."""
    return _holes("<style>p { color: ", "; color: ", " }</style>", n, "red")


def script_holes(n: int) -> Template:
    """``<script>const a = [{value}, {value}, ...];</script>``: n holes in JavaScript code."""
    return _holes("<script>const a = [", ", ", "];</script>", n, 1)


def script_string_holes(n: int) -> Template:
    """``<script>const a = "{value} {value} ...";</script>``: n holes in a JavaScript string."""
    return _holes('<script>const a = "', " ", '";</script>', n, "x")


def handler_holes(n: int) -> Template:
    """``<button onclick="f({value}, {value}, ...)">``: n holes in an event handler."""
    return _holes('<button onclick="f(', ", ", ')">x</button>', n, 1)


def trigger_holes(n: int) -> Template:
    """``<div hx-trigger="click[{value} && {value} ...]">``: n holes in an htmx filter."""
    return _holes('<div hx-trigger="click[', " &amp;&amp; ", ']">x</div>', n, 1)


SHAPES: dict[str, Callable[[int], Template]] = {
    "text-holes": text_holes,
    "style-calc": style_calc,
    "attribute-calc": attribute_calc,
    "style-holes": style_holes,
    "script-holes": script_holes,
    "script-strings": script_string_holes,
    "handler-holes": handler_holes,
    "trigger-holes": trigger_holes,
}


# One row of the hand-written table: its static text around the holes, and each hole's
# expression (with {k} for the row's index). 107 characters of static text and 3 holes a row.
_ROW = (
    '\n      <tr class="row-',
    ("items[{k}].parity", '">\n      <td class="name">'),
    ("items[{k}].name", '</td>\n      <td><a href="/items/'),
    ("items[{k}].id", '">open</a></td>\n      </tr>'),
)
_HEAD = (
    "<!doctype html>\n<html>\n  <head><title>Items</title></head>\n  <body>\n"
    '    <table class="items">\n      <tr><th>Name</th><th>Link</th></tr>'
)
_TAIL = "\n    </table>\n  </body>\n</html>\n"


def _items(rows: int) -> list[dict[str, object]]:
    names = ("Smith & Wesson", "Ada <admin>", "O'Brien", "Grace")
    return [
        {"parity": ("even", "odd")[k % 2], "name": f"{names[k % 4]} {k}", "id": k}
        for k in range(rows)
    ]


def hand_table(rows: int) -> tuple[Template, str, list[dict[str, object]]]:
    """A page with a table of ``rows`` rows written out by hand, three holes a row: the
    template as the compiler reads it (each row's values in its holes), the same page as
    Jinja2 source, and the items that both render."""
    items = _items(rows)
    parts: list[str | Interpolation[object]] = []
    jinja = [_HEAD]
    static = _HEAD
    for k in range(rows):
        static += _ROW[0]
        jinja.append(_ROW[0])
        for expression, after in _ROW[1:]:
            name = expression.format(k=k)
            parts += [static, Interpolation(items[k][name.rsplit(".", 1)[1]], name)]
            jinja += ["{{ ", name, " }}", after]
            static = after
    parts.append(static + _TAIL)
    jinja.append(_TAIL)
    return Template(*parts), "".join(jinja), items


def jinja_time(source: str, items: list[dict[str, object]], *, repeat: int) -> float:
    """The best of ``repeat`` CPU times of compiling ``source`` with Jinja2 and rendering it
    once (a new Environment each time: nothing cached)."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        Environment(autoescape=True, keep_trailing_newline=True).from_string(source).render(
            items=items
        )
        best = min(best, time.process_time() - start)
    return best


def compile_time(template: Template, *, repeat: int) -> float:
    """The best of ``repeat`` CPU times of a first render of ``template`` (cache cleared)."""
    best = float("inf")
    for _ in range(repeat):
        clear_cache()
        gc.collect()
        start = time.process_time()
        html(template)
        best = min(best, time.process_time() - start)
    clear_cache()
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.compile", description=__doc__)
    parser.add_argument(
        "--shape", action="append", choices=list(SHAPES), metavar="NAME", help="(default: all)"
    )
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=[5000, 10000, 20000, 40000],
        metavar="N",
        help="sizes, each double the one before (default 5000 10000 20000 40000)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (default 3)")
    parser.add_argument(
        "--table", action="store_true", help="only the hand-written table (default: both)"
    )
    parser.add_argument(
        "--rows",
        type=int,
        nargs="+",
        default=[125, 250, 500, 1000],
        metavar="N",
        help="rows of the hand-written table (default 125 250 500 1000)",
    )
    args = parser.parse_args(argv)
    if not args.table:
        _shapes(args.shape or list(SHAPES), args.sizes, args.repeat)
    if args.table or not args.shape:
        _table(args.rows, args.repeat)
    return 0


def _shapes(shapes: list[str], sizes: list[int], repeat: int) -> None:
    print(f"{'shape':<16} {'n':>7} {'compile':>10} {'ratio':>6}")
    for name in shapes:
        previous = 0.0
        for n in sizes:
            seconds = compile_time(SHAPES[name](n), repeat=repeat)
            ratio = f"{seconds / previous:>5.2f}x" if previous > 0 else ""
            print(f"{name:<16} {n:>7} {seconds:>9.3f}s {ratio:>6}", flush=True)
            previous = seconds


def _table(sizes: list[int], repeat: int) -> None:
    print(
        f"{'table':<8} {'holes':>6} {'static':>7} {'first render':>13} {'per hole':>9}"
        f" {'jinja2':>9} {'to jinja2':>9}"
    )
    for rows in sizes:
        template, source, items = hand_table(rows)
        expected = (
            Environment(autoescape=True, keep_trailing_newline=True)
            .from_string(source)
            .render(items=items)
        )
        if html(template) != expected:
            raise SystemExit(f"the two engines render {rows} rows differently")
        ours = compile_time(template, repeat=repeat)
        theirs = jinja_time(source, items, repeat=repeat)
        holes = len(template.interpolations)
        static = sum(map(len, template.strings))
        print(
            f"{rows:>4} rows {holes:>6} {static / 1000:>5.1f}kB {ours * 1e3:>11.1f}ms"
            f" {ours * 1e6 / holes:>6.1f}µs {theirs * 1e3:>7.1f}ms {ours / theirs:>8.2f}x",
            flush=True,
        )


if __name__ == "__main__":
    raise SystemExit(main())
