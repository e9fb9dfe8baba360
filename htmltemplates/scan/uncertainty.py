"""Whether some reader may read the rest of a template in another context than the scanner does
(foreign content, <noscript>, CDATA, markup in a body the scanner reads as text), and so
refuse every later hole and forbid nesting the template.

The scanner reads every template as HTML outside foreign content. Some static markup makes
that reading uncertain: in <svg> and <math> (where a template may be interpolated) a CDATA
section is text and a <title>'s tags are parsed, a browser with scripting reads <noscript> as
raw text... After such markup a hole could land anywhere, so it is refused with the reason
(:meth:`Uncertainty.refuse`); and a template may end elsewhere than it seems once rendered
inside another one (:meth:`Uncertainty.nesting`).
"""

from __future__ import annotations

import re

from .. import _messages as _msg
from ..errors import ErrorCode, Location
from .tokens import Nesting

__all__ = ["FOREIGN_ROOTS", "INTEGRATION_POINTS", "Uncertainty"]

# Elements whose content may not be tokenized as HTML is: <svg> and <math> (foreign content),
# and <select>, where the "in select" insertion mode of parsers older than the 2025
# customizable-select change ignores <title>, <style>... start tags, so their content is markup.
FOREIGN_ROOTS = frozenset({"svg", "math", "select"})
# HTML integration points (13.2.6.5; annotation-xml only with encoding text/html, counted
# always): an HTML element open in one makes the tree builder ignore </svg> and </math>.
INTEGRATION_POINTS = frozenset(
    {"foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext", "annotation-xml"}
)
# read otherwise outside foreign content
_ANYWHERE = frozenset({ErrorCode.SCRIPT_COMMENT, ErrorCode.NOSCRIPT})
_NOSCRIPT_END = re.compile(r"</noscript(?=[\t\n\f\r />]|\Z)", re.IGNORECASE)


class Uncertainty:
    """What one scan has seen that some reader may read otherwise: the reason every later hole
    is refused, the open foreign elements, and the <noscript> element."""

    def __init__(self) -> None:
        # Static markup after which some browser may read the rest of the template in another
        # context than we do; every later hole is refused with this (headline, fix, anchor).
        self.reason: _msg.Pending | None = None
        self.at = Location()  # where the scan stood when it became unsure
        # Some uncertain text is read otherwise outside foreign content too (or stands inside
        # the template's own <svg>): kept once set, whatever reason comes later.
        self.anywhere: _msg.Pending | None = None
        self.anywhere_at = Location()
        # An </svg> or </math> came while an integration point inside it was open: the tree
        # builder may have ignored it, so every later hole counts as maybe foreign.
        self.maybe_foreign = False
        # The <svg>, <math> and <select> start tags not closed yet (and the integration points
        # opened inside them), in order: the scanner reads every template as HTML, and tracks
        # these only to know what may be read otherwise (a breakout tag such as <p> really ends
        # foreign content; this over-approximates).
        self.foreign: list[tuple[str, Location]] = []
        self.noscript = False  # inside <noscript>, which scripting browsers read as raw text
        self.noscript_at = Location()
        self.noscript_ends: set[tuple[int, int]] = set()  # where real </noscript> tags start

    def become_unsure(self, reason: _msg.Pending, at: Location) -> None:
        """From here on some reader may read the template otherwise, for ``reason``, found
        at ``at``."""
        self.reason, self.at = reason, at
        anywhere = reason.code in _ANYWHERE or self.in_foreign()
        if anywhere and self.anywhere is None:
            self.anywhere, self.anywhere_at = reason, at

    def in_foreign(self) -> bool:
        """Whether the scan may stand inside <svg>, <math> or <select> content."""
        return bool(self.foreign) or self.maybe_foreign

    def refuse(self, here: Location) -> None:
        """Refuse the hole at ``here`` if the scan is unsure of where it stands."""
        if self.reason is not None:
            raise self.reason.at(here)

    # -- tags ----------------------------------------------------------------------------------

    def start_tag(self, name: str, location: Location, *, closes_itself: bool) -> None:
        """The start tag of ``name`` at ``location`` ended (with '/>' when ``closes_itself``)."""
        if not closes_itself and (
            name in FOREIGN_ROOTS or (self.foreign and name in INTEGRATION_POINTS)
        ):
            self.foreign.append((name, location))
        if name == "noscript":
            self.noscript, self.noscript_at = True, location

    def end_tag_starts(self, string: int, offset: int) -> None:
        """An end tag starts at ``offset`` of string ``string`` (a real '</noscript' if its
        name is noscript, not one in text, a comment or an attribute value)."""
        self.noscript_ends.add((string, offset))

    def end_tag(self, name: str) -> None:
        """The end tag of ``name`` ended."""
        if name == "noscript":
            self.noscript = False
        elif name in FOREIGN_ROOTS or name in INTEGRATION_POINTS:
            names = [open_name for open_name, _ in self.foreign]
            if name in names:  # </svg> closes the innermost <svg> (and what it holds)
                at = len(names) - 1 - names[::-1].index(name)
                if name in FOREIGN_ROOTS and any(
                    open_name in INTEGRATION_POINTS for open_name in names[at + 1 :]
                ):
                    self.maybe_foreign = True  # HTML content there ignores </svg>
                del self.foreign[at:]

    def noscript_end_tags(self, text: str, string: int) -> None:
        """Become unsure at each '</noscript' of string ``string`` (``text``) that is no end
        tag: a browser with scripting reads <noscript> as raw text up to the first
        "</noscript", even one inside a comment or an attribute value; and any template may
        be interpolated into a <noscript>."""
        for match in _NOSCRIPT_END.finditer(text):
            if (string, match.start()) not in self.noscript_ends:
                at = Location(string, match.start(), len(match.group()))
                self.become_unsure(_msg.noscript(), at)

    # -- the end -------------------------------------------------------------------------------

    def refuse_unclosed(self) -> None:
        """Refuse a template that ends inside <noscript>."""
        if self.noscript:
            raise _msg.unclosed_noscript(self.noscript_at)

    def nesting(self) -> Nesting | None:
        """Whether the template may end elsewhere than it seems once inside another one."""
        roots = [(name, where) for name, where in self.foreign if name in FOREIGN_ROOTS]
        if roots:
            name, where = roots[-1]
            return Nesting(_msg.nested_end_open(name), where, foreign_only=False)
        if self.reason is None:
            return None
        # a CDATA section, and markup in <title>, <script> or <style>, are read otherwise only
        # in foreign content; the double-escaped script and </noscript> anywhere
        foreign_only = self.anywhere is None
        reason = self.anywhere or self.reason
        where = self.at if foreign_only else self.anywhere_at
        return Nesting(
            _msg.nested_end_uncertain(reason, foreign_only=foreign_only),
            where,
            foreign_only=foreign_only,
        )
