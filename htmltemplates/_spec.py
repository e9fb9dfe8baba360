"""HTML facts as data: element and attribute categories the scanner and compiler consult.

Sources: the WHATWG HTML Living Standard, sections 13.1.2 (elements), 13.2.5 (tokenization)
and the attribute index; and the URL-attribute lists of Go's html/template and Closure.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping

from ._memory import LOCK, Memory, forget_all

# 13.1.2 Elements: void elements have no end tag and no content.
VOID_ELEMENTS = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split()
)

# 13.1.2.6 Escapable raw text elements: content is text with character references decoded;
# only the element's own end tag closes it.
RCDATA_ELEMENTS = frozenset({"title", "textarea"})

# Raw text elements whose content is a program (JS, CSS): values there are escaped for where
# the JavaScript or CSS lexer puts them; they carry the CSP nonce.
SCRIPT_ELEMENTS = frozenset({"script", "style"})

# Raw text elements with no sound escaping at all: a value in them would show "&lt;" literally
# or be live markup. Refused on purpose (docs/contexts.md, "What is refused, and why").
UNSAFE_RAWTEXT_ELEMENTS = frozenset({"xmp", "iframe", "noembed", "noframes", "plaintext"})

RAWTEXT_ELEMENTS = SCRIPT_ELEMENTS | UNSAFE_RAWTEXT_ELEMENTS

# Attributes whose value is a URL that navigates or loads media (HTML's attribute index,
# plus SVG/XLink). Names containing "src", "url" or "uri" are treated as URLs too, as Go does.
URL_ATTRIBUTES = frozenset(
    {
        "action",
        "archive",
        "background",
        "cite",
        "classid",
        "codebase",
        "formaction",
        "href",
        "icon",
        "longdesc",
        "manifest",
        "ping",
        "poster",
        "profile",
        "src",
        "usemap",
        "xlink:href",
    }
)

# Attributes that reprogram how other content is read; refused when interpolated. charset
# chooses how the page (or a script) is decoded; xml:base, where relative URLs resolve.
REFUSED_ATTRIBUTES = frozenset({"http-equiv", "attributename", "charset", "xml:base"})

# Lists of image candidates: each URL is filtered or encoded, each descriptor checked.
SRCSET_ATTRIBUTES = frozenset({"srcset", "imagesrcset"})

# URLs that load code, or decide where every relative URL of the page resolves
# (docs/contexts.md, "URLs"): a value may only follow static text that fixes the origin.
RESOURCE_URL_ATTRIBUTES = frozenset(
    {
        ("script", "src"),
        ("script", "href"),  # SVG <script>
        ("script", "xlink:href"),
        ("base", "href"),
        ("object", "data"),
        ("embed", "src"),
        ("iframe", "src"),
        ("frame", "src"),
        ("use", "href"),  # SVG <use> loads (and, with some formats, runs) another document
        ("use", "xlink:href"),
        ("link", "href"),  # unless a static rel says it only points (LINK_NAVIGATIONAL_RELS)
        ("applet", "code"),  # the class a (legacy) applet runs, and where it comes from
        ("applet", "codebase"),
        ("applet", "archive"),
    }
)

# <link rel> keywords whose href is only pointed at or fetched as an image, never run or
# applied: with only these in a static rel, a <link href> is an ordinary URL attribute.
LINK_NAVIGATIONAL_RELS = frozenset(
    """alternate author bookmark canonical external help license me next nofollow noopener
    noreferrer opener prev privacy-policy search shortlink tag terms-of-service icon
    apple-touch-icon apple-touch-icon-precomposed mask-icon shortcut dns-prefetch preconnect
    pingback""".split()
)

# SVG animation elements rewrite the attribute their attributeName names, href included
# (SVG 2, SMIL animation): their value attributes follow that target (compiler._animation_kind).
ANIMATION_ELEMENTS = frozenset(
    {"set", "animate", "animatecolor", "animatemotion", "animatetransform"}
)
ANIMATION_VALUES = frozenset({"to", "from", "by", "values"})

# Names whose kind depends on the element they are on.
ELEMENT_DEPENDENT_NAMES = frozenset(
    {name for _, name in RESOURCE_URL_ATTRIBUTES} | ANIMATION_VALUES | {"type", "language", "nonce"}
)

# Schemes a URL value may carry at the start of a URL attribute (docs/contexts.md, "URLs").
SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})

# Schemes after which nothing may be interpolated: the rest of the URL is code or a document.
DANGEROUS_SCHEMES = frozenset({"javascript", "vbscript", "data"})

# 13.2.5: the tokenizer's whitespace.
WHITESPACE = "\t\n\f\r "


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(name: str) -> str:
    """``name`` with ASCII letters lower-cased, as HTML folds tag and attribute names (13.2.5.8);
    ``str.lower`` would also fold KELVIN SIGN to "k" and the like."""
    return name.lower() if name.isascii() else name.translate(_ASCII_LOWER)


class UrlPart(enum.Enum):
    """Where in a URL a hole stands, which decides how its value is encoded (RFC 3986)."""

    # members are singletons compared by identity: hashed by identity too, in C, not by
    # Enum's __hash__ (Python code), since plans look them up in sets and dicts at each render
    __hash__ = object.__hash__

    START = "start"  # the whole URL from the value: scheme-filtered
    PATH = "path"
    QUERY = "query"
    FRAGMENT = "fragment"


class AttrKind(enum.Enum):
    """What language an attribute's value is in, which decides how a value is escaped."""

    # members are singletons compared by identity: hashed by identity too, in C, not by
    # Enum's __hash__ (Python code), since plans look them up in sets and dicts at each render
    __hash__ = object.__hash__

    PLAIN = "plain"
    URL = "URL"
    CLASS = "class"
    STYLE = "style"
    RESOURCE = "resource URL"
    SRCSET = "srcset"
    SRCDOC = "srcdoc"
    EVENT = "event handler"  # on*, and the attributes a framework runs as JavaScript
    BOUND_URL = "bound URL"  # JavaScript whose result a framework sets as a URL (:href)
    JSON = "JSON"  # htmx's hx-vals: JSON, or JavaScript after "js:"
    JS_PREFIXED = "text-or-JavaScript"  # htmx's hx-confirm: text, or JavaScript after "js:"
    TRIGGER = "htmx trigger"  # hx-trigger: event names and modifiers, [filters] in JavaScript
    HTML = "HTML-writing"  # x-html: JavaScript whose result becomes the element's HTML
    ALPINE_DATA = "Alpine data"  # x-data: JavaScript giving the object Alpine makes reactive
    REFUSED = "refused"

    def __str__(self) -> str:
        return self.value


# -- attributes that JavaScript frameworks read: a registry ----------------------------------
#
# htmx and Alpine.js give meaning to attributes HTML does not know: some run their value as
# JavaScript (hx-on:click, @click, x-data), some fetch a URL (hx-get), some read JSON or, after a
# "js:" prefix, JavaScript (hx-vals). To the browser they are plain text, so a value escaped as
# plain text there is code. Each framework is a named set of rules: a pattern (an exact name, or
# a prefix ending in "*") and the context its value is in.

CONTEXTS: dict[str, AttrKind] = {
    "javascript": AttrKind.EVENT,
    "x-data": AttrKind.ALPINE_DATA,
    "bind": AttrKind.EVENT,  # resolved per bound attribute by attr_kind
    "html": AttrKind.HTML,
    "json": AttrKind.JSON,
    "js-prefixed": AttrKind.JS_PREFIXED,
    "htmx-trigger": AttrKind.TRIGGER,
    "url": AttrKind.URL,
    "resource-url": AttrKind.RESOURCE,
    "text": AttrKind.PLAIN,
    "refused": AttrKind.REFUSED,
}

# When several enabled sets match one name, the strictest context wins (fail closed).
_STRICTNESS = (
    "refused", "html", "bind", "x-data", "javascript", "json", "js-prefixed", "htmx-trigger",
    "resource-url", "url", "text",
)  # fmt: skip


def _htmx_rules() -> dict[str, str]:
    """htmx 2 (https://htmx.org/reference/) and htmx 4 (https://four.htmx.org/reference/).

    - hx-on* (https://htmx.org/attributes/hx-on/): ``hx-on:click``, ``hx-on::after-request``
      (``htmx:`` events), ``hx-on-click``/``hx-on--after-request`` (the dash spelling for
      frameworks that refuse ':'), the deprecated bare ``hx-on="click: ..."`` of htmx 1, and
      htmx 4's ``hx-on="click -> code"``: all JavaScript.
    - hx-trigger (https://htmx.org/attributes/hx-trigger/): an event filter in brackets,
      ``click[ctrlKey]``, is a JavaScript expression.
    - hx-vals, hx-headers, hx-request (htmx 2) and hx-config (htmx 4): JSON, or JavaScript
      when the value starts with ``js:`` or ``javascript:`` (https://htmx.org/attributes/hx-vals/,
      .../hx-headers/, .../hx-request/, https://four.htmx.org/reference/attributes/hx-config/).
      hx-vars (deprecated) is always evaluated.
    - hx-confirm in htmx 4 runs a ``js:``/``javascript:`` value as JavaScript
      (https://four.htmx.org/docs/features/confirmations).
    - hx-get, hx-post, hx-put, hx-patch, hx-delete, hx-push-url, hx-replace-url and htmx 4's
      hx-action and hx-query take a URL; so do the ws and sse extensions' ws-connect and
      sse-connect. htmx 4 runs a request URL that starts with ``js:`` as JavaScript: the URL
      rules' scheme filter stops it.
    - htmx 4 adds modifiers after a colon (``hx-vals:append``, ``hx-config:inherited``).
    - Every name also works with htmx's ``data-`` prefix (``data-hx-on:click``).
    """
    rules = {"hx-on": "javascript", "hx-on*": "javascript", "hx-vars": "javascript"}
    for name in ("hx-vals", "hx-headers", "hx-request", "hx-config"):
        rules[name] = rules[name + ":*"] = "json"
    rules["hx-confirm"] = rules["hx-confirm:*"] = "js-prefixed"
    rules["hx-trigger"] = rules["hx-trigger:*"] = "htmx-trigger"
    for method in ("get", "post", "put", "patch", "delete", "query", "action"):
        rules[f"hx-{method}"] = rules[f"hx-{method}:*"] = "url"
    for name in ("hx-push-url", "hx-replace-url"):
        rules[name] = rules[name + ":*"] = "url"
    rules |= {f"data-{name}": context for name, context in rules.items()}
    rules |= {"ws-connect": "url", "sse-connect": "url"}
    return rules


def _alpine_rules() -> dict[str, str]:
    """Alpine.js 3 (https://alpinejs.dev/start-here) and its official plugins.

    - Directives whose value is a JavaScript expression: x-data, x-init, x-show, x-bind (the
      object form), x-on:* and its shorthand @*, x-text, x-model, x-modelable, x-for, x-effect,
      x-if, x-id (https://alpinejs.dev/directives/...); the plugins' x-intersect (Intersect),
      x-trap (Focus), x-mask:dynamic (Mask), x-anchor (Anchor), x-sort and x-sort:item (Sort),
      x-resize (Resize).
    - x-bind:* and its shorthand :* evaluate JavaScript and set the attribute after the colon
      ("bind": a URL attribute's values are scheme-filtered, an event handler's refused).
    - x-html (https://alpinejs.dev/directives/html) writes its expression's result as HTML.
    - x-data (https://alpinejs.dev/directives/data) is JavaScript whose result must be an
      object (anything else throws, and Alpine initialises nothing after it); Alpine runs the
      strings under its keys init and destroy as expressions (x-data.js), so a value may hold
      no such key ("x-data").
    - x-bind without an argument takes an object whose keys are directives and whose values
      are their expressions (applyBindingsObject): no value may go in it.
    - Fail closed: an x-* name not known to take something else is JavaScript. Those that do:
      x-ref (a name), x-cloak and x-ignore (no value), x-transition* (class lists and
      durations), x-teleport (a selector), x-mask (a pattern), x-sort:group (a group name),
      x-sort:handle and x-sort:ignore (no value).
    """
    rules = dict.fromkeys(("x-*", "@*", "x-on:*"), "javascript")
    rules |= dict.fromkeys(("x-bind:*", ":*"), "bind")
    rules |= {"x-html": "html", "x-data": "x-data", "x-bind": "refused"}
    for name in ("x-ref", "x-cloak", "x-ignore", "x-ignore.*", "x-transition*", "x-teleport"):
        rules[name] = "text"
    for name in ("x-teleport.*", "x-mask", "x-sort:group", "x-sort:handle", "x-sort:ignore"):
        rules[name] = "text"
    return rules


class AttributeRules:
    """The contexts of attributes that JavaScript frameworks read, in named sets of rules.

    htmx's and Alpine.js's sets ship enabled (``"htmx"``, ``"alpine"``), with hyperscript's
    ``_`` attribute refused (``"hyperscript"``). A rule maps a pattern, an attribute name
    or a prefix ending in ``*``, to one of :data:`CONTEXTS`' names. Within a set the most
    specific pattern wins (an exact name, then the longest prefix); across sets, the strictest
    context. Rules only add to what HTML itself says: ``on*``, ``style``, ``class``, ``srcdoc``
    and the URL attributes of HTML keep their own rules whatever a set says.
    Changing the rules drops every compiled plan (they are rebuilt at their next render).

    The rules change, and the verdicts that follow them are computed and remembered, under
    one lock (``_memory.LOCK``): a verdict computed under the old rules is never remembered
    after a change, even while other threads render.
    """

    def __init__(self) -> None:
        self._sets: dict[str, dict[str, str]] = {}
        self._enabled: dict[str, bool] = {}
        # name -> (context, bound name)
        self._memory = Memory[str, tuple[str, str] | None]("rule-lookups")
        self._listeners: list[Callable[[], None]] = []

    def add(self, name: str, rules: Mapping[str, str], *, enabled: bool = True) -> None:
        """Add (or replace) the set ``name``: ``{pattern: context}``, where a pattern is an
        attribute name or a prefix ending in ``*`` (``"v-on:*"``), and a context is one of
        "javascript", "x-data", "bind", "html", "json", "js-prefixed", "htmx-trigger", "url",
        "resource-url", "text" or "refused"."""
        checked: dict[str, str] = {}
        for pattern, context in rules.items():
            if context not in CONTEXTS:
                raise ValueError(
                    f"{context!r} is not an attribute context; use one of: {', '.join(CONTEXTS)}"
                )
            body = pattern.removesuffix("*")
            if not isinstance(pattern, str) or "*" in body or not (body or pattern == "*"):
                raise ValueError(
                    f"{pattern!r} is not an attribute pattern: write a name (x-text) or a "
                    "prefix ending in '*' (x-on:*)"
                )
            checked[ascii_lower(pattern)] = context
        with LOCK:
            self._sets[name] = checked
            self._enabled[name] = enabled
            self._changed()

    def remove(self, name: str) -> None:
        """Remove the set ``name``."""
        with LOCK:
            self._known(name)
            del self._sets[name], self._enabled[name]
            self._changed()

    def enable(self, name: str) -> None:
        """Turn the set ``name`` on."""
        with LOCK:
            self._known(name)
            self._enabled[name] = True
            self._changed()

    def disable(self, name: str) -> None:
        """Turn the set ``name`` off: its attributes are plain text again (unless another set,
        or HTML itself, says otherwise)."""
        with LOCK:
            self._known(name)
            self._enabled[name] = False
            self._changed()

    def sets(self) -> dict[str, bool]:
        """The sets by name, each with whether it is enabled."""
        return dict(self._enabled)

    def rules(self, name: str) -> dict[str, str]:
        """The rules of the set ``name``, ``{pattern: context}``."""
        self._known(name)
        return dict(self._sets[name])

    def context(self, attribute: str) -> str | None:
        """The context the enabled sets give ``attribute``, or None when none matches."""
        found = self.lookup(ascii_lower(attribute))
        return None if found is None else found[0]

    def lookup(self, name: str) -> tuple[str, str] | None:
        """(context, the name after the pattern's prefix) for the lower-case ``name``."""
        try:
            return self._memory.entries[name]
        except KeyError:
            return self._memory.derive(name, lambda: self._best(name))

    def _best(self, name: str) -> tuple[str, str] | None:
        best: tuple[str, str] | None = None
        for set_name, rules in self._sets.items():
            if not self._enabled[set_name]:
                continue
            match = _most_specific(rules, name)
            if match is not None and (
                best is None or _STRICTNESS.index(match[0]) < _STRICTNESS.index(best[0])
            ):
                best = match
        return best

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever the rules change (the plan cache uses it)."""
        self._listeners.append(listener)

    def _known(self, name: str) -> None:
        if name not in self._sets:
            raise KeyError(f"no attribute rule set {name!r}; there are: {', '.join(self._sets)}")

    def _changed(self) -> None:
        """Forget every memory (under LOCK, held by the caller), then tell the listeners."""
        forget_all()
        for listener in self._listeners:
            listener()


def _most_specific(rules: Mapping[str, str], name: str) -> tuple[str, str] | None:
    context = rules.get(name)
    if context is not None and not name.endswith("*"):
        return context, ""
    best = ""
    for pattern in rules:
        if pattern.endswith("*") and name.startswith(pattern[:-1]) and len(pattern) > len(best):
            best = pattern
    return (rules[best], name[len(best) - 1 :]) if best else None


attribute_rules = AttributeRules()
attribute_rules.add("htmx", _htmx_rules())
attribute_rules.add("alpine", _alpine_rules())
# hyperscript (https://hyperscript.org/docs/): _="on click ..." is code in a language the
# scanner cannot read, so no value may go in it
attribute_rules.add("hyperscript", {"_": "refused", "data-hyperscript": "refused"})

# What a bound attribute (x-bind:href, :src) becomes, by the kind of the attribute it sets
_BOUND = {
    AttrKind.URL: AttrKind.BOUND_URL,
    AttrKind.RESOURCE: AttrKind.BOUND_URL,
    AttrKind.SRCSET: AttrKind.BOUND_URL,
}
# Attributes read as JavaScript whose whole value, written in the template, is a JavaScript
# literal (an event handler's; a filtered URL; trusted HTML as a string; an x-data object).
# Their values are never taken from data, where the compiler cannot judge each hole.
SCRIPT_KINDS = frozenset({AttrKind.EVENT, AttrKind.BOUND_URL, AttrKind.HTML, AttrKind.ALPINE_DATA})
# The kinds that no bound attribute (:name) may set from a JavaScript value
_UNBINDABLE = SCRIPT_KINDS | {
    AttrKind.SRCDOC,
    AttrKind.REFUSED,
    AttrKind.JSON,
    AttrKind.JS_PREFIXED,
    AttrKind.TRIGGER,
}


def attr_kind(element: str, name: str) -> AttrKind:
    """The kind of attribute ``name`` (lower-case) on ``element`` (lower-case): HTML's own
    rules first, then the framework rules (:data:`attribute_rules`)."""
    if name == "class":
        return AttrKind.CLASS
    if name == "style":
        return AttrKind.STYLE
    if name.startswith("on"):
        return AttrKind.EVENT
    if name in REFUSED_ATTRIBUTES or name.startswith("xmlns"):
        return AttrKind.REFUSED
    if name in SRCSET_ATTRIBUTES:
        return AttrKind.SRCSET
    if name == "srcdoc":
        return AttrKind.SRCDOC
    if name == "nonce" and element in SCRIPT_ELEMENTS:
        # from data: the first nonce wins, and a spread's would come before html()'s CSP nonce
        # (a nonce written in the template is the template's: compiler._kind)
        return AttrKind.REFUSED
    if (name in ("type", "language") and element == "script") or (
        element in ANIMATION_ELEMENTS and name in ANIMATION_VALUES
    ):
        return AttrKind.REFUSED
    if (element, name) in RESOURCE_URL_ATTRIBUTES:
        return AttrKind.RESOURCE
    if name == "data":
        return AttrKind.PLAIN
    bare = name.removeprefix("data-")
    if bare in URL_ATTRIBUTES:
        return AttrKind.URL
    found = attribute_rules.lookup(name)
    guessed = AttrKind.URL if "src" in bare or "url" in bare or "uri" in bare else AttrKind.PLAIN
    if found is None:
        return guessed
    context, rest = found
    if context == "bind":
        bound = attr_kind(element, ascii_lower(rest.partition(".")[0]))
        return AttrKind.REFUSED if bound in _UNBINDABLE else _BOUND.get(bound, AttrKind.EVENT)
    kind = CONTEXTS[context]
    return guessed if kind is AttrKind.PLAIN else kind


_FRAMEWORK_REASONS = {
    "x-bind": "binds each key of its object as an Alpine directive, whose value is JavaScript",
}


def refusal_reason(element: str, name: str) -> str | None:
    """Why the framework rules refuse a value in attribute ``name``, or None."""
    found = attribute_rules.lookup(name)
    if found is None:
        return None
    context, rest = found
    if context == "refused":
        return _FRAMEWORK_REASONS.get(
            name, "is code in a language htmltemplates cannot read (a framework rule refuses it)"
        )
    if context == "bind":
        bound = ascii_lower(rest.partition(".")[0])
        return (
            f"sets the attribute {bound} from a JavaScript value, and {bound} takes no value "
            "from JavaScript safely"
        )
    return None
