"""``python -m bench.streaming``: stream_html() and html_async() against html(), paired.

For the bigtable and page workloads, the same template rendered by html() (the baseline of
this table) and by each other entry point: ``"".join(stream_html(t))``, and
``await html_async(t)`` run to completion on one event loop. The outputs are checked equal
first. Then the concurrency case: three async components that each wait 100 ms, rendered by
html_async() (wall clock: the time is spent waiting).

    PYTHONPATH=. python -m bench.streaming --rounds 21
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Callable, Sequence
from string.templatelib import Template

from bench.ratio import print_row
from bench.workloads import bigtable, page
from htmltemplates import html, html_async, stream_html

__all__ = ["main"]

_ROWS = bigtable.make_rows()
_PAGE = page.make_page()
PAGES: dict[str, Callable[[], Template]] = {
    "bigtable": lambda: bigtable.table(_ROWS),
    "page": lambda: page.page_template(_PAGE),
}


def concurrency() -> float:
    """Seconds html_async() takes for three async components that each wait 100 ms."""

    async def Slow(*, n: int) -> Template:  # noqa: N802 - a component
        await asyncio.sleep(0.1)
        return t"<li>{n}</li>"

    async def render() -> float:
        start = time.perf_counter()
        await html_async(t"<ul><{Slow} n={1} /><{Slow} n={2} /><{Slow} n={3} /></ul>")
        return time.perf_counter() - start

    return asyncio.run(render())


def _cases(
    make: Callable[[], Template], loop: asyncio.AbstractEventLoop
) -> dict[str, Callable[[], object]]:
    return {
        "html": lambda: html(make()),
        "stream_html": lambda: "".join(stream_html(make())),
        "html_async": lambda: loop.run_until_complete(html_async(make())),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.streaming", description=__doc__)
    parser.add_argument("--rounds", type=int, default=21, help="pairs of samples (default 21)")
    parser.add_argument("--target", type=float, default=0.05, help="seconds per sample")
    args = parser.parse_args(argv)
    loop = asyncio.new_event_loop()
    print(f"{'case':<22} {'html()':>10} {'other':>10} {'ratio':>7}  (IQR of the ratios)")
    for name, make in PAGES.items():
        expected = html(make())
        assert expected == "".join(stream_html(make()))
        assert expected == loop.run_until_complete(html_async(make()))
        cases = _cases(make, loop)
        for label, other in list(cases.items())[1:]:
            print_row(
                f"{name} {label}",
                cases["html"],
                other,
                clock=time.process_time,
                rounds=args.rounds,
                target=args.target,
                width=22,
            )
    loop.close()
    print(f"three async components waiting 100 ms each: {concurrency() * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
