"""Shared test set-up.

The hostile values and the html5lib helpers live in ``tests/support/hostile.py``, a plain
module the test modules import (``from hostile import EVIL``): pyproject.toml puts
``tests/support`` on the path of every run (``pythonpath``). A conftest cannot be imported
reliably, as the repository root has a conftest.py of its own (the sybil docs runner).
"""

import pytest
from hypothesis import HealthCheck, settings

from htmltemplates._fastpaths import OFF

# The first example of a property compiles its template; slow CI machines must not fail on it.
settings.register_profile(
    "htmltemplates", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("htmltemplates")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """With fast paths switched off (HTMLTEMPLATES_SLOW_PATHS=1 in the second run of ``make
    test``, or some names) skip the tests marked fast_path: they check that a fast path is
    taken. ``fast_path("name", ...)`` names the entries it checks (skipped when one is off);
    a bare ``fast_path`` is skipped when any is off."""
    if not OFF:
        return
    for item in items:
        marker = item.get_closest_marker("fast_path")
        if marker is None:
            continue
        names = set(marker.args) or OFF
        if names & OFF:
            reason = f"checks a fast path off with HTMLTEMPLATES_SLOW_PATHS: {min(names & OFF)}"
            item.add_marker(pytest.mark.skip(reason=reason))
