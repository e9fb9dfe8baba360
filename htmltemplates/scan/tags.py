"""The tag states of the HTML tokenizer (13.2.5.6 - 13.2.5.40): one start or end tag from its
'<' to its '>', with its attributes split into items, and the holes that stand in it.

A :class:`TagScanner` is a part of the scanner: the scanner's table sends the tag states here,
and the tag scanner writes the state, the output and where the construct being scanned
started back into it (:class:`Owner`). A start tag with a hole comes out as a
:class:`TagToken` (the compiler merges and drops its attributes); any other tag as literal
text, exactly as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from .. import _messages as _msg
from .._spec import SCRIPT_ELEMENTS, WHITESPACE, ascii_lower, attr_kind
from ..errors import Location
from .components import ComponentPairing
from .context import Context, Quote, State
from .tokens import NONCE, AttrToken, SpreadToken, TagToken, Token

__all__ = ["Owner", "TagScanner"]

_TAG_NAME = re.compile(r"[^\t\n\f\r />]*")
_ATTR_NAME = re.compile(r"=?[^\t\n\f\r />=]*")
_SPACE = re.compile(r"[\t\n\f\r ]*")
_UNQUOTED = re.compile(r"[^\t\n\f\r >]*")
_UNQUOTED_BAD = re.compile(r"[\"'<=`]")


def _space_end(text: str, i: int) -> int:
    """Where the run of whitespace starting at ``text[i]`` ends."""
    match = _SPACE.match(text, i)
    return match.end() if match else i


def _takes_nonce(name: str, tag: TagToken) -> bool:
    """Whether the start tag ``tag`` of ``name`` takes the CSP nonce: a <script> or <style>
    without a nonce attribute written in it."""
    return name in SCRIPT_ELEMENTS and not any(
        isinstance(item, AttrToken) and ascii_lower(item.name) == "nonce" for item in tag.items
    )


def _has_holes(tag: TagToken) -> bool:
    """Whether ``tag`` has a spread or an attribute with a hole."""
    # a loop, not any() over a generator: asked of every tag
    for item in tag.items:  # noqa: SIM110
        if isinstance(item, SpreadToken) or item.dynamic:
            return True
    return False


class Owner(Protocol):
    """What a TagScanner reads and writes of the scanner it is a part of."""

    state: State
    opened: Location  # where the construct being scanned started
    string: int  # the index of the string being scanned
    literal: list[str]
    tokens: list[Token]

    def flush(self) -> None:
        """Turn the literal text so far into a token."""

    def start_tag_closed(self, name: str, tag: TagToken, end: int, *, closes_itself: bool) -> None:
        """The start tag ``tag`` of element ``name`` ended before ``end`` of the string being
        scanned: the content that follows."""

    def end_tag_closed(self, name: str) -> None:
        """The end tag of element ``name`` ended."""


class TagScanner:
    """Scans the tags of one template for the scanner that owns it."""

    def __init__(self, owner: Owner, pairing: ComponentPairing) -> None:
        self.owner = owner
        self.pairing = pairing  # the component tags of the scan
        self.element = ""  # the name of the tag being scanned, lowercase (``{Card}``...)
        self.end_tag = False
        self.tag: TagToken | None = None  # None in an end tag
        self.attr: AttrToken | None = None
        self.raw: list[str] = []  # raw text of the current tag, emitted as is when it has no hole
        self.pending = ""  # raw whitespace (and stray '/') inside a tag not yet given to an item
        self.after_spread = False
        self.last_spread = 0

    def transitions(self) -> dict[State, Callable[[str, int], int]]:
        """The transition of each tag state, for the scanner's table."""
        return {
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

    def begin(self, at: Location, *, end: bool, component: str = "") -> None:
        """A tag starts at ``at``: its '<' or '</' and a letter, or a component's ``<{Card}``
        or ``</{Card}`` (``component``: how it is written)."""
        self.end_tag = end
        self.element = component
        self.raw = [] if component else ["</" if end else "<"]
        self.pending = ""
        self.after_spread = False
        self.tag = None if end else TagToken(component, "", at)

    def context(self, state: State) -> Context:
        """The Context in tag state ``state``."""
        attr = self.attr
        if attr is not None and state is State.ATTR_VALUE:
            name = ascii_lower(attr.name)
            return Context(state, self.element, name, attr_kind(self.element, name), attr.quote)
        if state is State.ATTR_NAME and attr is not None:
            return Context(state, self.element, ascii_lower(attr.name))
        return Context(state, self.element)

    def _here(self, offset: int, width: int = 1) -> Location:
        return Location(self.owner.string, offset, width)

    # -- names (13.2.5.8 tag name, 13.2.5.9-11 end tags) ---------------------------------------

    def _tag_name(self, text: str, i: int) -> int:
        match = _TAG_NAME.match(text, i)
        assert match is not None
        if self.pairing.component is not None:  # <{Card}: whitespace, '/' or '>' must follow
            if match.group():
                raise self.pairing.in_start_tag(self._here(i, match.end() - i))
            self.owner.state = State.BEFORE_ATTR_NAME
            return i
        self.element += ascii_lower(match.group())
        self.raw.append(match.group())
        if match.end() < len(text):
            if self.tag is not None:
                self.tag.name = self.element
                self.tag.head = "".join(self.raw)
            self.owner.state = State.END_TAG if self.end_tag else State.BEFORE_ATTR_NAME
        return match.end()

    def _end_tag(self, text: str, i: int) -> int:
        owner = self.owner
        if self.pairing.closing >= 0:  # </{Card}: only whitespace may come before its '>'
            j = _space_end(text, i)
            if j == len(text):
                return j
            if text[j] != ">":
                raise self.pairing.in_end_tag(self._here(j, len(text) - j))
            owner.flush()
            self.pairing.end_tag_closed(owner.tokens)
            owner.state = State.TEXT
            return j + 1
        j = text.find(">", i)
        if j < 0:
            self.raw.append(text[i:])
            return len(text)
        self.raw.append(text[i : j + 1])
        owner.literal.append("".join(self.raw))
        owner.end_tag_closed(self.element)
        return j + 1

    # -- attributes (13.2.5.32 - 13.2.5.40) ----------------------------------------------------

    def _before_attr_name(self, text: str, i: int) -> int:
        c = text[i]
        if c in WHITESPACE:
            j = _space_end(text, i)
            self._take(text[i:j], into_pending=True)
            self.after_spread = False
            return j
        if c == "/":
            self._take(c, into_pending=True)
            self.owner.state = State.SELF_CLOSING
            return i + 1
        if c == ">":
            self._close_tag(i)
            return i + 1
        if self.after_spread:
            raise _msg.attribute_name(Location.at_hole(self.last_spread))
        self.attr = AttrToken(self.pending, "", self._here(i))
        self.pending = ""
        self.owner.state = State.ATTR_NAME
        return self._attr_name(text, i)

    def _attr_name(self, text: str, i: int) -> int:
        assert self.attr is not None
        match = _ATTR_NAME.match(text, i)  # a hole inside a name is refused, so it starts here
        assert match is not None
        self.attr.name += match.group()
        self._take(match.group())
        if match.end() < len(text):
            self.owner.state = State.AFTER_ATTR_NAME
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
            self.owner.state = State.BEFORE_ATTR_VALUE
            return i + 1
        self._end_attr()
        self.owner.state = State.BEFORE_ATTR_NAME
        return i

    def _before_attr_value(self, text: str, i: int) -> int:
        assert self.attr is not None
        c = text[i]
        if c in WHITESPACE:
            j = _space_end(text, i)
            self._take(text[i:j])
            return j
        self.attr.parts = []
        self.owner.state = State.ATTR_VALUE
        if c in "\"'":
            self.owner.opened = self._here(i)
            self.attr.quote = Quote.DOUBLE if c == '"' else Quote.SINGLE
            self._take(c)
            return i + 1
        if c == ">":  # 13.2.5.36: missing value; the attribute's value is empty
            self.attr.parts = None
            self._end_attr()
            self._close_tag(i)
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
                self.owner.state = State.BEFORE_ATTR_NAME
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
                self.owner.state = State.BEFORE_ATTR_NAME
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
        if self.tag is None:
            self.owner.state = State.AFTER_ATTR_VALUE
            return j + 1
        self.owner.opened = self.tag.location
        if text.startswith(">", j + 1):
            # the '>' right after: where the walk through after-value and before-name goes
            self.owner.state = State.BEFORE_ATTR_NAME
            self._close_tag(j + 1)
            return j + 2
        self.owner.state = State.AFTER_ATTR_VALUE
        return j + 1

    def _after_attr_value(self, text: str, i: int) -> int:
        c = text[i]
        if c == "/":
            self._take(c, into_pending=True)
            self.owner.state = State.SELF_CLOSING
            return i + 1
        self.owner.state = State.BEFORE_ATTR_NAME  # whitespace, '>' or (a parse error) a name
        return i

    def _self_closing(self, text: str, i: int) -> int:
        if text[i] == ">":
            self._close_tag(i)
            return i + 1
        self.owner.state = State.BEFORE_ATTR_NAME
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

    # -- holes ---------------------------------------------------------------------------------

    def hole(self, slot: int, here: Location) -> None:
        """The hole ``slot`` (at ``here``) in the tag being scanned: a spread between
        attributes, a part of an attribute value, or refused."""
        state = self.owner.state
        if state in (State.BEFORE_ATTR_NAME, State.AFTER_ATTR_VALUE, State.SELF_CLOSING):
            self._spread(slot)
        elif state is State.AFTER_ATTR_NAME:
            self._end_attr()
            self._spread(slot)
        elif state is State.BEFORE_ATTR_VALUE:
            assert self.attr is not None
            self.attr.parts = [slot]
            self.attr.quote = Quote.NONE
            self.owner.state = State.ATTR_VALUE
        elif state is State.ATTR_VALUE:
            self.hole_in_value(slot)
        elif state is State.ATTR_NAME:
            raise _msg.attribute_name(here)
        elif state is State.TAG_NAME:
            raise _msg.tag_name(here)
        else:
            assert state is State.END_TAG, state
            raise _msg.end_tag(self.element, here)

    def hole_in_value(self, slot: int) -> None:
        """The hole ``slot`` stands in the attribute value being scanned: a part of it."""
        assert self.attr is not None
        assert self.attr.parts is not None
        self.attr.parts.append(slot)

    def _spread(self, slot: int) -> None:
        assert self.tag is not None
        self.tag.items.append(SpreadToken(self.pending, slot))
        self.pending = ""
        self.after_spread = True
        self.last_spread = slot
        self.owner.state = State.BEFORE_ATTR_NAME

    # -- the '>' of a start tag ----------------------------------------------------------------

    def _close_tag(self, i: int) -> None:
        """The start tag being scanned ends with the '>' at ``i``."""
        owner = self.owner
        tag = self.tag
        assert tag is not None
        closes_itself = owner.state is State.SELF_CLOSING
        if self.pairing.component is not None:
            self.pairing.start_tag_closed(
                tag.items,
                closes_itself=closes_itself,
                pending=self.pending,
                start=(owner.string, i + 1),
                tokens=owner.tokens,
            )
            self.tag, self.pending = None, ""
            owner.state = State.TEXT
            return
        self.raw.append(">")
        name = self.element
        # a nonce goes before the '>' (not before a '/': it may end an unquoted value)
        nonce = _takes_nonce(name, tag)
        end = ">" if not nonce else ""
        if _has_holes(tag):
            tag.tail = self.pending + end
            owner.flush()
            owner.tokens.append(tag)
        else:
            owner.literal.append("".join(self.raw)[: None if end else -1])
        if nonce:
            owner.flush()
            owner.tokens.append(NONCE)
            owner.literal.append(">")
        self.tag = None
        self.pending = ""
        owner.start_tag_closed(name, tag, i + 1, closes_itself=closes_itself)
