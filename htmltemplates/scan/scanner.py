"""Scans a template's static strings into tokens: literal text, holes in text, and tags.

The scanner follows the WHATWG tokenizer (HTML Living Standard 13.2.5) over the static strings
only, never the values. It is a table from State to a short transition method, each taking
``(text, i)`` and returning how far it got. Between two strings stands an interpolation (a
*hole*); :meth:`Scanner.hole` decides what the hole is from the state it lands in:

- in text, RCDATA or a comment: a :class:`TextHole` whose value is escaped for that context;
- between attributes: a spread of a mapping of attributes;
- in an attribute value (quoted, or unquoted right after ``=``): a part of that value;
- anywhere else (tag names, attribute names, end tags, markup declarations, ``<script>``...):
  a :class:`TemplateSyntaxError`, raised before any value is seen.

Tags that contain holes come out as :class:`TagToken` with their attributes split out, so the
compiler can merge and drop attributes; everything else comes out as literal text, exactly as
written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from string.templatelib import Interpolation, Template

from .. import _messages as _msg
from .._spec import (
    RAWTEXT_ELEMENTS,
    RCDATA_ELEMENTS,
    SCRIPT_ELEMENTS,
    WHITESPACE,
    ascii_lower,
    attr_kind,
)
from ..analyze.text import content_escaper, script_kind
from ..errors import Location
from ..escaper import Escaper
from .bodies import ElementBody
from .components import ComponentPairing
from .context import Context, Quote, State
from .tokens import (
    NONCE,
    AttrToken,
    Nesting,
    SpreadToken,
    TagToken,
    TextHole,
    Token,
)
from .uncertainty import Uncertainty

_TAG_NAME = re.compile(r"[^\t\n\f\r />]*")
_ATTR_NAME = re.compile(r"=?[^\t\n\f\r />=]*")
_SPACE = re.compile(r"[\t\n\f\r ]*")
_UNQUOTED = re.compile(r"[^\t\n\f\r >]*")
_UNQUOTED_BAD = re.compile(r"[\"'<=`]")
_COMMENT_END = re.compile(r"--!?>")
# the elements whose first newline the HTML parser drops (13.2.6.4.7)
_DROP_NEWLINE = frozenset({"pre", "listing", "textarea"})


def _space_end(text: str, i: int) -> int:
    """Where the run of whitespace starting at ``text[i]`` ends."""
    match = _SPACE.match(text, i)
    return match.end() if match else i


class Scanner:
    """Walks the strings of one template; :meth:`scan` is the whole job."""

    def __init__(self) -> None:
        self.tokens: list[Token] = []
        self.state = State.TEXT
        self.element = ""  # the tag being scanned, or the RCDATA/raw-text element we are in
        self.end_tag = False
        self.tag: TagToken | None = None
        self.attr: AttrToken | None = None
        self.raw: list[str] = []  # raw text of the current tag, emitted as is when it has no hole
        self.pending = ""  # raw whitespace (and stray '/') inside a tag not yet given to an item
        self.partial = ""  # '<', '</', '<!' or '<!-' at the end of a string
        self.after_spread = False
        self.last_spread = 0
        self.comment_tail = ""  # the last characters of a comment, to judge holes there
        self.comment_fresh = False  # right after '<!--', where '>' and '->' end the comment
        self.join_check = False  # a hole stood in this comment since its last static text
        self.opened = Location()  # where the construct being scanned started
        self.body = ElementBody()  # of the RCDATA or raw-text element being scanned
        self.uncertainty = Uncertainty()
        # Set by finish(): why this template may not be rendered inside another one, and
        # whether only inside foreign content (see Nesting).
        self.nesting: Nesting | None = None
        self.string = 0  # index of the string being scanned
        self.string_end = 0  # its length
        self.closed_at: tuple[int, int, str] = (-1, -1, "")  # where the last start tag ended
        self.literal: list[str] = []
        self.pairing = ComponentPairing()  # of component tags (<{Card}>...</{Card}>)
        self.strings: tuple[str, ...] = ("",)
        self._table: dict[State, Callable[[str, int], int]] = {
            State.TEXT: self._text,
            State.RCDATA: self._rawtext,
            State.RAWTEXT: self._rawtext,
            State.COMMENT: self._comment,
            State.MARKUP_DECLARATION: self._markup_declaration,
            State.TAG_NAME: self._tag_name,
            State.END_TAG: self._end_tag,
            State.BEFORE_ATTR_NAME: self._before_attr_name,
            State.ATTR_NAME: self._attr_name,
            State.AFTER_ATTR_NAME: self._after_attr_name,
            State.BEFORE_ATTR_VALUE: self._before_attr_value,
            State.ATTR_VALUE: self._attr_value,
            State.AFTER_ATTR_VALUE: self._after_attr_value,
            State.SELF_CLOSING: self._self_closing,
        }

    # -- driving -------------------------------------------------------------------------------

    def scan(self, template: Template) -> list[Token]:
        """The tokens of ``template``, from its static strings alone (PEP 750's way of walking
        a template: match its items, strings and interpolations)."""
        holes = 0
        self.pairing.interpolations, self.strings = template.interpolations, template.strings
        for item in template:
            match item:
                case str() as text:
                    self.feed(text, holes)  # the string after `holes` interpolations
                case Interpolation():
                    self.hole(holes)
                    holes += 1
        self.finish()
        return self.tokens

    def feed(self, text: str, string: int = 0) -> None:
        self.string, self.string_end = string, len(text)
        i = 0
        if self.partial and text:
            raise AssertionError("a partial token is always followed by a hole or the end")
        while i < len(text):
            i = self._table[self.state](text, i)
        self.uncertainty.noscript_end_tags(text, string)

    @property
    def context(self) -> Context:
        """The Context at the current point of the scan."""
        state = State.TAG_OPEN if self.partial else self.state
        if self.attr is not None and state is State.ATTR_VALUE:
            name = ascii_lower(self.attr.name)
            return Context(
                state, self.element, name, attr_kind(self.element, name), self.attr.quote
            )
        if state is State.ATTR_NAME and self.attr is not None:
            return Context(state, self.element, ascii_lower(self.attr.name))
        if state is State.TEXT:
            return Context()
        return Context(state, self.element)

    def _here(self, offset: int, width: int = 1) -> Location:
        return Location(self.string, offset, width)

    def _flush(self) -> None:
        if self.literal:
            self.tokens.append("".join(self.literal))
            self.literal.clear()

    # -- content states (13.2.5.1 data, 13.2.5.2 RCDATA, 13.2.5.3 RAWTEXT, 13.2.5.43 comment) --

    def _text(self, text: str, i: int) -> int:
        j = text.find("<", i)
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
            self._open_tag(text, j, end=False)
            return j + 1
        if after == "/" and j + 2 < len(text):
            second = text[j + 2]
            if second.isascii() and second.isalpha():
                self._open_tag(text, j, end=True)
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
        end = re.compile(r"</" + re.escape(self.element) + r"(?=[\t\n\f\r />])", re.IGNORECASE)
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
        self.element = ""
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

    # -- tags (13.2.5.6 - 13.2.5.40) --------------------------------------------------------------

    def _open_tag(self, text: str, j: int, *, end: bool) -> None:
        if end:
            self.uncertainty.end_tag_starts(self.string, j)
        self._flush()
        self.end_tag = end
        self.element = ""
        self.raw = ["</" if end else "<"]
        self.pending = ""
        self.after_spread = False
        self.opened = self._here(j, 2 if end else 1)
        self.tag = None if end else TagToken("", "", self.opened)
        self.state = State.TAG_NAME

    def _tag_name(self, text: str, i: int) -> int:
        match = _TAG_NAME.match(text, i)
        assert match is not None
        if self.pairing.component is not None:  # <{Card}: whitespace, '/' or '>' must follow
            if match.group():
                raise self.pairing.in_start_tag(self._here(i, match.end() - i))
            self.state = State.BEFORE_ATTR_NAME
            return i
        self.element += ascii_lower(match.group())
        self.raw.append(match.group())
        if match.end() < len(text):
            if self.tag is not None:
                self.tag.name = self.element
                self.tag.head = "".join(self.raw)
            self.state = State.END_TAG if self.end_tag else State.BEFORE_ATTR_NAME
        return match.end()

    def _end_tag(self, text: str, i: int) -> int:
        if self.pairing.closing >= 0:  # </{Card}: only whitespace may come before its '>'
            j = _space_end(text, i)
            if j == len(text):
                return j
            if text[j] != ">":
                raise self.pairing.in_end_tag(self._here(j, len(text) - j))
            self._flush()
            self.pairing.end_tag_closed(self.tokens)
            self.state, self.element, self.end_tag = State.TEXT, "", False
            return j + 1
        j = text.find(">", i)
        if j < 0:
            self.raw.append(text[i:])
            return len(text)
        self.raw.append(text[i : j + 1])
        self.literal.append("".join(self.raw))
        self.state = State.TEXT
        self.uncertainty.end_tag(self.element)
        self.element = ""
        return j + 1

    def _before_attr_name(self, text: str, i: int) -> int:
        c = text[i]
        if c in WHITESPACE:
            j = _space_end(text, i)
            self._take(text[i:j], into_pending=True)
            self.after_spread = False
            return j
        if c == "/":
            self._take(c, into_pending=True)
            self.state = State.SELF_CLOSING
            return i + 1
        if c == ">":
            self._close_tag(text, i)
            return i + 1
        if self.after_spread:
            raise _msg.attribute_name(Location.at_hole(self.last_spread))
        self.attr = AttrToken(self.pending, "", self._here(i))
        self.pending = ""
        self.state = State.ATTR_NAME
        return self._attr_name(text, i)

    def _attr_name(self, text: str, i: int) -> int:
        assert self.attr is not None
        match = _ATTR_NAME.match(text, i)  # a hole inside a name is refused, so it starts here
        assert match is not None
        self.attr.name += match.group()
        self._take(match.group())
        if match.end() < len(text):
            self.state = State.AFTER_ATTR_NAME
        return match.end()

    def _after_attr_name(self, text: str, i: int) -> int:
        assert self.attr is not None
        c = text[i]
        if c in WHITESPACE:
            j = _space_end(text, i)
            self.pending += text[i:j]
            self.raw.append(text[i:j])
            return j
        if c == "=":
            self.attr.raw += self.pending + "="
            self.pending = ""
            self.raw.append("=")
            self.state = State.BEFORE_ATTR_VALUE
            return i + 1
        self._end_attr()
        self.state = State.BEFORE_ATTR_NAME
        return i

    def _before_attr_value(self, text: str, i: int) -> int:
        assert self.attr is not None
        c = text[i]
        if c in WHITESPACE:
            j = _space_end(text, i)
            self._take(text[i:j])
            return j
        self.attr.parts = []
        self.state = State.ATTR_VALUE
        if c in "\"'":
            self.opened = self._here(i)
            self.attr.quote = Quote(c)
            self._take(c)
            return i + 1
        if c == ">":  # 13.2.5.36: missing value; the attribute's value is empty
            self.attr.parts = None
            self._end_attr()
            self._close_tag(text, i)
            return i + 1
        self.attr.quote = Quote.NONE
        return i

    def _attr_value(self, text: str, i: int) -> int:
        attr = self.attr
        assert attr is not None
        assert attr.parts is not None
        if attr.quote is Quote.NONE:
            if text.startswith("/>", i) and attr.parts and isinstance(attr.parts[-1], int):
                # <img src={url}/>: the value we quote ends at the hole, and '/>' closes the
                # tag as its author meant (a browser would read a static src=x/> as "x/")
                self._end_attr()
                self.state = State.BEFORE_ATTR_NAME
                return i
            match = _UNQUOTED.match(text, i)
            assert match is not None
            bad = _UNQUOTED_BAD.search(match.group())
            if bad is not None:
                raise _msg.unquoted_value(bad.group(), attr.name, self._here(i + bad.start()))
            j = match.end()
            if match.group():
                attr.parts.append(match.group())
                self._take(match.group())
            if j < len(text):
                self._end_attr()
                self.state = State.BEFORE_ATTR_NAME
            return j
        j = text.find(attr.quote.value, i)
        if j < 0:
            attr.parts.append(text[i:])
            self._take(text[i:])
            return len(text)
        if j > i:
            attr.parts.append(text[i:j])
        self._take(text[i : j + 1])
        self._end_attr()
        if self.tag is not None:
            self.opened = self.tag.location
        self.state = State.AFTER_ATTR_VALUE
        return j + 1

    def _after_attr_value(self, text: str, i: int) -> int:
        c = text[i]
        if c == "/":
            self._take(c, into_pending=True)
            self.state = State.SELF_CLOSING
            return i + 1
        self.state = State.BEFORE_ATTR_NAME  # whitespace, '>' or (a parse error) a name
        return i

    def _self_closing(self, text: str, i: int) -> int:
        if text[i] == ">":
            self._close_tag(text, i)
            return i + 1
        self.state = State.BEFORE_ATTR_NAME
        return i

    def _take(self, chunk: str, *, into_pending: bool = False) -> None:
        """Record raw tag text, for the tag's raw copy and the current item."""
        self.raw.append(chunk)
        if into_pending:
            self.pending += chunk
        elif self.attr is not None:
            self.attr.raw += chunk

    def _end_attr(self) -> None:
        if self.attr is not None and self.tag is not None:
            self.tag.items.append(self.attr)
        self.attr = None

    def _close_tag(self, text: str, i: int) -> None:
        if self.pairing.component is not None:
            self._component_start_tag_closed(i + 1)
            return
        self.raw.append(">")
        tag = self.tag
        assert tag is not None
        name = self.element
        self.uncertainty.start_tag(
            name, tag.location, closes_itself=self.state is State.SELF_CLOSING
        )
        # a nonce goes before the '>' (not before a '/': it may end an unquoted value)
        nonce = name in SCRIPT_ELEMENTS and not any(
            isinstance(item, AttrToken) and ascii_lower(item.name) == "nonce" for item in tag.items
        )
        end = ">" if not nonce else ""
        if any(isinstance(item, SpreadToken) or item.dynamic for item in tag.items):
            tag.tail = self.pending + end
            self._flush()
            self.tokens.append(tag)
        else:
            self.literal.append("".join(self.raw)[: None if end else -1])
        if nonce:
            self._flush()
            self.tokens.append(NONCE)
            self.literal.append(">")
        self.tag = None
        self.pending = ""
        self.closed_at = (self.string, i + 1, name)
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
            self.element = ""

    # -- holes ---------------------------------------------------------------------------------

    def hole(self, index: int) -> None:
        """Decide what the interpolation ``index``, which follows the text scanned so far, is."""
        self._hole(index)
        # what follows is string index + 1, even when it is empty (and so never fed)
        self.string, self.string_end = index + 1, 0

    def _hole(self, index: int) -> None:
        here = Location.at_hole(index)
        if self.partial in ("<", "</"):  # <{Card} or </{Card}: a component tag
            self.uncertainty.refuse(here)
            self._component_hole(index)
            return
        self.pairing.refuse_hole(here, in_tag_name=self.state is State.TAG_NAME)
        if self.partial:
            if self.partial.startswith("<!"):
                raise _msg.markup_declaration(here)
            raise _msg.tag_name(here)
        state = self.state
        self.uncertainty.refuse(here)
        string, end, element = self.closed_at
        first = string == self.string and end == self.string_end and element in _DROP_NEWLINE
        if state is State.TEXT:
            self._flush()
            escaper = content_escaper(State.TEXT, self.uncertainty.in_foreign())
            self.tokens.append(TextHole(index, Context(), escaper, first))
        elif state is State.RCDATA:
            self.body.rcdata_hole("".join(self.literal), here)
            self._flush()
            context = Context(State.RCDATA, self.body.element)
            self.tokens.append(TextHole(index, context, Escaper.RCDATA, first))
        elif state is State.COMMENT:
            self._flush()
            self.tokens.append(TextHole(index, Context(State.COMMENT), Escaper.COMMENT))
            self.join_check = True
            self.comment_fresh = False
        elif state is State.RAWTEXT:
            hole = self.body.raw_text_hole(index, here)
            self._flush()
            self.tokens.append(hole)
        elif state in (State.BEFORE_ATTR_NAME, State.AFTER_ATTR_VALUE, State.SELF_CLOSING):
            self._spread(index)
        elif state is State.AFTER_ATTR_NAME:
            self._end_attr()
            self._spread(index)
        elif state is State.BEFORE_ATTR_VALUE:
            assert self.attr is not None
            self.attr.parts = [index]
            self.attr.quote = Quote.NONE
            self.state = State.ATTR_VALUE
        elif state is State.ATTR_VALUE:
            assert self.attr is not None
            assert self.attr.parts is not None
            self.attr.parts.append(index)
        elif state is State.ATTR_NAME or state is State.TAG_NAME:
            if state is State.ATTR_NAME:
                raise _msg.attribute_name(here)
            raise _msg.tag_name(here)
        elif state is State.END_TAG:
            raise _msg.end_tag(self.element, here)
        else:
            raise _msg.markup_declaration(here)

    def _spread(self, index: int) -> None:
        assert self.tag is not None
        self.tag.items.append(SpreadToken(self.pending, index))
        self.pending = ""
        self.after_spread = True
        self.last_spread = index
        self.state = State.BEFORE_ATTR_NAME

    # -- components (<{Card} ...>children</{Card}>) ------------------------------------------

    def _component_hole(self, index: int) -> None:
        """A hole right after '<' (a component's start tag) or '</' (its end tag)."""
        end = self.partial == "</"
        self.partial = ""
        self._flush()
        self.end_tag = end
        self.element = self.pairing.name(index)
        self.raw = []
        self.pending = ""
        self.after_spread = False
        self.state = State.END_TAG if end else State.TAG_NAME
        if end:
            self.pairing.end_tag(index, self.opened)
            return
        self.opened = Location(self.opened.string, self.opened.offset, 1)
        self.tag = TagToken(self.element, "", self.opened)
        self.pairing.start_tag(index, self.opened, foreign=self.uncertainty.in_foreign())

    def _component_start_tag_closed(self, end: int) -> None:
        """The start tag of a component ends at ``end`` of the current string."""
        tag = self.tag
        assert tag is not None
        self.pairing.start_tag_closed(
            tag.items,
            closes_itself=self.state is State.SELF_CLOSING,
            pending=self.pending,
            start=(self.string, end),
            tokens=self.tokens,
        )
        self.tag, self.pending = None, ""
        self.state, self.element = State.TEXT, ""

    # -- the end -------------------------------------------------------------------------------

    def finish(self) -> None:
        """Check that the template ends in text, and flush the last literal."""
        if self.partial in ("<", "</"):  # 13.2.5.6-7: at EOF these are text
            self.literal.append(self.partial)
            self.partial = ""
        if not self.partial and self.state is State.TEXT:
            self.uncertainty.refuse_unclosed()
        if self.partial or self.state is not State.TEXT:
            where = str(self.context)
            if self.partial:  # '<!' or '<!-'
                where = str(Context(State.MARKUP_DECLARATION))
            elif self.end_tag and self.state in (State.TAG_NAME, State.END_TAG):
                where = f"inside the end tag </{self.element}>"
            quoted = self.attr is not None and self.attr.quote is not Quote.NONE
            inside = {
                State.COMMENT: "comment",
                State.RCDATA: "element",
                State.RAWTEXT: "element",
                State.MARKUP_DECLARATION: "declaration",
            }.get(self.state, "quote" if quoted else "tag")
            raise _msg.unclosed(where, self.opened, inside=inside, element=self.element)
        self.pairing.refuse_unclosed(Location(len(self.strings) - 1, len(self.strings[-1]), 1))
        self.nesting = self.uncertainty.nesting()
        self._flush()


def scan(template: Template) -> list[Token]:
    """The tokens of ``template`` (see :meth:`Scanner.scan`)."""
    return Scanner().scan(template)


def context_after(text: str) -> Context:
    """The Context at the end of ``text`` scanned from the start of a template (for tests)."""
    scanner = Scanner()
    scanner.feed(text)
    return scanner.context


__all__ = ["Scanner", "context_after", "scan"]
