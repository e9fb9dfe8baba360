"""Scans a template's static strings into tokens: literal text, holes in text, and tags.

The scanner follows the WHATWG tokenizer (HTML Living Standard 13.2.5) over the static strings
only, never the values. It is a table from State to a short transition method, each taking
``(text, i)`` and returning how far it got: the content states here, the tag states in
:mod:`.tags`. Between two strings stands an interpolation (a *hole*); :meth:`Scanner.hole`
decides what the hole is from the state it lands in:

- in text, RCDATA, a comment, or the body of a <script> or <style>: a :class:`TextHole`,
  with what the analysis needs to decide it (foreign content; the body's static text);
- between attributes: a spread of a mapping of attributes;
- in an attribute value (quoted, or unquoted right after ``=``): a part of that value;
- anywhere else (tag names, attribute names, end tags, markup declarations, a data block
  ``<script>``...): a :class:`TemplateSyntaxError`, before any value is seen.

The scanner only says where each hole stands; the analysis (analyze/) decides what is done to
its value. At its first refusal the scan stops, and hands the refusal on with the tokens so
far (:class:`Scan`): the analysis raises it at its place among the refusals of the holes before
it.

Tags that contain holes come out as :class:`TagToken` with their attributes split out, so the
compiler can merge and drop attributes; everything else comes out as literal text, exactly as
written.

The :class:`Scanner` owns the parts that each keep one kind of fact along the scan: the tag
being scanned (:mod:`.tags`), the body of an RCDATA or raw-text element (:mod:`.bodies`), the
pairing of component tags (:mod:`.components`), and what some reader may read otherwise
(:mod:`.uncertainty`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from string.templatelib import Interpolation, Template

from .. import _messages as _msg
from .._spec import RAWTEXT_ELEMENTS, RCDATA_ELEMENTS, SCRIPT_ELEMENTS
from ..errors import Location, TemplateSyntaxError
from .bodies import ElementBody, script_kind
from .components import ComponentPairing
from .context import Context, Quote, State
from .tags import TagScanner
from .tokens import AttrToken, Nesting, Scan, TagToken, TextHole, Token
from .uncertainty import FOREIGN_ROOTS, INTEGRATION_POINTS, Uncertainty

_COMMENT_END = re.compile(r"--!?>")
# A start tag whose attributes are names, with a quoted value or none, and an end tag, each
# ending in the same string (see _plain_start_tag)
_PLAIN_START_TAG = re.compile(
    r"<([A-Za-z][A-Za-z0-9-]*)"
    r"(?:[\t\n\f\r ]+[^\t\n\f\r />=\"'<`]+"
    r"(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:\"[^\"]*\"|'[^']*'))?)*"
    r"[\t\n\f\r ]*/?>"
)
_PLAIN_END_TAG = re.compile(r"</([A-Za-z][A-Za-z0-9-]*)(?=[\t\n\f\r />])[^>]*>")
# A start tag whose attributes are plain but for the last, whose quoted value is still open at
# the end of the string: '<tr class="row-', then a hole (see _open_value). Groups: the name,
# the plain attributes, and the last attribute's whitespace, name, '=' with its whitespace,
# quote and value so far.
_OPEN_VALUE = re.compile(
    r"<([A-Za-z][A-Za-z0-9-]*)"
    r"((?:[\t\n\f\r ]+[^\t\n\f\r />=\"'<`]+"
    r"(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:\"[^\"]*\"|'[^']*'))?)*)"
    r"([\t\n\f\r ]+)([^\t\n\f\r />=\"'<`]+)([\t\n\f\r ]*=[\t\n\f\r ]*)"
    r"(?:(\")([^\"]*)|(')([^']*))\Z"
)
# one plain attribute: its whitespace, name, and '=' with its whitespace, quote and value
_PLAIN_ATTR = re.compile(
    r"([\t\n\f\r ]+)([^\t\n\f\r />=\"'<`]+)"
    r"(?:([\t\n\f\r ]*=[\t\n\f\r ]*)(?:(\")([^\"]*)\"|(')([^']*)'))?"
)
# the start tags that change how what follows is read, or what some reader may read there
_SPECIAL_START_TAGS = (
    RCDATA_ELEMENTS
    | RAWTEXT_ELEMENTS
    | SCRIPT_ELEMENTS
    | FOREIGN_ROOTS
    | INTEGRATION_POINTS
    | frozenset({"noscript"})
)
# the end tags whose start and end Uncertainty notes: a '</noscript' that is an end tag, and
# the end of <noscript>, foreign content or an integration point
_UNCERTAIN_END_TAGS = FOREIGN_ROOTS | INTEGRATION_POINTS | frozenset({"noscript"})
_IN_TEXT = Context()  # one for every hole in text: a Context is immutable
# the elements whose first newline the HTML parser drops (13.2.6.4.7)
_DROP_NEWLINE = frozenset({"pre", "listing", "textarea"})
# what is left open when a template ends in a state other than text
_UNCLOSED = {
    State.COMMENT: "comment",
    State.RCDATA: "element",
    State.RAWTEXT: "element",
    State.MARKUP_DECLARATION: "declaration",
}


class Scanner:
    """Walks the strings of one template; :meth:`scan` is the whole job. It owns the scan's
    state, its output and its parts: the tags (:class:`TagScanner`), the body of an RCDATA or
    raw-text element (:class:`ElementBody`), the pairing of component tags
    (:class:`ComponentPairing`) and what some reader may read otherwise
    (:class:`Uncertainty`)."""

    # Whether plain tags are taken in one match (see _plain_tag). A reader that watches every
    # tag through start_tag_closed and end_tag_closed (the checker's, in tooling/) sets it
    # False in a subclass: the walk gives the same tokens, one tag state at a time.
    plain_tags = True

    def __init__(self) -> None:
        self.tokens: list[Token] = []
        self.literal: list[str] = []  # literal text not yet in tokens
        self.state = State.TEXT
        self.partial = ""  # '<', '</', '<!' or '<!-' at the end of a string
        self.opened = Location()  # where the construct being scanned started
        self.string = 0  # index of the string being scanned
        self.string_end = 0  # its length
        self.strings: tuple[str, ...] = ("",)
        self.closed_at: tuple[int, int, str] = (-1, -1, "")  # where the last start tag ended
        self.comment_tail = ""  # the last characters of a comment, to judge holes there
        self.comment_fresh = False  # right after '<!--', where '>' and '->' end the comment
        self.join_check = False  # a hole stood in this comment since its last static text
        # Set by finish(): why this template may not be rendered inside another one, and
        # whether only inside foreign content (see Nesting).
        self.nesting: Nesting | None = None
        self.pairing = ComponentPairing()  # of component tags (<{Card}>...</{Card}>)
        self.tags = TagScanner(self, self.pairing)
        self.body = ElementBody()  # of the RCDATA or raw-text element being scanned
        self.uncertainty = Uncertainty()
        self.runs: dict[tuple[str, int], _Run] = {}  # of plain tags (see _plain_tags)
        self.opens: dict[tuple[str, int], _Opened | None] = {}  # (see _open_value)
        self._table: dict[State, Callable[[str, int], int]] = {
            State.TEXT: self._text,
            State.RCDATA: self._rawtext,
            State.RAWTEXT: self._rawtext,
            State.COMMENT: self._comment,
            State.MARKUP_DECLARATION: self._markup_declaration,
            **self.tags.transitions(),
        }

    # -- driving -------------------------------------------------------------------------------

    def scan(self, template: Template) -> Scan:
        """The tokens of ``template``, from its static strings alone (PEP 750's way of walking
        a template: match its items, strings and interpolations), and why it may not be
        nested; or the tokens up to the first refusal, and that refusal."""
        holes = 0
        self.pairing.interpolations, self.strings = template.interpolations, template.strings
        try:
            for item in template:
                match item:
                    case str() as text:
                        self.feed(text, holes)  # the string after `holes` interpolations
                    case Interpolation():
                        self.hole(holes)
                        holes += 1
            self.finish()
        except TemplateSyntaxError as fault:
            return Scan(self.tokens, None, fault)
        return Scan(self.tokens, self.nesting)

    def feed(self, text: str, string: int = 0) -> None:
        self.string, self.string_end = string, len(text)
        i = 0
        if self.partial and text:
            raise AssertionError("a partial token is always followed by a hole or the end")
        while i < len(text):
            i = self._table[self.state](text, i)
        if "</n" in text or "</N" in text:  # a '</noscript' may stand in it
            self.uncertainty.noscript_end_tags(text, string)

    @property
    def context(self) -> Context:
        """The Context at the current point of the scan."""
        if self.partial:
            return Context(State.TAG_OPEN)
        state = self.state
        if state is State.TEXT:
            return Context()
        if state is State.RCDATA or state is State.RAWTEXT:
            return Context(state, self.body.element)
        if state is State.COMMENT or state is State.MARKUP_DECLARATION:
            return Context(state)
        return self.tags.context(state)

    def _here(self, offset: int, width: int = 1) -> Location:
        return Location(self.string, offset, width)

    def flush(self) -> None:
        """Turn the literal text so far into a token."""
        if self.literal:
            self.tokens.append("".join(self.literal))
            self.literal.clear()

    # -- content states (13.2.5.1 data, 13.2.5.2 RCDATA, 13.2.5.3 RAWTEXT, 13.2.5.43 comment) --

    def _text(self, text: str, i: int) -> int:
        j = text.find("<", i)
        if j >= 0:
            i, j = _plain_tags(self, text, i, j)  # the common case
        if j < 0:
            self.literal.append(text[i:])
            return len(text)
        self.literal.append(text[i:j])
        rest = text[j : j + 4]
        if rest == "<!--":
            self.literal.append(rest)
            self.state = State.COMMENT
            self.opened = self._here(j, 4)
            self.comment_tail, self.comment_fresh, self.join_check = "!--", True, False
            return j + 4
        if rest in ("<", "</", "<!", "<!-") and j + len(rest) == len(text):
            self.partial = rest
            self.opened = self._here(j, len(rest))
            return len(text)
        after = text[j + 1] if j + 1 < len(text) else ""
        if after.isascii() and after.isalpha():
            if self.plain_tags and _open_value(self, text, j):
                return len(text)
            self._open_tag(j, end=False)
            return j + 1
        if after == "/" and j + 2 < len(text):
            second = text[j + 2]
            if second.isascii() and second.isalpha():
                self._open_tag(j, end=True)
                return j + 2
        if after in ("!", "?") or (after == "/" and text[j + 2 : j + 3] != ">"):
            # 13.2.5.42 markup declaration open, and the bogus comments of '<?' and '</' + junk
            self.literal.append("<")
            self.state = State.MARKUP_DECLARATION
            self.opened = self._here(j, 2)
            return j + 1
        self.literal.append("<")  # a '<' that starts no tag is text (13.2.5.6)
        return j + 1

    def _rawtext(self, text: str, i: int) -> int:
        element = self.body.element
        end = re.compile(r"</" + re.escape(element) + r"(?=[\t\n\f\r />])", re.IGNORECASE)
        match = end.search(text, i)
        stop = len(text) if match is None else match.start()
        static = text[i:stop]
        self.literal.append(static)
        self.body.feed(static)
        if match is None:
            return len(text)
        reason = self.body.end()
        if reason is not None:
            self.uncertainty.become_unsure(reason, self.opened)
        self.state = State.TEXT
        return match.start()

    def _comment(self, text: str, i: int) -> int:
        if self.join_check:
            # A hole stood here; with an empty value the text on both sides meets. Refuse when
            # that would close the comment earlier than the static text says.
            joined = self.comment_tail + text[i : i + 3]
            for found in _COMMENT_END.finditer(joined):
                if found.start() < len(self.comment_tail) < found.end():
                    raise _msg.comment(Location.at_hole(self.string - 1))
            self.join_check = False
        if self.comment_fresh:
            self.comment_fresh = False
            for closer in (">", "->"):
                if text.startswith(closer, i):  # '<!-->' and '<!--->' (13.2.5.44-45)
                    self.literal.append(closer)
                    self.state = State.TEXT
                    return i + len(closer)
        match = _COMMENT_END.search(text, i)
        if match is None:
            self.literal.append(text[i:])
            self.comment_tail = (self.comment_tail + text[i:])[-3:]
            return len(text)
        self.literal.append(text[i : match.end()])
        self.state = State.TEXT
        return match.end()

    def _markup_declaration(self, text: str, i: int) -> int:
        j = text.find(">", i)
        if j < 0:
            self.literal.append(text[i:])
            return len(text)
        if text.startswith("![CDATA[", i):
            # 13.2.5.42: a bogus comment ending at the first '>' in HTML, but in <svg> and
            # <math> a CDATA section ending at ']]>': what follows it depends on the reader
            self.uncertainty.become_unsure(_msg.cdata(), self.opened)
        self.literal.append(text[i : j + 1])
        self.state = State.TEXT
        return j + 1

    # -- tags: where they start and what their end starts --------------------------------------

    def _open_tag(self, j: int, *, end: bool) -> None:
        """A start tag ('<' and a letter) or an end tag ('</' and a letter) starts at ``j``."""
        if end:
            self.uncertainty.end_tag_starts(self.string, j)
        self.flush()
        self.opened = self._here(j, 2 if end else 1)
        self.state = State.TAG_NAME
        self.tags.begin(self.opened, end=end)

    def start_tag_closed(self, name: str, tag: TagToken, end: int, *, closes_itself: bool) -> None:
        """The start tag ``tag`` of ``name`` ended before ``end``: what content follows
        (13.2.6.4.7 switches the tokenizer to RCDATA or RAWTEXT after <title>, <script>...)."""
        self.closed_at = (self.string, end, name)
        self.uncertainty.start_tag(name, tag.location, closes_itself=closes_itself)
        if name in RCDATA_ELEMENTS:
            self.state = State.RCDATA
            self.body.start(name)
            self.opened = tag.location
        elif name in RAWTEXT_ELEMENTS:
            self.state = State.RAWTEXT
            self.body.start(name, script_kind(tag) if name == "script" else "")
            self.opened = tag.location
        else:
            self.state = State.TEXT

    def end_tag_closed(self, name: str) -> None:
        """The end tag of ``name`` ended."""
        self.state = State.TEXT
        self.uncertainty.end_tag(name)

    # -- holes ---------------------------------------------------------------------------------

    def hole(self, slot: int) -> None:
        """Say what the interpolation ``slot``, which follows the text scanned so far, is."""
        self._hole(slot)
        # what follows is string slot + 1, even when it is empty (and so never fed)
        self.string, self.string_end = slot + 1, 0

    def _hole(self, slot: int) -> None:
        state = self.state
        pairing = self.pairing
        if (
            not self.partial
            and pairing.component is None
            and pairing.closing < 0
            and self.uncertainty.reason is None
        ):
            # the common holes, which nothing before them refuses: no Location is made
            if state is State.TEXT:
                self._text_hole(slot)
                return
            if state is State.ATTR_VALUE:
                self.tags.hole_in_value(slot)
                return
        here = Location.at_hole(slot)
        if self.partial in ("<", "</"):  # <{Card} or </{Card}: a component tag
            self.uncertainty.refuse(here)
            self._component_tag(slot)
            return
        self.pairing.refuse_hole(here, in_tag_name=self.state is State.TAG_NAME)
        if self.partial:
            if self.partial.startswith("<!"):
                raise _msg.markup_declaration(here)
            raise _msg.tag_name(here)
        state = self.state
        self.uncertainty.refuse(here)
        if state is State.TEXT:
            self._text_hole(slot)
        elif state is State.RCDATA:
            self.body.rcdata_hole("".join(self.literal), here)
            self.flush()
            context = Context(State.RCDATA, self.body.element)
            self.tokens.append(TextHole(slot, context, self._after_start_tag()))
        elif state is State.COMMENT:
            self.flush()
            self.tokens.append(TextHole(slot, Context(State.COMMENT)))
            self.join_check = True
            self.comment_fresh = False
        elif state is State.RAWTEXT:
            hole = self.body.raw_text_hole(slot, "".join(self.literal), here)
            self.flush()
            self.tokens.append(hole)
        elif state is State.MARKUP_DECLARATION:
            raise _msg.markup_declaration(here)
        else:
            self.tags.hole(slot, here)

    def _text_hole(self, slot: int) -> None:
        """The hole ``slot`` in element text."""
        self.flush()
        foreign = self.uncertainty.in_foreign()
        self.tokens.append(TextHole(slot, _IN_TEXT, self._after_start_tag(), foreign))

    def _after_start_tag(self) -> bool:
        """Whether the scan stands right after a <pre>, <listing> or <textarea> start tag."""
        string, end, element = self.closed_at
        return string == self.string and end == self.string_end and element in _DROP_NEWLINE

    def _component_tag(self, slot: int) -> None:
        """A hole right after '<' (a component's start tag) or '</' (its end tag)."""
        end = self.partial == "</"
        self.partial = ""
        self.flush()
        self.state = State.END_TAG if end else State.TAG_NAME
        if end:
            self.pairing.end_tag(slot, self.opened)
        else:
            self.opened = Location(self.opened.string, self.opened.offset, 1)
            self.pairing.start_tag(slot, self.opened, foreign=self.uncertainty.in_foreign())
        self.tags.begin(self.opened, end=end, component=self.pairing.name(slot))

    # -- the end -------------------------------------------------------------------------------

    def finish(self) -> None:
        """Check that the template ends in text, and flush the last literal."""
        if self.partial in ("<", "</"):  # 13.2.5.6-7: at EOF these are text
            self.literal.append(self.partial)
            self.partial = ""
        if not self.partial and self.state is State.TEXT:
            self.uncertainty.refuse_unclosed()
        if self.partial or self.state is not State.TEXT:
            _refuse_unclosed(self)
        self.pairing.refuse_unclosed(Location(len(self.strings) - 1, len(self.strings[-1]), 1))
        self.nesting = self.uncertainty.nesting()
        self.flush()


# Most tags of a template are static and plain (<td>, </tr>, <a class="x">): their text is
# literal and nothing after them depends on them but where the last start tag ended. Such
# a tag, whole in one string, is taken in one match instead of a walk through the tag
# states, which leaves the scan where the walk would (but for ``opened``, which only a
# construct other than text reads, and which each sets when it starts). A start tag plain up
# to the quoted value of its last attribute, open where a hole follows, is taken in one match
# too, which leaves the scan in that value (_open_value); any other tag is walked.


def _plain_tags(scanner: Scanner, text: str, i: int, j: int) -> tuple[int, int]:
    """In text from ``i``: take the run of plain tags from the '<' at ``j`` on, each with the
    text before it. Returns where the text after the last one starts (``i`` if none was
    taken) and the next '<' there (-1 if none)."""
    pairing = scanner.pairing
    if not scanner.plain_tags or pairing.component is not None or pairing.closing >= 0:
        return i, j
    # a run depends on the text alone, and a template repeats its strings: read once a scan
    run = scanner.runs.get((text, i))
    if run is None:
        run = scanner.runs[text, i] = _run(text, i, j)
    first, middle, last, end, after, closed, uncertain = run
    if first < 0:
        return i, j
    literal, string = scanner.literal, scanner.string
    literal.append(text[i:first])
    scanner.tokens.append("".join(literal))  # the tokens are those of the walk (see flush)
    scanner.tokens += middle
    literal.clear()
    literal.append(last)
    if closed is not None:
        scanner.closed_at = (string, *closed)
    for offset, name in uncertain:  # the only end tags Uncertainty notes (see end_tag_closed)
        scanner.uncertainty.end_tag_starts(string, offset)
        scanner.uncertainty.end_tag(name)
    return end, after


type _Run = tuple[
    int, tuple[str, ...], str, int, int, tuple[int, str] | None, tuple[tuple[int, str], ...]
]


def _run(text: str, i: int, j: int) -> _Run:
    """The run of plain tags in ``text`` from the '<' at ``j`` (text from ``i``): where its
    first tag starts (-1: no tag in it), its tokens after the first, the literal text it
    leaves (the last tag), where it ends and the next '<' there (-1: none), the end and name
    of its last start tag (None: none), and its end tags that Uncertainty notes (offset,
    name)."""
    starts: list[int] = []
    closed: tuple[int, str] | None = None
    uncertain: list[tuple[int, str]] = []
    end = i
    while j >= 0:
        if text.startswith("</", j):
            match = _PLAIN_END_TAG.match(text, j)
            if match is None:
                break
            name = match.group(1).lower()  # ASCII: the pattern says so
            if name in _UNCERTAIN_END_TAGS:
                uncertain.append((j, name))
        else:
            match = _PLAIN_START_TAG.match(text, j)
            if match is None:
                break
            name = match.group(1).lower()
            if name in _SPECIAL_START_TAGS:
                break
            closed = (match.end(), name)
        starts.append(j)
        end = match.end()
        j = text.find("<", end)
    if not starts:
        return (-1, (), "", i, j, None, ())
    middle = tuple(text[a:b] for a, b in pairwise(starts))
    return (starts[0], middle, text[starts[-1] : end], end, j, closed, tuple(uncertain))


def _refuse_unclosed(scanner: Scanner) -> None:
    """Refuse a template that ends inside a construct: a tag, a comment, an element..."""
    context = scanner.context
    where = str(context)
    if scanner.partial:  # '<!' or '<!-'
        where = str(Context(State.MARKUP_DECLARATION))
    elif scanner.tags.end_tag and scanner.state in (State.TAG_NAME, State.END_TAG):
        where = f"inside the end tag </{context.element}>"
    attr = scanner.tags.attr
    quoted = attr is not None and attr.quote is not Quote.NONE
    inside = _UNCLOSED.get(scanner.state, "quote" if quoted else "tag")
    raise _msg.unclosed(where, scanner.opened, inside=inside, element=context.element)


def _open_value(scanner: Scanner, text: str, j: int) -> bool:
    """If the start tag at ``j`` is plain up to the quoted value of its last attribute, open
    at the end of ``text`` (a hole follows): take the rest of ``text``, leaving the scan in
    that value as the walk through the tag states would, and True; else False, nothing taken."""
    if scanner.pairing.component is not None:
        return False
    # read once a scan for each string and place (a template repeats its strings); the tokens
    # are made anew each time: the scan and the lowering change them
    opened = scanner.opens.get((text, j), _UNREAD)
    if opened is _UNREAD:
        opened = scanner.opens[text, j] = _opened(text, j)
    if opened is None:
        return False
    written, attrs, quote_at = opened
    scanner._open_tag(j, end=False)
    tags, string = scanner.tags, scanner.string
    tag = tags.tag
    assert tag is not None
    tag.name = tags.element = written.lower()  # ASCII: the pattern says so
    tag.head = "<" + written
    tags.raw.append(text[j + 1 :])
    made: list[AttrToken] = []
    for ws, name, at, raw, quote, value in attrs:
        location = Location(string, at, 1)
        if quote is Quote.NONE:
            made.append(AttrToken(ws, name, location, raw))
        else:
            made.append(AttrToken(ws, name, location, raw, quote, [value] if value else []))
    tag.items += made[:-1]
    tags.attr = made[-1]  # the last, open: the walk has not ended it
    scanner.opened = Location(string, quote_at, 1)
    scanner.state = State.ATTR_VALUE
    return True


type _Opened = tuple[str, tuple[tuple[str, str, int, str, Quote, str], ...], int]
_UNREAD: _Opened = ("", (), -1)  # not read yet


def _opened(text: str, j: int) -> _Opened | None:
    """The start tag at ``j`` if it is plain up to the quoted value of its last attribute,
    open at the end of ``text``: its name as written, its attributes (whitespace, name, offset,
    raw text, quote, value; the last one's value so far), and where that value's quote is.
    Else None."""
    match = _OPEN_VALUE.match(text, j)
    if match is None:
        return None
    attrs = []
    for found in _PLAIN_ATTR.finditer(text, match.end(1), match.end(2)):
        ws, name, equals, double, value_double, _, value_single = found.groups()
        raw = text[found.start(2) : found.end()]
        if equals is None:
            attrs.append((ws, name, found.start(2), raw, Quote.NONE, ""))
        elif double:
            attrs.append((ws, name, found.start(2), raw, Quote.DOUBLE, value_double))
        else:
            attrs.append((ws, name, found.start(2), raw, Quote.SINGLE, value_single))
    double = match.group(6)
    quote, value = (Quote.DOUBLE, match.group(7)) if double else (Quote.SINGLE, match.group(9))
    last = (match.group(3), match.group(4), match.start(4), text[match.start(4) :], quote, value)
    attrs.append(last)
    return match.group(1), tuple(attrs), match.start(6) if double else match.start(8)


def scan(template: Template) -> Scan:
    """What the scanner reads of ``template`` (see :meth:`Scanner.scan`)."""
    return Scanner().scan(template)


def context_after(text: str) -> Context:
    """The Context at the end of ``text`` scanned from the start of a template (for tests)."""
    scanner = Scanner()
    scanner.feed(text)
    return scanner.context


__all__ = ["Scanner", "context_after", "scan"]
