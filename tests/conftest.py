"""Shared test set-up.

The hostile values and the html5lib helpers live in ``tests/hostile.py``, a plain module the
test modules import (``from hostile import EVIL``); a conftest cannot be imported reliably, as
the repository root has a conftest.py of its own (the sybil docs runner).
"""

from hypothesis import HealthCheck, settings

# The first example of a property compiles its template; slow CI machines must not fail on it.
settings.register_profile(
    "htmltemplates", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("htmltemplates")
