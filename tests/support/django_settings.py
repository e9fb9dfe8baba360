"""Django for the tests that use it: configured once per process, then the settings each test
module needs laid over it with ``override_settings``.

Django's settings can be configured once in a process, and ``django.setup()`` is global, so
this module does it the first time a Django test asks (``use(...)``), with nothing in it but
what every such test needs; a test module then enters ``override_settings`` with its own
values for its duration (a module-scoped fixture), and leaves the process as it found it
otherwise. The docs (docs/django.md) configure Django the same way when they run first. No
other test sees Django.

A plain module, imported by the test modules (pytest's "prepend" import mode puts tests/ on
``sys.path``; the conftest of tests/ does too, for tests/browser/).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import django
from django.conf import settings
from django.test.utils import override_settings

# Sessions in signed cookies and messages in cookies: no database anywhere.
BASE: dict[str, Any] = {
    "SECRET_KEY": "htmltemplates tests, not secret",
    "DEBUG": False,
    "ALLOWED_HOSTS": ["testserver", "127.0.0.1", "localhost"],
    "INSTALLED_APPS": ["django.contrib.messages", "django.contrib.staticfiles"],
    "MIDDLEWARE": [],
    "TEMPLATES": [],
    "DATABASES": {},
    "STATIC_URL": "/static/",
    "SESSION_ENGINE": "django.contrib.sessions.backends.signed_cookies",
    "MESSAGE_STORAGE": "django.contrib.messages.storage.cookie.CookieStorage",
    "USE_TZ": True,
}


def configure() -> None:
    """Configure Django with BASE and set it up, unless it is configured already."""
    if not settings.configured:
        settings.configure(**BASE)
        django.setup()


@contextmanager
def use(**values: Any) -> Iterator[None]:
    """Django configured, with BASE and then ``values`` in force inside the block."""
    configure()
    # DATABASES cannot be overridden (Django warns): {} is Django's default anyway
    overrides = {name: value for name, value in BASE.items() if name != "DATABASES"}
    with override_settings(**{**overrides, **values}):
        yield


def settings_of(module: ModuleType) -> dict[str, Any]:
    """The settings a settings module defines (its upper-case names), for :func:`use`."""
    return {name: getattr(module, name) for name in dir(module) if name.isupper()}
