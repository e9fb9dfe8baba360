"""``python -m bench.values``: how the time of a render grows with the size of its values.

The rule (docs/security.md, "Limits"): rendering costs time linear in the size of the values,
in every context and every text helper. This tool renders values of 10 kB, 100 kB and 1 MB (by
default) in every context that takes a ``str`` and in every helper of ``htmltemplates.text``,
each value in a few shapes: plain letters, text full of what escaping rewrites, words, and the
shapes that a regular expression or a scan could once be made to read again and again (a long
run of name characters in CSS, comment openers in markup, open tags, colons in URLs...). For
each it prints the best time of a few renders and the growth from one size to the next: about
10x per 10x is linear, 100x quadratic. A value refused where it stands is timed too (its
refusal must be linear as well), and marked.

    PYTHONPATH=. python -m bench.values
    PYTHONPATH=. python -m bench.values --context css --sizes 10000 100000 1000000

There are no timing assertions anywhere: tests/bench/test_bench_values.py runs this at small sizes
so that it keeps working, and checks that every case renders.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from htmltemplates import RenderError, TrustedResourceURL, TrustedURL, html
from htmltemplates.text import linebreaks, linebreaksbr, striptags, truncate, truncate_html, urlize

__all__ = ["CASES", "Case", "main", "measure"]

Render = Callable[[str], object]
Shape = Callable[[int], str]


def _repeat(piece: str) -> Shape:
    """Values of ``piece`` repeated to the size asked."""
    return lambda size: (piece * (size // len(piece) + 1))[:size]


# The shapes every context takes
COMMON: dict[str, Shape] = {
    "letters": _repeat("a"),
    "escapes": _repeat("<&\"'>"),
    "words": _repeat("lorem ipsum dolor "),
}
# The shapes worst for markup read as text (trusted markup, the helpers that parse it)
MARKUP: dict[str, Shape] = {
    "comment-openers": _repeat("<!--"),
    "open-tags": _repeat("<b>"),
    "stray-ends": lambda size: "<b>" * (size // 7 + 1) + "</i>" * (size // 7 + 1),
    "lone-lt": _repeat("a<b"),
}
# The shapes worst for URLs and the links urlize finds
URLS: dict[str, Shape] = {
    "colons": _repeat(":"),
    "percents": _repeat("%"),
    "dots": _repeat("/.."),
    "schemes": _repeat("javascript:"),
}
LINKS: dict[str, Shape] = {
    "www": _repeat("www."),
    "long-link": lambda size: "http://" + "a" * size,
    "at-signs": _repeat("a@"),
    "dotted": _repeat("a."),
}
# CSS: a long run of name characters that no '(' follows, and calls
CSS: dict[str, Shape] = {
    "name-run": _repeat("a"),
    "calls": _repeat("calc(1px) "),
    "parens": _repeat("(a"),
}


@dataclass(frozen=True)
class Case:
    """One context (or helper): how a value of the size asked is rendered, and its shapes."""

    context: str
    render: Render
    shapes: dict[str, Shape]


_SCRIPT = TrustedResourceURL("/static/app.js")


def _cases() -> list[Case]:
    def case(context: str, render: Render, *extra: dict[str, Shape]) -> Case:
        shapes = dict(COMMON)
        for more in extra:
            shapes.update(more)
        return Case(context, render, shapes)

    return [
        case("text", lambda v: html(t"<p>{v}</p>"), MARKUP),
        case("rcdata", lambda v: html(t"<title>{v}</title>"), MARKUP),
        case("comment", lambda v: html(t"<!-- {v} -->"), MARKUP),
        case("attribute", lambda v: html(t'<p title="{v}">x</p>'), MARKUP),
        case("attribute-part", lambda v: html(t'<p title="a {v} b">x</p>')),
        case("class", lambda v: html(t"<p class={v}>x</p>")),
        case("class-list", lambda v: html(t"<p class={[v, v]}>x</p>")),
        case("spread", lambda v: html(t"<p { {'title': v, 'id': v} }>x</p>")),
        case("data-dict", lambda v: html(t"<p data={ {'k': v} }>x</p>")),
        case("markup-whole-in-attribute", lambda v: html(t"<p title={Markup(v)}>x</p>"), MARKUP),
        case("url", lambda v: html(t"<a href={v}>x</a>"), URLS),
        case("url-path", lambda v: html(t'<a href="/p/{v}">x</a>'), URLS),
        case("url-query", lambda v: html(t'<a href="/s?q={v}">x</a>'), URLS),
        case("url-fragment", lambda v: html(t'<a href="/#{v}">x</a>'), URLS),
        case("trusted-url", lambda v: html(t"<a href={TrustedURL(v)}>x</a>"), URLS),
        case("srcset", lambda v: html(t"<img srcset={v}>"), URLS),
        case("srcset-pairs", lambda v: html(t"<img srcset={[(v, '1x'), (v, '2x')]}>"), URLS),
        case("css-value", lambda v: html(t'<p style="color: {v}">x</p>'), CSS),
        case("css-in-style-element", lambda v: html(t"<style>p {{ color: {v} }}</style>"), CSS),
        case("css-string", lambda v: html(t"<style>p::after {{ content: '{v}' }}</style>")),
        case("css-url", lambda v: html(t"<style>p {{ background: url('{v}') }}</style>"), URLS),
        case("style-string", lambda v: html(t"<p style={'color: ' + v}>x</p>"), CSS),
        case("style-dict", lambda v: html(t"<p style={ {'color': v} }>x</p>"), CSS),
        case("style-dict-key", lambda v: html(t"<p style={ {'--' + v: 'red'} }>x</p>")),
        case("script-literal", lambda v: html(t"<script>const a = {v};</script>")),
        case("script-string", lambda v: html(t"<script>const a = '{v}';</script>")),
        case("script-dict", lambda v: html(t"<script>const a = { {'k': [v, v]} };</script>")),
        case("event-handler", lambda v: html(t'<button onclick="f({v})">x</button>')),
        case("event-string", lambda v: html(t"<button onclick=\"f('{v}')\">x</button>")),
        case("htmx-json", lambda v: html(t"<div hx-vals={ {'k': v} }>x</div>")),
        case("htmx-trigger", lambda v: html(t"<div hx-trigger={v}>x</div>")),
        case("htmx-confirm", lambda v: html(t"<button hx-confirm={v}>x</button>")),
        case("alpine-data", lambda v: html(t"<div x-data={ {'k': v} }>x</div>")),
        case(
            "import-map-integrity",
            lambda v: html(
                t'<script type="importmap">'
                t"{ {'imports': {'app': _SCRIPT}, 'integrity': {_SCRIPT: v}} }</script>"
            ),
            {
                "hash-options": _repeat("sha256-A?"),
                "hashes": lambda size: " ".join(["sha384-AAAA"] * (size // 12 + 1)),
            },
        ),
        case("srcdoc", lambda v: html(t"<iframe srcdoc={v}></iframe>"), MARKUP),
        case("linebreaks", linebreaks, {"blank-lines": _repeat("\n \n"), "crs": _repeat("\r")}),
        case("linebreaksbr", linebreaksbr, {"crs": _repeat("\r\n")}),
        case("truncate", lambda v: truncate(v, 1000), {"marks": _repeat("e\u0301")}),
        case("urlize", urlize, LINKS),
        case("truncate_html", lambda v: truncate_html(Markup(v), 1000), MARKUP),
        case("striptags", lambda v: striptags(Markup(v)), MARKUP),
    ]


CASES = _cases()


def measure(render: Render, value: str, repeat: int) -> tuple[float, bool]:
    """The best of ``repeat`` times of ``render(value)``, and whether the value was refused."""
    best, refused = float("inf"), False
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        try:
            render(value)
        except RenderError:
            refused = True
        best = min(best, time.perf_counter() - start)
    return best, refused


def _size(n: int) -> str:
    return f"{n // 1_000_000} MB" if n >= 1_000_000 else f"{n // 1000} kB"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.values", description=__doc__)
    parser.add_argument(
        "--context",
        action="append",
        choices=[case.context for case in CASES],
        metavar="NAME",
        help="(repeatable; default: all)",
    )
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=[10_000, 100_000, 1_000_000],
        metavar="N",
        help="value sizes in characters, each ten times the one before (default 10 kB to 1 MB)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="renders per size (default 3)")
    args = parser.parse_args(argv)
    cases = [case for case in CASES if not args.context or case.context in args.context]
    sizes = args.sizes
    header = "".join(f"{_size(n):>10}" for n in sizes)
    growths = "".join(f"{'x' + str(i + 1):>7}" for i in range(len(sizes) - 1))
    print(f"{'context':<26} {'shape':<16}{header} {growths}  (growth per step)")
    worst = (0.0, "")
    for case in cases:
        for shape_name, shape in case.shapes.items():
            times, refused = [], False
            for n in sizes:
                seconds, was_refused = measure(case.render, shape(n), args.repeat)
                times.append(seconds)
                refused = refused or was_refused
            cells = "".join(f"{seconds * 1000:>8.2f}ms" for seconds in times)
            ratios = [later / max(earlier, 1e-9) for earlier, later in itertools.pairwise(times)]
            steps = "".join(f"{ratio:>6.1f}x" for ratio in ratios)
            mark = "  refused" if refused else ""
            print(f"{case.context:<26} {shape_name:<16}{cells} {steps}{mark}", flush=True)
            # growth is judged where the time is measurable (not at the smallest sizes)
            if ratios and times[-1] > 0.001 and ratios[-1] > worst[0]:
                worst = (ratios[-1], f"{case.context}/{shape_name}")
    if worst[1]:
        print(f"\nthe largest growth at the last step: {worst[0]:.1f}x ({worst[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
