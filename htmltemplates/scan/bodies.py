"""The body of the RCDATA or raw-text element being scanned (<title>, <textarea>, <script>,
<style>...): its text so far, the checks of a hole in it, and at its end tag the escapers of
its <style> holes and whether some reader ends it elsewhere.

A hole in such a body is refused where the body may be read otherwise than the scanner reads
it: right after '<' or '</' and letters (the value could complete the end tag), and after
markup, which is text in HTML but parsed in <svg> and <math>, where a template may be
interpolated (a '</title>' inside a quoted attribute value there does not end the element).
"""

from __future__ import annotations

import re

from .. import _messages as _msg
from .._spec import RAWTEXT_ELEMENTS, ascii_lower
from ..analyze.text import JavaScriptReading, script_escaper, style_escapers
from ..errors import Location
from ..escaper import Escaper
from ..lang.javascript import CODE_STAND_IN, TEXT_STAND_IN
from .context import Context, State
from .tokens import TextHole

__all__ = ["ElementBody"]

# A script or style body is raw text in HTML, but in <svg> and <math> (where a template may be
# interpolated) its tags are parsed: '<a href=' there makes a value an attribute
# (_messages.script_markup).
_MARKUP = re.compile(r"<[A-Za-z!?/]")
_ASCII_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _ends_in_partial_end_tag(text: str) -> bool:
    """Whether ``text`` ends in '<' or '</' and ASCII letters. Only its end is read (a longer
    piece of it while that is letters): the body of a <style> or <script> is judged at each of
    its holes, and a search through all of it each time grew as the square of its length."""
    size = 64
    while True:
        tail = text[-size:]
        head = tail.rstrip(_ASCII_LETTERS)
        if len(head) >= 2 or len(tail) == len(text):
            return head.endswith(("<", "</"))
        size *= 2


def _only_cdata(body: str) -> bool:
    """Whether the only '<' in a raw-text body opens a CDATA section that is closed: raw text,
    a CDATA section in foreign content, a bogus comment in a legacy <select>, it holds no
    markup for any reader, and every reader ends the element at the same end tag (SVG files
    exported by drawing programs wrap their <style> and <script> so)."""
    start = body.find("<![CDATA[")
    return body.count("<") == 1 and start >= 0 and "]]>" in body[start + 9 :]


def _uncertain_end(element: str, body: str) -> _msg.Pending | None:
    """Why some reader may end the RCDATA or raw-text ``element`` with ``body`` elsewhere than
    its end tag, or None when every reader ends it there."""
    if element in RAWTEXT_ELEMENTS and _only_cdata(body):
        return None
    if element == "script":
        lowered = ascii_lower(body)
        if "<!--" in lowered and "<script" in lowered:
            # 13.2.5.20-27: after '<!--', a '<script' enters the double-escaped state and
            # the next '</script>' no longer ends the element
            return _msg.script_comment_nested()
        if _MARKUP.search(body):
            # in <svg> and <math> a script's tags are parsed: a '</script>' inside a quoted
            # attribute value there does not end it
            return _msg.script_markup("script")
    elif _MARKUP.search(body):
        # in <svg>, <math> (and a legacy <select>) this element is not text: its markup is
        # parsed, and a '</title>' inside a quoted value there does not end it
        return _msg.rcdata_markup(element)
    return None


class ElementBody:
    """The body of one RCDATA or raw-text element, from its start tag to its end tag: its text
    with a stand-in for the value of each hole, and for a <style> its static parts around its
    holes, whose position in the CSS is decided at the end tag."""

    def __init__(self) -> None:
        self.element = ""
        self.text = ""  # the content so far, each hole's value as a stand-in
        self.markup = False  # whether markup (_MARKUP) is in text[:read]
        self.read = 0
        self.comment = False  # whether '<!--' is in text[:comment_read]
        self.comment_read = 0
        self.script: JavaScriptReading | None = None  # a <script> body read as JavaScript
        self.style_parts: list[str] = []  # a <style> body's static text around its holes
        self.style_holes: list[TextHole] = []
        self.script_kind = ""  # in <script>: "js", "json", or "" for a data block

    def start(self, element: str, script_kind: str = "") -> None:
        """The start tag of ``element`` ended: its body starts, empty."""
        self.element, self.script_kind = element, script_kind
        self.text, self.markup, self.read = "", False, 0
        self.comment, self.comment_read = False, 0
        self.script = JavaScriptReading() if element == "script" and script_kind else None
        self.style_parts, self.style_holes = [""], []

    def feed(self, text: str) -> None:
        """Static ``text`` of the body."""
        self._add(text)
        if self.element == "style":
            self.style_parts[-1] += text

    def end(self) -> _msg.Pending | None:
        """The end tag came: give each <style> hole its escaper (which may refuse it), and say
        why some reader may end the element elsewhere (None when none may)."""
        if self.style_holes:
            escapers = style_escapers(self.style_parts, [hole.index for hole in self.style_holes])
            for hole, escaper in zip(self.style_holes, escapers, strict=True):
                hole.escaper = escaper
        return _uncertain_end(self.element, self.text)

    # -- holes ---------------------------------------------------------------------------------

    def rcdata_hole(self, before: str, here: Location) -> None:
        """Check a hole in RCDATA after ``before`` (the static text since the last token), and
        add its value to the body."""
        self._refuse_partial_end_tag(before, here)
        if self._markup_in_body():
            # <title><a href={x}> is text in HTML, but markup wherever <title> is not
            # RCDATA: in <svg> (where <title><script> is a real script), or in a template
            # interpolated into <svg>. Any markup before the hole refuses it: quotes and
            # '>' cannot be judged in text that may or may not be markup.
            raise _msg.rcdata_markup(self.element).at(here)
        self._add("x")  # the value: text

    def raw_text_hole(self, index: int, before: str, here: Location) -> TextHole:
        """The hole ``index`` in raw text after ``before`` (the static text since the last
        token): in a <script> (not a data block) or a <style>, with its escaper if it has one
        yet; refused in any other raw-text element."""
        if self.script is not None:
            return self._script_hole(self.script, index, before, here)
        if self.element == "style":
            return self._style_hole(index, before, here)
        if self.element == "script":
            raise _msg.script_style(here)
        raise _msg.raw_text(self.element, here)

    def _script_hole(
        self, script: JavaScriptReading, index: int, before: str, here: Location
    ) -> TextHole:
        """A hole in a <script> body: refused where the body may be read otherwise than as
        JavaScript (a partial end tag, a comment opener, markup); else the analysis gives it
        its escaper, from where the JavaScript so far puts it."""
        self._refuse_partial_end_tag(before, here)
        if self._comment_in_body():
            raise _msg.script_comment(here)
        if self._markup_in_body():
            raise _msg.script_markup("script").at(here)
        escaper = script_escaper(script, before, self.script_kind, index, here)
        # the value: one expression, or text of the string
        in_text = escaper is Escaper.SCRIPT_STRING
        self._add(TEXT_STAND_IN if in_text else CODE_STAND_IN)
        return TextHole(index, Context(State.RAWTEXT, "script"), escaper)

    def _style_hole(self, index: int, before: str, here: Location) -> TextHole:
        """A hole in a <style> body: where it stands in the CSS is decided when the element
        ends (the text after a hole can matter: ``b:{v} { c: d }`` is a nested rule)."""
        self._refuse_partial_end_tag(before, here)
        if self._markup_in_body():
            raise _msg.script_markup("style").at(here)
        hole = TextHole(index, Context(State.RAWTEXT, "style"), None)  # decided at </style>
        self.style_holes.append(hole)
        self.style_parts.append("")
        self._add("0")
        return hole

    # -- the text so far -----------------------------------------------------------------------

    def _add(self, text: str) -> None:
        """Add ``text`` to the body. The body is dropped from self while it grows: CPython then
        extends the only reference to a str in place, where ``self.text += text`` would copy
        all of it at each hole."""
        body = self.text
        self.text = ""
        body += text
        self.text = body
        if self.script is not None:
            self.script.feed(text)

    def _markup_in_body(self) -> bool:
        """Whether the body so far holds markup (_MARKUP). The body only grows: only what was
        added since the last call is searched."""
        if not self.markup:
            body = self.text
            found = _MARKUP.search(body, max(0, self.read - 1))  # '<' may end the old text
            self.markup, self.read = found is not None, len(body)
        return self.markup

    def _comment_in_body(self) -> bool:
        """Whether the body so far holds '<!--', searched in what was added since the last call
        (and the three characters before it, which may begin it)."""
        if not self.comment:
            body = self.text
            self.comment = body.find("<!--", max(0, self.comment_read - 3)) >= 0
            self.comment_read = len(body)
        return self.comment

    def _refuse_partial_end_tag(self, before: str, here: Location) -> None:
        """Refuse a hole right after '<' or '</' and letters in the element: the value could
        complete its end tag (</title, </script...)."""
        if _ends_in_partial_end_tag(before):
            raise _msg.end_tag_completion(self.element, here)
