"""The Context: where in an HTML document the scanner stands, as a small immutable value."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .._spec import AttrKind


class State(enum.Enum):
    """The scanner states, named after the WHATWG tokenizer states they follow (13.2.5)."""

    TEXT = "text"
    RCDATA = "RCDATA"
    RAWTEXT = "raw text"
    COMMENT = "comment"
    MARKUP_DECLARATION = "markup declaration"
    TAG_OPEN = "tag open"
    TAG_NAME = "tag name"
    END_TAG = "end tag"
    BEFORE_ATTR_NAME = "before attribute name"
    ATTR_NAME = "attribute name"
    AFTER_ATTR_NAME = "after attribute name"
    BEFORE_ATTR_VALUE = "before attribute value"
    ATTR_VALUE = "attribute value"
    AFTER_ATTR_VALUE = "after attribute value"
    SELF_CLOSING = "self-closing start tag"

    # The scanner looks its transition up by state at every step: Enum's own __hash__ is a
    # Python call (hash of the name); a member is its only instance, so identity serves. No
    # set of states is iterated, so the order nothing depends on may change.
    __hash__ = object.__hash__


class Quote(enum.Enum):
    """The delimiter of the attribute value being scanned."""

    NONE = ""
    DOUBLE = '"'
    SINGLE = "'"


_IN_TAG = frozenset(
    {
        State.TAG_NAME,
        State.BEFORE_ATTR_NAME,
        State.ATTR_NAME,
        State.AFTER_ATTR_NAME,
        State.BEFORE_ATTR_VALUE,
        State.AFTER_ATTR_VALUE,
        State.SELF_CLOSING,
    }
)


@dataclass(frozen=True, slots=True)
class Context:
    """Where the scanner stands: the state, the element it is in or inside the tag of, and for
    attribute values the attribute, its kind and its quote. ``str()`` reads like prose."""

    state: State = State.TEXT
    element: str = ""
    attr: str = ""
    kind: AttrKind = AttrKind.PLAIN
    quote: Quote = Quote.NONE

    def __str__(self) -> str:
        match self.state:
            case State.TEXT:
                return "in text" if not self.element else f"in text after <{self.element}>"
            case State.RCDATA | State.RAWTEXT:
                return f"inside <{self.element}>"
            case State.COMMENT:
                return "inside a comment"
            case State.MARKUP_DECLARATION:
                return "inside a markup declaration (<!...> or <?...>)"
            case State.TAG_OPEN:
                return "right after '<'"
            case State.END_TAG:
                return f"inside the end tag </{self.element}>"
            case State.ATTR_VALUE:
                quoting = {
                    Quote.DOUBLE: "a double-quoted",
                    Quote.SINGLE: "a single-quoted",
                    Quote.NONE: "an unquoted",
                }[self.quote]
                if self.kind.value == self.attr:  # class, style: the kind is the name
                    return f"inside {quoting} {self.attr} attribute value of <{self.element}>"
                kind = "" if self.kind is AttrKind.PLAIN else f"{self.kind} "
                return f"inside {quoting} {kind}attribute value ({self.attr}) of <{self.element}>"
            case State.ATTR_NAME:
                return f"inside the attribute name {self.attr} of <{self.element}>"
            case state if state in _IN_TAG:
                return f"inside the tag <{self.element}>"
            case _:  # pragma: no cover - every state is named above
                return str(self.state.value)
