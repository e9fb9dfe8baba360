"""``python -m bench.where``: where the time of html() goes in each workload, by kind of code.

cProfile over repeated renders of a workload, its own time (tottime) of each function summed
by where the function lives:

- **plans**: the generated plans' own code (the f-strings, their inline fast paths);
- **runtime**: htmltemplates' runtime functions (``htmltemplates/runtime/``, the API);
- **escaping**: MarkupSafe's C escaper;
- **workload**: the workload's own Python (its components, the data it builds per render);
- **builtins**: the rest of CPython that they call (``str.join``, ``format``, ``isinstance``,
  the json encoder, ``urllib.parse.quote``...).

The profiler adds a cost per call, so code that makes many small calls looks bigger than it
is: the shares say where the work is, ``python -m bench.ratio`` how long it takes.

    PYTHONPATH=. python -m bench.where --workload styles --workload urls
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections.abc import Sequence

from bench.core import NotApplicable
from bench.workloads import WORKLOADS

__all__ = ["KINDS", "main", "shares"]

KINDS = ("plans", "runtime", "escaping", "workload", "builtins")


def _kind(filename: str, name: str) -> str:
    if filename.startswith("<htmltemplates plan "):
        return "plans"
    if "/htmltemplates/" in filename:
        return "runtime"
    if "markupsafe" in name or "markupsafe" in filename:
        return "escaping"
    if "/bench/" in filename or "/examples/" in filename:
        return "workload"
    return "builtins"


def shares(workload: str, renders: int = 300) -> dict[str, float]:
    """The share of each kind of code in the profiled time of ``renders`` renders."""
    render = WORKLOADS[workload].setup()["htmltemplates"]
    if isinstance(render, NotApplicable):  # pragma: no cover - every workload has one
        raise SystemExit(f"{workload}: {render.reason}")
    for _ in range(20):  # plans compiled, caches filled
        render()
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(renders):
        render()
    profile.disable()
    totals = dict.fromkeys(KINDS, 0.0)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    for (filename, _line, name), (_calls, _primitive, tottime, _cumtime, _callers) in stats.items():
        if filename == "~" and name.startswith("<method 'disable'"):
            continue  # the profiler itself
        totals[_kind(filename, name)] += tottime
    whole = sum(totals.values()) or 1.0
    return {kind: time / whole for kind, time in totals.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.where", description=__doc__)
    parser.add_argument("--workload", action="append", choices=sorted(WORKLOADS))
    parser.add_argument("--renders", type=int, default=300)
    args = parser.parse_args(argv)
    print(f"{'workload':<14}" + "".join(f"{kind:>10}" for kind in KINDS))
    for workload in args.workload or list(WORKLOADS):
        found = shares(workload, args.renders)
        print(f"{workload:<14}" + "".join(f"{found[kind]:>10.0%}" for kind in KINDS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
