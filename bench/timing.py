"""timeit-style timing: calibrate a loop count, take several samples, keep the median.

Like :mod:`timeit`, each sample runs the renderer ``number`` times in a tight loop with the
garbage collector disabled (it is collected before each sample), so a sample measures
rendering and not a collection that an earlier cell's garbage triggered.

The engines of one workload are sampled in turns (baseline, htmltemplates, jinja2, tdom,
baseline, ...) rather than one after the other, so a burst of load from another process on
the machine spreads over all of them instead of skewing one cell, and the ratios hold better
than the absolute times.
"""

from __future__ import annotations

import gc
import statistics
import timeit
from collections.abc import Mapping
from dataclasses import dataclass

from bench.core import Render

__all__ = ["Measurement", "measure_all"]

# The calibration loop raises the count until one run takes at least this long, then scales
# it to the target sample time.
_CALIBRATION_FLOOR = 0.02


@dataclass(frozen=True, slots=True)
class Measurement:
    """Per-call times (seconds) of ``len(times)`` samples of ``number`` calls each."""

    number: int
    times: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def best(self) -> float:
        return min(self.times)

    @property
    def spread(self) -> float:
        """The interquartile range of the samples relative to their median: how noisy this
        cell was (one outlier, which the median ignores, does not count)."""
        if len(self.times) < 2:
            return 0.0
        low, _, high = statistics.quantiles(self.times, n=4)
        return (high - low) / self.median


def _calibrate(timer: timeit.Timer, target: float) -> int:
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= _CALIBRATION_FLOOR:
            break
        number *= 2 if elapsed > _CALIBRATION_FLOOR / 4 else 10
    elapsed = min(elapsed, timer.timeit(number), timer.timeit(number))  # one slow run: noise
    return max(1, round(number * target / elapsed))


def measure_all(
    renders: Mapping[str, Render], *, target: float, repeat: int
) -> dict[str, Measurement]:
    """Time each renderer: ``repeat`` samples of about ``target`` seconds, taken in turns."""
    timers = {name: timeit.Timer(render) for name, render in renders.items()}
    numbers = {name: _calibrate(timer, target) for name, timer in timers.items()}
    times: dict[str, list[float]] = {name: [] for name in timers}
    for _ in range(repeat):
        for name, timer in timers.items():
            gc.collect()
            times[name].append(timer.timeit(numbers[name]) / numbers[name])
    return {name: Measurement(numbers[name], tuple(times[name])) for name in timers}
