"""The body of the RCDATA or raw-text element being scanned (<title>, <textarea>, <script>,
<style>...): its text so far, the checks of a hole in it, what a <script> is (its type), the
static text around the holes of a <script> or <style> for the analysis (a :class:`Body`), and
at its end tag whether some reader ends it elsewhere.

A hole in such a body is refused where the body may be read otherwise than the scanner reads
it: right after '<' or '</' and letters (the value could complete the end tag), and after
markup, which is text in HTML but parsed in <svg> and <math>, where a template may be
interpolated (a '</title>' inside a quoted attribute value there does not end the element).
"""

from __future__ import annotations

import re

from .. import _messages as _msg
from .._spec import RAWTEXT_ELEMENTS, WHITESPACE, ascii_lower
from ..errors import Location
from .context import Context, State
from .tokens import AttrToken, Body, TagToken, TextHole

__all__ = ["ElementBody", "script_kind"]

# A script or style body is raw text in HTML, but in <svg> and <math> (where a template may be
# interpolated) its tags are parsed: '<a href=' there makes a value an attribute
# (_messages.script_markup).
_MARKUP = re.compile(r"<[A-Za-z!?/]")
_ASCII_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
# What stands for the value of a <script> or <style> hole in the body's text, which only the
# checks below read (markup, '<!--', '<script', a closed CDATA section): each looks for text
# that starts at a '<' of the static text, a value right after '<' and letters is refused (it
# could complete an end tag), and no stand-in holds '<', '-' or ']', so every value reads as
# this one there. (The analysis reads a script with the stand-in of where each value goes,
# lang/javascript.py.)
_VALUE = "0"

# 4.12.1: a script with no type, an empty one or a JavaScript MIME type is classic JavaScript,
# "module" a module; these JSON types hold data that is read as JSON.
_JS_TYPES = frozenset(
    """text/javascript application/javascript text/ecmascript application/ecmascript
    application/x-javascript application/x-ecmascript text/x-javascript text/x-ecmascript
    text/jscript text/livescript text/javascript1.0 text/javascript1.1 text/javascript1.2
    text/javascript1.3 text/javascript1.4 text/javascript1.5 module""".split()
)
# An importmap is JSON whose strings are URLs that load code: its values are checked (every URL
# a TrustedResourceURL). speculationrules mixes URLs with other strings: it stays a data block.
_JSON_TYPES = frozenset({"application/json", "application/ld+json"})


def script_kind(tag: TagToken) -> str:
    """What a <script>'s body is, from its static type attribute: "js", "json", "importmap",
    or "" (a data block such as text/x-template, whose holes stay refused)."""
    for item in tag.items:
        if isinstance(item, AttrToken) and ascii_lower(item.name) == "type":
            value = "".join(part for part in item.parts or () if isinstance(part, str))
            kind = ascii_lower(value.strip(WHITESPACE))
            if not kind or kind in _JS_TYPES:
                return "js"
            if kind == "importmap":
                return "importmap"
            json_type = kind in _JSON_TYPES or (
                kind.startswith("application/") and kind.endswith("+json")
            )
            return "json" if json_type else ""
    return "js"


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
    with a stand-in for the value of each hole, and for a <script> or <style> the static text
    around its holes (a :class:`Body`, shared by its TextHoles), which the analysis reads."""

    def __init__(self) -> None:
        self.element = ""
        self.text = ""  # the content so far, each hole's value as a stand-in
        self.markup = False  # whether markup (_MARKUP) is in text[:read]
        self.read = 0
        self.comment = False  # whether '<!--' is in text[:comment_read]
        self.comment_read = 0
        # what the analysis reads of a <script> (not a data block) or a <style>
        self.record: Body | None = None

    def start(self, element: str, script_kind: str = "") -> None:
        """The start tag of ``element`` ended: its body starts, empty. ``script_kind``: what a
        <script> holds (see :func:`script_kind`; "" for a data block, whose holes are
        refused)."""
        self.element = element
        self.text, self.markup, self.read = "", False, 0
        self.comment, self.comment_read = False, 0
        read = element == "style" or (element == "script" and bool(script_kind))
        self.record = Body(element, script_kind) if read else None

    def feed(self, text: str) -> None:
        """Static ``text`` of the body."""
        self._add(text)
        if self.record is not None:
            self.record.pieces[-1] += text  # once for each piece: no hole stands between

    def end(self) -> _msg.Pending | None:
        """The end tag came: the body is whole (a <style>'s holes are decided now), and say
        why some reader may end the element elsewhere (None when none may)."""
        if self.record is not None:
            self.record.ended = True
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

    def raw_text_hole(self, slot: int, before: str, here: Location) -> TextHole:
        """The hole ``slot`` in raw text after ``before`` (the static text since the last
        token): in a <script> (not a data block) or a <style>, where the analysis decides it
        with the rest of the body; refused in any other raw-text element."""
        body = self.record
        if body is None:
            if self.element == "script":
                raise _msg.script_style(here)
            raise _msg.raw_text(self.element, here)
        self._refuse_partial_end_tag(before, here)
        if body.element == "script":
            # refused where the body may be read otherwise than as JavaScript: after a
            # comment opener or markup
            if self._comment_in_body():
                raise _msg.script_comment(here)
            if self._markup_in_body():
                raise _msg.script_markup("script").at(here)
        elif self._markup_in_body():
            raise _msg.script_markup("style").at(here)
        body.slots.append(slot)
        body.pieces.append("")
        self._add(_VALUE)
        return TextHole(slot, Context(State.RAWTEXT, body.element), body=body)

    # -- the text so far -----------------------------------------------------------------------

    def _add(self, text: str) -> None:
        """Add ``text`` to the body. The body is dropped from self while it grows: CPython then
        extends the only reference to a str in place, where ``self.text += text`` would copy
        all of it at each hole."""
        body = self.text
        self.text = ""
        body += text
        self.text = body

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
