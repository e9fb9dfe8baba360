"""The names an editor offers in a template: HTML's elements and attributes (the WHATWG HTML
Living Standard, "Elements" and "Attributes" in its index), htmx's attributes
(https://htmx.org/reference/) and Alpine.js's directives (https://alpinejs.dev/). Completion
only: what html() does with an attribute is decided by ``_spec``, never by this list."""

from __future__ import annotations

from functools import cache

__all__ = ["ELEMENTS", "attributes"]

ELEMENTS: tuple[str, ...] = tuple(
    """
    a abbr address area article aside audio b base bdi bdo blockquote body br button canvas
    caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed
    fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i
    iframe img input ins kbd label legend li link main map mark math menu meta meter nav
    noscript object ol optgroup option output p picture pre progress q rp rt ruby s samp
    script search section select slot small source span strong style sub summary sup svg
    table tbody td template textarea tfoot th thead time title tr track u ul var video wbr
    """.split()
)

_GLOBAL = """
    accesskey autocapitalize autocorrect autofocus class contenteditable dir draggable
    enterkeyhint hidden id inert inputmode is itemid itemprop itemref itemscope itemtype lang
    nonce popover slot spellcheck style tabindex title translate writingsuggestions
    role aria data
    onblur onchange onclick oncontextmenu ondblclick onfocus oninput onkeydown onkeyup onload
    onmousedown onmouseenter onmouseleave onmouseover onmouseup onscroll onsubmit
""".split()

_BY_ELEMENT: dict[str, str] = {
    "a": "href target download ping rel hreflang type referrerpolicy",
    "area": "alt coords shape href target download ping rel referrerpolicy",
    "audio": "src crossorigin preload autoplay loop muted controls",
    "base": "href target",
    "blockquote": "cite",
    "button": (
        "disabled form formaction formenctype formmethod formnovalidate formtarget name "
        "popovertarget popovertargetaction type value command commandfor"
    ),
    "canvas": "width height",
    "col": "span",
    "colgroup": "span",
    "data": "value",
    "del": "cite datetime",
    "details": "name open",
    "dialog": "open closedby",
    "embed": "src type width height",
    "fieldset": "disabled form name",
    "form": "accept-charset action autocomplete enctype method name novalidate rel target",
    "iframe": ("src srcdoc name sandbox allow allowfullscreen width height referrerpolicy loading"),
    "img": (
        "alt src srcset sizes crossorigin usemap ismap width height referrerpolicy decoding "
        "loading fetchpriority"
    ),
    "input": (
        "accept alpha alt autocomplete checked colorspace dirname disabled form formaction "
        "formenctype formmethod formnovalidate formtarget height list max maxlength min "
        "minlength multiple name pattern placeholder popovertarget popovertargetaction "
        "readonly required size src step type value width"
    ),
    "ins": "cite datetime",
    "label": "for",
    "li": "value",
    "link": (
        "href crossorigin rel media integrity hreflang type referrerpolicy sizes imagesrcset "
        "imagesizes as blocking color disabled fetchpriority"
    ),
    "map": "name",
    "meta": "name content charset media",
    "meter": "value min max low high optimum",
    "object": "data type name form width height",
    "ol": "reversed start type",
    "optgroup": "disabled label",
    "option": "disabled label selected value",
    "output": "for form name",
    "progress": "value max",
    "q": "cite",
    "script": (
        "src type nomodule async defer crossorigin integrity referrerpolicy blocking fetchpriority"
    ),
    "select": "autocomplete disabled form multiple name required size",
    "slot": "name",
    "source": "type media src srcset sizes width height",
    "style": "media blocking",
    "td": "colspan rowspan headers",
    "template": "shadowrootmode shadowrootdelegatesfocus shadowrootclonable",
    "textarea": (
        "autocomplete cols dirname disabled form maxlength minlength name placeholder "
        "readonly required rows wrap"
    ),
    "th": "colspan rowspan headers scope abbr",
    "time": "datetime",
    "track": "default kind label src srclang",
    "video": (
        "src crossorigin poster preload autoplay playsinline loop muted controls width height"
    ),
}

# htmx 2 (https://htmx.org/reference/#attributes), with htmx 4's hx-action and hx-config
_HTMX = """
    hx-get hx-post hx-put hx-patch hx-delete hx-trigger hx-target hx-swap hx-swap-oob
    hx-select hx-select-oob hx-vals hx-headers hx-confirm hx-boost hx-push-url hx-replace-url
    hx-indicator hx-include hx-params hx-sync hx-ext hx-on: hx-on::after-request
    hx-disabled-elt hx-disable hx-disinherit hx-inherit hx-encoding hx-history
    hx-history-elt hx-preserve hx-prompt hx-request hx-validate hx-action hx-config
""".split()

# Alpine.js 3 (https://alpinejs.dev/directives/...)
_ALPINE = """
    x-data x-init x-show x-bind: x-on: x-text x-html x-model x-modelable x-for x-transition
    x-effect x-ignore x-ref x-cloak x-teleport x-if x-id @click @submit.prevent :class
""".split()


@cache
def attributes(element: str) -> tuple[str, ...]:
    """The attribute names to offer in a start tag of ``element`` (lower case): its own,
    then HTML's global ones, then htmx's and Alpine's."""
    own = _BY_ELEMENT.get(element, "").split()
    names = [*own, *_GLOBAL, *_HTMX, *_ALPINE]
    return tuple(dict.fromkeys(names))
