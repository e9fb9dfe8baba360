"""Type-checked with ``mypy --strict tests/typing``, never run: one ``_`` for plain strings
(a ``str``) and t-strings (a ``Template``), and a t-string message refused where a ``str`` is
wanted (a WTForms label, ``flash()``): with warn_unused_ignores, an ignore that stops being
needed fails mypy."""

from string.templatelib import Template
from typing import assert_type

from htmltemplates import html
from htmltemplates.i18n import LazyMessage, _, gettext, lazy_gettext, ngettext, npgettext, pgettext

n = 2
assert_type(_("Saved"), str)
assert_type(gettext("Saved"), str)
assert_type(_(t"<b>{n}</b> items"), Template)
assert_type(ngettext("{n} file", "{n} files", n), str)
assert_type(ngettext(t"{n} file", t"{n} files", n), Template)
assert_type(pgettext("verb", "Sign"), str)
assert_type(pgettext("verb", t"Sign"), Template)
assert_type(npgettext("menu", "{n} entry", "{n} entries", n), str)
assert_type(npgettext("menu", t"{n} entry", t"{n} entries", n), Template)
assert_type(lazy_gettext(t"Follow"), LazyMessage)
html(_(t"Follow"))

label: str = _(t"Follow")  # type: ignore[assignment]  # a Template is not text
html(_("Follow"))  # type: ignore[arg-type]  # a str is not a template
ngettext("{n} file", t"{n} files", n)  # type: ignore[call-overload]
lazy_gettext("Follow")  # type: ignore[arg-type]
