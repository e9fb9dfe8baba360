"""Shared test set-up.

The hostile values and the html5lib helpers live in ``tests/hostile.py``, a plain module the
test modules import (``from hostile import EVIL``); a conftest cannot be imported reliably, as
the repository root has a conftest.py of its own (the sybil docs runner).
"""

import pytest
from hypothesis import HealthCheck, settings

from htmltemplates.runtime.slow import SLOW_PATHS

# The first example of a property compiles its template; slow CI machines must not fail on it.
settings.register_profile(
    "htmltemplates", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("htmltemplates")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """With HTMLTEMPLATES_SLOW_PATHS=1 (the second run of ``make test``) skip the tests marked
    fast_path: they check that a fast path is taken, which the switch turns off."""
    if not SLOW_PATHS:
        return
    skip = pytest.mark.skip(reason="checks a fast path, off with HTMLTEMPLATES_SLOW_PATHS=1")
    for item in items:
        if item.get_closest_marker("fast_path"):
            item.add_marker(skip)
