"""The report: environment header, the table of medians and ratios, and the JSON file."""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import sys
import tomllib
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path

import htmltemplates
from bench.core import ENGINES, NotApplicable
from bench.timing import Measurement

__all__ = ["Cell", "environment", "format_table", "format_time", "to_json", "versions"]

type Cell = Measurement | NotApplicable
type Results = Mapping[str, Mapping[str, Cell]]

PACKAGES = ("htmltemplates", "markupsafe", "jinja2", "tdom", "html5lib")


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        pass
    if package == "htmltemplates":  # run from a checkout without installing it
        pyproject = Path(htmltemplates.__file__).parent.parent / "pyproject.toml"
        try:
            with pyproject.open("rb") as file:
                return f"{tomllib.load(file)['project']['version']} (source)"
        except OSError, KeyError, tomllib.TOMLDecodeError:
            pass
    return "not installed"


def versions() -> dict[str, str]:
    """The version of each package the benchmark compares or depends on."""
    return {package: _version(package) for package in PACKAGES}


def environment(now: dt.datetime) -> list[str]:
    """The header lines: date, Python, machine, package versions."""
    python = sys.version.replace("\n", " ")
    gil = "" if getattr(sys, "_is_gil_enabled", lambda: True)() else ", free-threaded"
    packages = ", ".join(f"{name} {version}" for name, version in versions().items())
    return [
        f"date:      {now:%Y-%m-%d %H:%M %Z}",
        f"python:    {platform.python_implementation()} {python}{gil}",
        f"machine:   {platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}",
        f"packages:  {packages}",
    ]


_UNITS = (("ns", 1e9), ("µs", 1e6), ("ms", 1e3), ("s", 1.0))


def format_time(seconds: float) -> str:
    """``seconds`` with three significant digits, in ns, µs, ms or s, whichever keeps the
    number between 1 and 999."""
    for name, scale in _UNITS:
        value = seconds * scale
        digits = 2 if value < 9.995 else 1 if value < 99.95 else 0
        if round(value, digits) < 999.5 or name == "s":
            return f"{value:.{digits}f} {name}"
    raise AssertionError("unreachable")


def _ratio(value: float) -> str:
    return f"({value:.2f}x)" if value < 10 else f"({value:.1f}x)"


def format_table(results: Results) -> tuple[list[str], list[str]]:
    """The table (one row per workload, one column per engine, with each engine's ratio to
    the baseline) and the footnotes explaining its n/a cells."""
    notes: list[str] = []
    rows: list[list[str]] = [["workload", *ENGINES]]
    for workload, cells in results.items():
        baseline = cells.get("baseline")
        row = [workload]
        for engine in ENGINES:
            cell = cells.get(engine)
            if cell is None:
                row.append("-")
            elif isinstance(cell, NotApplicable):
                notes.append(f"[{len(notes) + 1}] {workload}/{engine}: {cell.reason}")
                row.append(f"n/a [{len(notes)}]")
            elif engine == "baseline" or not isinstance(baseline, Measurement):
                row.append(format_time(cell.median))
            else:
                ratio = cell.median / baseline.median
                row.append(f"{format_time(cell.median)}  {_ratio(ratio)}")
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        first, *rest = row
        cells_text = "   ".join(
            cell.ljust(width) for cell, width in zip(rest, widths[1:], strict=True)
        )
        lines.append(f"{first.ljust(widths[0])}   {cells_text}".rstrip())
    return lines, notes


def to_json(
    results: Results, *, now: dt.datetime, settings: Mapping[str, object], header: Sequence[str]
) -> str:
    """The results as JSON: environment, settings, and per cell the samples and ratio."""
    out: dict[str, object] = {
        "date": now.isoformat(timespec="seconds"),
        "python": sys.version,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "versions": versions(),
        "settings": dict(settings),
        "header": list(header),
    }
    table: dict[str, dict[str, object]] = {}
    for workload, cells in results.items():
        baseline = cells.get("baseline")
        row: dict[str, object] = {}
        for engine, cell in cells.items():
            if isinstance(cell, NotApplicable):
                row[engine] = {"n/a": cell.reason}
                continue
            row[engine] = {
                "median_s": cell.median,
                "best_s": cell.best,
                "samples_s": list(cell.times),
                "calls_per_sample": cell.number,
                "ratio_to_baseline": (
                    cell.median / baseline.median if isinstance(baseline, Measurement) else None
                ),
            }
        table[workload] = row
    out["results"] = table
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"
