"""The structural warnings of a template that html() accepts: end tags that close nothing or
the wrong element, elements left open, attributes written twice, end tags of void elements.

The tags come from the project's scanner, run with every tag walked (:class:`_Watcher`); the
elements they open and close are followed by a simplified form of the tree construction of the
WHATWG HTML standard (13.2.6.4.7, "in body", with the table modes 13.2.6.4.9-15 and foreign
content 13.2.6.5). The simplifications, each on the side of saying nothing:

- A template is a fragment that may be rendered inside any element: ``<tr>``, ``<td>`` or
  ``<li>`` without a table or a list around them are ordinary elements, and ``<html>``,
  ``<head>`` and ``<body>`` are never on the stack (their tags are not faults either way).
- The end tags HTML implies are not faults: a start tag of a block closes an open ``<p>``,
  ``<li>``, ``<dt>``/``<dd>``, ``<option>``, a table cell, row or section close the one before,
  and an end tag closes the elements of optional end tag inside it (li, dt, dd, p, option,
  optgroup, the ruby parts, and the table parts inside a table part).
- Only end tags and the end of the template are judged: a start tag that the parser reads with
  a parse error (a ``<div>`` inside ``<p><span>``, a nested ``<a>``, ``<td>`` in a ``<div>``
  in a cell) closes what the parser closes, silently. The adoption agency algorithm is not
  run: an end tag of a formatting element (``</b>``) across a block is a misnested end tag.
- Inside ``<svg>`` and ``<math>`` a tag that closes itself opens nothing, and the HTML start
  tags that leave foreign content (``<div>``, ``<p>``...) close the foreign elements open.
- A hole in content is opaque: whatever elements its value holds open and close inside it.
  The content of a component tag (``<{Card}>...</{Card}>``) is a template of its own: an end
  tag there cannot close an element opened outside it, and what it opens must close in it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from string.templatelib import Template
from typing import SupportsIndex

from .._spec import VOID_ELEMENTS
from ..errors import Location
from ..scan.scanner import Scanner
from ..scan.tokens import AttrToken, ComponentToken, SpreadToken, TagToken, Token
from .findings import Lint

__all__ = ["structural"]

_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# 13.2.6.4.7: the start tags that close a <p> in button scope
_CLOSES_P = _HEADINGS | frozenset(
    "address article aside blockquote center details dialog dir div dl fieldset figcaption "
    "figure footer form header hgroup hr listing main menu nav ol p pre search section summary "
    "table ul xmp li dd dt plaintext".split()
)
# 13.2.4.3: the elements of the special category (the parser's structure); an end tag of an
# element outside it is not looked for across one of them
_SPECIAL = _CLOSES_P | frozenset(
    "applet area base basefont bgsound body br button caption col colgroup embed frame frameset "
    "head html iframe img input keygen link marquee meta noembed noframes noscript object param "
    "script select source style tbody td template textarea tfoot th thead title tr track wbr "
    "foreignobject desc mi mo mn ms mtext annotation-xml".split()
)
# 13.2.4.2: the elements that bound "has an element in scope"
_SCOPE = frozenset(
    "applet caption html table td th marquee object template "
    "mi mo mn ms mtext annotation-xml foreignobject desc".split()
)
_FORMATTING = frozenset("a b big code em font i nobr s small strike strong tt u".split())
# 13.2.6.3: the end tags the parser implies (generate implied end tags)
_IMPLIED = frozenset("dd dt li optgroup option p rb rp rt rtc".split())
_TABLE_PARTS = frozenset("caption colgroup tbody tfoot thead tr td th".split())
_SECTIONS = frozenset({"tbody", "thead", "tfoot"})
# 13.1.2.4 (optional tags): an element of these may be left open at the end
_OPTIONAL_END = _IMPLIED | _TABLE_PARTS | frozenset({"html", "head", "body"})
_DOCUMENT = frozenset({"html", "head", "body"})
_FOREIGN_ROOTS = frozenset({"svg", "math"})
_INTEGRATION_POINTS = frozenset(
    {"foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext", "annotation-xml"}
)
# 13.2.6.5: the start tags that end foreign content (<font> only with some attributes: left out)
_LEAVES_FOREIGN = _HEADINGS | frozenset(
    "b big blockquote body br center code dd div dl dt em embed head hr i img li listing menu "
    "meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var".split()
)


# -- the tags, from the scanner ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Start:
    name: str
    location: Location  # its '<'
    items: tuple[AttrToken | SpreadToken, ...]
    closes_itself: bool


@dataclass(frozen=True, slots=True)
class _End:
    name: str
    location: Location  # its '</'


@dataclass(frozen=True, slots=True)
class _Component:
    slot: int  # the hole of the component
    location: Location  # the '<' or '</' of the tag
    end: bool


class _Watcher(Scanner):
    """The scanner, walking every tag, noting each start and end tag and component tag."""

    plain_tags = False

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[_Start | _End | _Component] = []

    def start_tag_closed(self, name: str, tag: TagToken, end: int, *, closes_itself: bool) -> None:
        self.seen.append(_Start(name, tag.location, tuple(tag.items), closes_itself))
        super().start_tag_closed(name, tag, end, closes_itself=closes_itself)

    def end_tag_closed(self, name: str) -> None:
        self.seen.append(_End(name, self.opened))  # opened: the '</' of the tag
        super().end_tag_closed(name)

    def _component_tag(self, slot: int) -> None:
        end, at = self.partial == "</", self.opened
        super()._component_tag(slot)
        self.seen.append(_Component(slot, at, end))


# -- the messages ----------------------------------------------------------------------------


def _stray(name: str, at: Location) -> Lint:
    # 13.2.6.4.7: a stray </p> inserts an empty paragraph; any other stray end tag is ignored
    read = "reads it as an empty paragraph, <p></p>" if name == "p" else "ignores it"
    return Lint(
        f"the end tag </{name}> closes nothing: no <{name}> is open here",
        f"Remove it, or open the element it should close. HTML {read}. An element opened "
        "outside a component tag's content cannot be closed inside it.",
        "stray-end-tag",
        at,
    )


def _misnested(name: str, inner: str, at: Location) -> Lint:
    return Lint(
        f"</{name}> closes <{name}> while <{inner}>, opened inside it, is still open",
        f"Close the elements inside first: </{inner}></{name}>. HTML closes them for you here, "
        "as a parse error, and reopens a formatting element (<b>, <a>...) after it.",
        "misnested-end-tag",
        at,
    )


def _unclosed(name: str, at: Location, *, component: str, closes_itself: bool) -> Lint:
    where = f"before </{component}>" if component else "in this template"
    headline = f"<{name}> is never closed {where}"
    fix = f"Close it with </{name}> in the same template: its end tag is not optional."
    if closes_itself:
        fix = (
            f"Write <{name}></{name}>: HTML ignores the '/' of <{name} />, which is not a void "
            "element, and leaves it open."
        )
    return Lint(headline, fix, "unclosed-element", at)


def _void_end(name: str, at: Location) -> Lint:
    # 13.2.6.4.7: </br> is read as a <br> start tag; the end tags of other void elements
    # are ignored
    read = "reads </br> as another <br>" if name == "br" else f"ignores </{name}>"
    return Lint(
        f"</{name}> is an end tag of the void element <{name}>, which has none",
        f"Remove it: <{name}> has no content and no end tag, and HTML {read}.",
        "void-end-tag",
        at,
    )


def _duplicate(name: str, element: str, at: Location) -> Lint:
    return Lint(
        f"the attribute {name} is written twice in <{element}>",
        "Keep one: HTML keeps the first and drops the others. To give a value that may be "
        "absent, interpolate it in the one attribute (None removes it).",
        "duplicate-attribute",
        at,
    )


# -- the elements open -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Open:
    """An element open; ``location`` None for one the parser implied (a <tbody>), and a
    component tag's content is a boundary (``component``: how its end tag is written)."""

    name: str
    location: Location | None
    foreign: bool = False
    closes_itself: bool = False
    component: str = ""


class _Stack(list[_Open]):
    """The open elements, innermost last, with how many of each name are open: the search for
    an element that is not open stops at once, and deep templates stay linear."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: Counter[str] = Counter()

    def append(self, element: _Open) -> None:
        super().append(element)
        self.counts[element.name] += 1

    def pop(self, index: SupportsIndex = -1) -> _Open:
        element = super().pop(index)
        self.counts[element.name] -= 1
        return element

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        removed = self[index] if isinstance(index, slice) else [self[index]]
        super().__delitem__(index)
        for element in removed:
            self.counts[element.name] -= 1

    def has(self, names: frozenset[str] | set[str]) -> bool:
        """Whether an element of one of ``names`` is open."""
        return any(self.counts[name] for name in names)


class _Tree:
    """The stack of open elements, as tags come; :attr:`found` the warnings so far."""

    def __init__(self, template: Template) -> None:
        self.template = template
        self.stack = _Stack()
        self.found: list[Lint] = []

    def _top(self) -> _Open | None:
        return self.stack[-1] if self.stack and not self.stack[-1].component else None

    def _in_foreign(self) -> bool:
        # a foreign element is opened only in foreign content or as its root, so the content
        # of one is foreign unless it is an integration point
        top = self._top()
        return top is not None and top.foreign and top.name not in _INTEGRATION_POINTS

    def _nearest(self, names: frozenset[str]) -> int:
        """The index of the innermost open element of ``names`` in this template, or -1."""
        if not self.stack.has(names):
            return -1
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].component:
                return -1
            if self.stack[i].name in names and not self.stack[i].foreign:
                return i
        return -1

    # -- start tags ---------------------------------------------------------------------------

    def start(self, tag: _Start) -> None:
        self._duplicates(tag)
        name = tag.name
        if self._in_foreign():
            if name not in _LEAVES_FOREIGN:
                if not tag.closes_itself:
                    self.stack.append(_Open(name, tag.location, foreign=True))
                return
            while self._top() is not None and self._in_foreign():
                self.stack.pop()  # 13.2.6.5: pop until an HTML element or integration point
        if name in _DOCUMENT:
            return
        self._implied_by(name)
        if name in VOID_ELEMENTS:
            return
        foreign = name in _FOREIGN_ROOTS
        if foreign and tag.closes_itself:
            return
        self.stack.append(_Open(name, tag.location, foreign, tag.closes_itself))

    def _duplicates(self, tag: _Start) -> None:
        # a tag with a value in it is merged at render time when a name repeats: class and
        # style accumulate, any other name takes its last value (docs/attributes.md); only a
        # tag written as it is leaves the browser to keep the first
        if any(isinstance(item, SpreadToken) or item.dynamic for item in tag.items):
            return
        first: dict[str, AttrToken] = {}
        for item in tag.items:
            if isinstance(item, SpreadToken):
                continue
            key = item.name.lower()
            if key in first:
                at = item.location
                before = first[key].location
                also = Location(before.string, before.offset, len(first[key].name))
                where = Location(at.string, at.offset, len(item.name), also=also)
                self.found.append(_duplicate(key, tag.name, where))
            else:
                first[key] = item

    def _implied_by(self, name: str) -> None:
        """Close what the start tag of ``name`` closes (13.2.6.4.7, 13.2.6.4.9-15)."""
        if name in _CLOSES_P:
            self._pop_through(self._in_scope("p", _SCOPE | {"button"}))
        if name == "li":
            self._pop_through(self._list_item({"li"}))
        elif name in ("dd", "dt"):
            self._pop_through(self._list_item({"dd", "dt"}))
        elif name in _HEADINGS or name in ("option", "optgroup"):
            top = self._top()
            closes = _HEADINGS if name in _HEADINGS else {"option"}
            if top is not None and top.name in closes:
                self.stack.pop()
            top = self._top()
            if name == "optgroup" and top is not None and top.name == "optgroup":
                self.stack.pop()
        elif name in _TABLE_PARTS:
            self._table_part(name)

    def _in_scope(self, name: str, bounds: frozenset[str] | set[str]) -> int:
        if not self.stack.counts[name]:
            return -1
        for i in range(len(self.stack) - 1, -1, -1):
            element = self.stack[i]
            if element.component:
                return -1
            if element.name == name:
                return i
            if element.name in bounds:
                return -1
        return -1

    def _list_item(self, names: set[str]) -> int:
        if not self.stack.has(names):
            return -1
        for i in range(len(self.stack) - 1, -1, -1):
            element = self.stack[i]
            if element.component:
                return -1
            if element.name in names:
                return i
            if element.name in _SPECIAL and element.name not in ("address", "div", "p"):
                return -1
        return -1

    def _pop_through(self, index: int) -> None:
        if index >= 0:
            del self.stack[index:]

    def _table_part(self, name: str) -> None:
        """A cell, row or section starts: close the one open, and imply a <tbody> and a
        <tr> where a table has none (13.2.6.4.9-15). Outside a table, nothing."""
        if name in ("td", "th"):
            self._pop_through(self._nearest_of({"td", "th"}, {"tr"} | _SECTIONS | {"table"}))
            at = self._nearest(frozenset({"tr", "table"}) | _SECTIONS)
            if at >= 0 and self.stack[at].name != "tr":
                del self.stack[at + 1 :]
                if self.stack[at].name == "table":
                    self.stack.append(_Open("tbody", None))
                self.stack.append(_Open("tr", None))
        elif name == "tr":
            self._pop_through(self._nearest_of({"tr"}, _SECTIONS | {"table"}))
            at = self._nearest(_SECTIONS | {"table"})
            if at >= 0:
                del self.stack[at + 1 :]
                if self.stack[at].name == "table":
                    self.stack.append(_Open("tbody", None))
        else:
            self._pop_through(self._nearest_of(_SECTIONS | {"caption", "colgroup"}, {"table"}))

    def _nearest_of(
        self, names: frozenset[str] | set[str], bounds: frozenset[str] | set[str]
    ) -> int:
        if not self.stack.has(names):
            return -1
        for i in range(len(self.stack) - 1, -1, -1):
            element = self.stack[i]
            if element.component or element.name in bounds:
                return -1
            if element.name in names:
                return i
        return -1

    # -- end tags -----------------------------------------------------------------------------

    def end(self, tag: _End) -> None:
        name = tag.name
        if name in VOID_ELEMENTS:
            self.found.append(_void_end(name, self._end_tag_at(tag)))
            return
        if name in _DOCUMENT:
            return
        index = self._target(name)
        if index < 0:
            self.found.append(_stray(name, self._end_tag_at(tag)))
            return
        inside = self.stack[index + 1 :]
        if name in _FORMATTING and not self.stack[index].foreign:
            implied: frozenset[str] = frozenset()
        elif name in _TABLE_PARTS or name == "table":
            implied = _IMPLIED | _TABLE_PARTS
        else:
            implied = _IMPLIED
        for element in inside:
            if element.location is not None and element.name not in implied:
                at = self._end_tag_at(tag)
                where = Location(at.string, at.offset, at.width, also=_start_tag(element))
                self.found.append(_misnested(name, element.name, where))
                break
        if not implied and any(element.name in _SPECIAL for element in inside):
            del self.stack[index]  # the adoption agency keeps the block open (13.2.6.4.7)
        else:
            del self.stack[index:]

    def _target(self, name: str) -> int:
        """The open element the end tag of ``name`` closes, or -1: in foreign content the
        innermost of its name, else one in scope (13.2.4.2), not looked for across a special
        element when it is not one itself (13.2.6.4.7, "any other end tag")."""
        if self._in_foreign():
            for i in range(len(self.stack) - 1, -1, -1):
                element = self.stack[i]
                if element.component or not element.foreign:
                    break
                if element.name == name:
                    return i
        if name == "p":
            bounds = _SCOPE | {"button"}
        elif name == "li":
            bounds = _SCOPE | {"ol", "ul"}
        elif name in _TABLE_PARTS or name == "table":
            bounds = frozenset({"html", "table", "template"}) - {name}
        elif name in _SPECIAL or name in _FORMATTING:
            bounds = _SCOPE - {name}
        else:
            bounds = _SPECIAL
        return self._in_scope(name, bounds)

    def _end_tag_at(self, tag: _End) -> Location:
        """The whole end tag: a hole in one is refused, so it ends in the string it starts."""
        at = tag.location
        text = self.template.strings[at.string]
        close = text.find(">", at.offset)
        return Location(at.string, at.offset, (close + 1 if close >= 0 else len(text)) - at.offset)

    # -- component tags and the end -----------------------------------------------------------

    def component(self, tag: _Component, opens: bool) -> None:
        written = "{" + self.template.interpolations[tag.slot].expression + "}"
        if not tag.end:
            if opens:
                self.stack.append(_Open(written, tag.location, component=written))
            return
        while self.stack and not self.stack[-1].component:
            self._left_open(self.stack.pop(), written)
        if self.stack:
            self.stack.pop()

    def finish(self) -> None:
        while self.stack:
            self._left_open(self.stack.pop(), "")

    def _left_open(self, element: _Open, component: str) -> None:
        if element.location is None or element.name in _OPTIONAL_END or element.component:
            return
        at = _start_tag(element)
        lint = _unclosed(element.name, at, component=component, closes_itself=element.closes_itself)
        self.found.append(lint)


def _start_tag(element: _Open) -> Location:
    """The '<' and the name of the start tag of ``element``, one that a tag opened."""
    assert element.location is not None
    return Location(element.location.string, element.location.offset, 1 + len(element.name))


def structural(template: Template) -> list[Lint]:
    """The structural warnings of ``template``, in the order of the template: end tags that
    close nothing or the wrong element, elements left open, attributes written twice, end
    tags of void elements. A template the scanner refuses raises its TemplateSyntaxError, as
    html() would, and nothing is judged."""
    watcher = _Watcher()
    scanned = watcher.scan(template)
    if scanned.fault is not None:
        raise scanned.fault
    tokens = scanned.tokens
    opens = _open_components(tokens)
    tree = _Tree(template)
    for tag in watcher.seen:
        if isinstance(tag, _Start):
            tree.start(tag)
        elif isinstance(tag, _End):
            tree.end(tag)
        else:
            tree.component(tag, tag.slot in opens)
    tree.finish()
    return sorted(tree.found, key=_position)


def _open_components(tokens: list[Token]) -> set[int]:
    """The holes of the component tags that have an end tag (the others close themselves)."""
    found: set[int] = set()
    for token in tokens:
        if isinstance(token, ComponentToken) and token.children is not None:
            found.add(token.slot)
            found |= _open_components(token.children)
    return found


def _position(lint: Lint) -> tuple[int, int]:
    at = lint.location
    return (0, 0) if at is None else (at.string, at.offset)
