"""``python -m bench.compile``: how the first render of a template (the compile of its plan)
grows with the template.

Each shape is a template generated at growing sizes n; for each size this tool renders it once
with the plan cache empty, which scans and compiles it, and prints the time (the best of a few
runs, in this process's CPU time) and its ratio to the time at the size before. The sizes
double, so a ratio near 2.00 is linear growth and 4.00 quadratic.

    PYTHONPATH=. python -m bench.compile --shape text-holes --sizes 5000 10000 20000 40000

There are no timing assertions anywhere: tests/test_compile_speed.py runs this at small sizes
so that it keeps working, and checks what each shape renders.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable, Sequence
from string.templatelib import Interpolation, Template

from htmltemplates import clear_cache, html

__all__ = ["SHAPES", "compile_time", "main"]


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


SHAPES: dict[str, Callable[[int], Template]] = {
    "text-holes": text_holes,
    "style-calc": style_calc,
    "attribute-calc": attribute_calc,
    "style-holes": style_holes,
}


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
    args = parser.parse_args(argv)
    print(f"{'shape':<16} {'n':>7} {'compile':>10} {'ratio':>6}")
    for name in args.shape or SHAPES:
        previous = 0.0
        for n in args.sizes:
            seconds = compile_time(SHAPES[name](n), repeat=args.repeat)
            ratio = f"{seconds / previous:>5.2f}x" if previous > 0 else ""
            print(f"{name:<16} {n:>7} {seconds:>9.3f}s {ratio:>6}", flush=True)
            previous = seconds
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
