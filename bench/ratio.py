"""``python -m bench.ratio``: the ratio of htmltemplates to the baseline, measured in pairs.

On a busy machine (other processes on few cores) the absolute times of ``python -m bench``
swing by tens of percent from one sample to the next, and so does a ratio of two medians taken
seconds apart. This tool times the two engines in short alternating samples (baseline,
htmltemplates, baseline, ...) and takes the ratio within each pair, which load that lasts
longer than one pair cancels out of; it reports the median of those ratios and their
interquartile range. It times with the CPU time of this process by default, so that the time
another process had the core is not counted (caches shared with it still are).

    PYTHONPATH=. python -m bench.ratio --workload nested-tags --workload page-tags --rounds 41
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
import timeit
from collections.abc import Callable, Sequence

from bench.core import NotApplicable
from bench.workloads import WORKLOADS

__all__ = ["main", "paired_ratios", "print_row"]


def paired_ratios(
    baseline: timeit.Timer, ours: timeit.Timer, *, rounds: int, target: float
) -> tuple[list[float], float, float]:
    """``rounds`` ratios of per-call times (ours / baseline), each from two samples of about
    ``target`` seconds taken one right after the other; and the two median per-call times."""
    numbers = []
    for timer in (baseline, ours):
        number, elapsed = timer.autorange()
        numbers.append(max(1, round(number * target / elapsed)))
    ratios: list[float] = []
    times: tuple[list[float], list[float]] = ([], [])
    for i in range(rounds):
        gc.collect()
        pair = [0.0, 0.0]
        # alternate which goes first, so a drift within a pair does not favour one side
        for side in (0, 1) if i % 2 == 0 else (1, 0):
            timer = (baseline, ours)[side]
            pair[side] = timer.timeit(numbers[side]) / numbers[side]
            times[side].append(pair[side])
        ratios.append(pair[1] / pair[0])
    return ratios, statistics.median(times[0]), statistics.median(times[1])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ratio", description=__doc__)
    parser.add_argument(
        "--workload", action="append", choices=list(WORKLOADS), metavar="NAME", required=True
    )
    parser.add_argument("--rounds", type=int, default=31, help="pairs of samples (default 31)")
    parser.add_argument(
        "--target", type=float, default=0.03, help="seconds per sample (default 0.03)"
    )
    parser.add_argument(
        "--wall",
        action="store_true",
        help="time with the wall clock (default: this process's CPU time, which does not count "
        "the time another process had the core)",
    )
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    print(f"{'workload':<12} {'baseline':>10} {'ours':>10} {'ratio':>7}  (IQR of the ratios)")
    for name in dict.fromkeys(args.workload):
        renderers = WORKLOADS[name].setup()
        baseline, ours = renderers["baseline"], renderers["htmltemplates"]
        assert not isinstance(baseline, NotApplicable)
        assert not isinstance(ours, NotApplicable)
        print_row(
            name, baseline, ours, clock=clock, rounds=args.rounds, target=args.target, width=12
        )
    return 0


def print_row(
    name: str,
    baseline: Callable[[], object],
    ours: Callable[[], object],
    *,
    clock: Callable[[], float],
    rounds: int,
    target: float,
    width: int,
) -> None:
    """Time ``ours`` against ``baseline`` in pairs and print one row: both medians, the median
    ratio and its interquartile range."""
    ratios, base, mine = paired_ratios(
        timeit.Timer(baseline, timer=clock),
        timeit.Timer(ours, timer=clock),
        rounds=rounds,
        target=target,
    )
    low, median, high = statistics.quantiles(ratios, n=4)
    print(
        f"{name:<{width}} {base * 1e6:>8.1f}µs {mine * 1e6:>8.1f}µs {median:>6.2f}x"
        f"  ({low:.2f}-{high:.2f})",
        flush=True,
    )


if __name__ == "__main__":
    raise SystemExit(main())
