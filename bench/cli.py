"""``python -m bench``: check every engine's output, then time each (workload, engine) cell."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import textwrap
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

from bench.core import ENGINES, NotApplicable, Render, Workload
from bench.equality import canonical, diff
from bench.report import Cell, environment, format_table, format_time, to_json
from bench.timing import Measurement, measure_all
from bench.workloads import WORKLOADS

__all__ = ["main"]

REFERENCE = "htmltemplates"  # the engine every other output is compared with
NOISY = 0.10  # a cell whose interquartile range exceeds this fraction of its median is flagged


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="Time htmltemplates against f-strings with markupsafe.escape (the "
        "baseline), Jinja2 and tdom, after checking that all render the same HTML.",
    )
    parser.add_argument(
        "--quick", action="store_true", help="3 shorter samples per cell (a smoke test)"
    )
    parser.add_argument(
        "--workload",
        action="append",
        choices=list(WORKLOADS),
        metavar="NAME",
        help=f"run only this workload (repeatable; one of: {', '.join(WORKLOADS)})",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the results here")
    parser.add_argument("--repeat", type=int, help="samples per cell (default 7, --quick 3)")
    parser.add_argument(
        "--target",
        type=float,
        help="seconds per sample, the loop count is calibrated to it (default 0.15, --quick 0.08)",
    )
    return parser


def _check(workload: Workload, renderers: dict[str, Render | NotApplicable]) -> list[str]:
    """Render once with each engine; the problems found (empty if all outputs are equal)."""
    outputs: dict[str, str] = {}
    problems: list[str] = []
    for engine, render in renderers.items():
        if isinstance(render, NotApplicable):
            continue
        try:
            outputs[engine] = render()
        except Exception:  # any failure is reported, with its traceback
            problems.append(f"{workload.name}/{engine} raised:\n{traceback.format_exc()}")
    if REFERENCE not in outputs:
        return problems
    if workload.exact and outputs.get("baseline", outputs[REFERENCE]) != outputs[REFERENCE]:
        problems.append(
            f"{workload.name}/baseline is not byte for byte what {REFERENCE} renders:\n"
            + diff(
                outputs[REFERENCE].splitlines(),
                outputs["baseline"].splitlines(),
                names=(REFERENCE, "baseline"),
            )
        )
    forms = {
        engine: canonical(output, document=workload.document) for engine, output in outputs.items()
    }
    expected = forms[REFERENCE]
    differing = [engine for engine, form in forms.items() if form != expected]
    problems.extend(
        f"{workload.name}/{engine} renders different HTML from {REFERENCE}:\n"
        + diff(expected, forms[engine], names=(REFERENCE, engine))
        for engine in differing
    )
    others = [forms[engine] for engine in differing]
    if len(others) >= 2 and all(form == others[0] for form in others):
        problems.append(
            f"{workload.name}: {', '.join(differing)} all agree with each other, so "
            f"{REFERENCE} is probably the one that is wrong"
        )
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    repeat = args.repeat or (3 if args.quick else 7)
    target = args.target or (0.08 if args.quick else 0.15)
    selected = [WORKLOADS[name] for name in dict.fromkeys(args.workload or WORKLOADS)]
    now = dt.datetime.now(dt.UTC)
    header = environment(now)
    print("\n".join(header))
    print(f"timing:    median of {repeat} samples of ~{target:g} s per cell, per call")
    print(flush=True)

    renderers = {workload.name: dict(workload.setup()) for workload in selected}
    problems = [
        problem for workload in selected for problem in _check(workload, renderers[workload.name])
    ]
    if problems:
        print("\n\n".join(problems), file=sys.stderr)
        print(f"\nbench: FAILED, {len(problems)} problem(s); nothing was timed", file=sys.stderr)
        return 1
    names = ", ".join(workload.name for workload in selected)
    print(f"outputs checked: every engine renders the same HTML as {REFERENCE} ({names})")
    print(flush=True)

    started = time.perf_counter()
    results: dict[str, dict[str, Cell]] = {}
    for workload in selected:
        available = renderers[workload.name]
        timed = measure_all(
            {e: r for e, r in available.items() if not isinstance(r, NotApplicable)},
            target=target,
            repeat=repeat,
        )
        cells: dict[str, Cell] = {}
        for engine in ENGINES:
            render = available.get(engine)
            if isinstance(render, NotApplicable):
                cells[engine] = render
            elif render is not None:
                cell = cells[engine] = timed[engine]
                print(
                    f"  {workload.name:<10} {engine:<14} {format_time(cell.median):>10}"
                    f"  ({cell.number} calls/sample, IQR {cell.spread:.0%})",
                    file=sys.stderr,
                )
        results[workload.name] = cells
    elapsed = time.perf_counter() - started

    lines, notes = format_table(results)
    print("\n".join(lines))
    if notes:
        print()
        print("\n".join(notes))
    noisy = [
        f"{workload}/{engine} {cell.spread:.0%}"
        for workload, cells in results.items()
        for engine, cell in cells.items()
        if isinstance(cell, Measurement) and cell.spread > NOISY
    ]
    if noisy:
        print()
        text = (
            f"noisy cells (interquartile range of the samples over {NOISY:.0%} of their median; "
            f"another process was probably busy, rerun on an idle machine): {', '.join(noisy)}"
        )
        print(textwrap.fill(text, width=96))
    print()
    print(_summary(results))
    print(f"(timed in {elapsed:.0f} s; ratios are engine median / baseline median)")

    if args.json:
        settings = {"repeat": repeat, "target_s": target, "quick": args.quick}
        args.json.write_text(to_json(results, now=now, settings=settings, header=header))
        print(f"results written to {args.json}")
    return 0


def _summary(results: dict[str, dict[str, Cell]]) -> str:
    ratios = {}
    for workload, cells in results.items():
        baseline, ours = cells.get("baseline"), cells.get(REFERENCE)
        if isinstance(baseline, Measurement) and isinstance(ours, Measurement):
            ratios[workload] = ours.median / baseline.median
    at_or_below = [name for name, ratio in ratios.items() if ratio <= 1.0]
    above = [f"{name} {ratio:.2f}x" for name, ratio in ratios.items() if ratio > 1.0]
    summary = f"{REFERENCE} at or below the baseline on {len(at_or_below)} of {len(ratios)}"
    return summary + (f"; above on: {', '.join(above)}" if above else "")
