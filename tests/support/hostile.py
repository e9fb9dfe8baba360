"""Hostile values, named once, and the html5lib judge the tests use to read our output.

Test modules import from here (``from hostile import EVIL, parse``): pytest's default
"prepend" import mode puts this directory on ``sys.path`` for the test modules next to it.
The output of html() is always judged by html5lib, a spec-compliant HTML parser, never by our
own scanner.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import html5lib

# The five characters that matter in HTML, and how they come out in text and attribute values.
EVIL = "<b>&'\""
EVIL_ESCAPED = "&lt;b&gt;&amp;&#39;&#34;"

SCRIPT = "<script>alert(1)</script>"
SCRIPT_ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"

# Breaking out of a double-quoted (or unquoted) attribute value, and of a single-quoted one.
BREAKOUT = '" onmouseover="alert(1)'
BREAKOUT_ESCAPED = "&#34; onmouseover=&#34;alert(1)"
BREAKOUT_SINGLE = "' onmouseover='alert(1)"
BREAKOUT_SINGLE_ESCAPED = "&#39; onmouseover=&#39;alert(1)"

# javascript: and its spellings that browsers still run (the URL parser strips leading C0
# controls and spaces, and removes TAB, LF and CR anywhere; schemes are case-insensitive).
JS_URL = "javascript:alert(1)"
JS_URLS = {
    "plain": JS_URL,
    "mixed-case": "JaVaScRiPt:alert(1)",
    "upper": "JAVASCRIPT:alert(1)",
    "leading-space": " javascript:alert(1)",
    "leading-spaces-and-tab": " \t javascript:alert(1)",
    "tab-inside": "java\tscript:alert(1)",
    "newline-inside": "java\nscript:alert(1)",
    "cr-inside": "java\rscript:alert(1)",
    "newline-before-colon": "javascript\n:alert(1)",
    "leading-control": "\x01javascript:alert(1)",
    "leading-nul": "\x00javascript:alert(1)",
    "leading-formfeed": "\x0cjavascript:alert(1)",
    "trailing-space": "javascript:alert(1) ",
    "vbscript": "vbscript:msgbox(1)",
    "vbscript-case": "VbScript:msgbox(1)",
    "data-html": "data:text/html,<script>alert(1)</script>",
    "data-base64": "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data-upper": "DATA:text/html,x",
}

# -- the judge -----------------------------------------------------------------------------------


Parsed = str | ET.Element  # markup, or the fragment root parse() made of it


def parse(markup: Parsed, container: str = "div") -> ET.Element:
    """``markup`` parsed by html5lib as the content of ``container`` (the fragment root)."""
    if isinstance(markup, ET.Element):
        return markup
    return html5lib.parseFragment(
        markup, container=container, treebuilder="etree", namespaceHTMLElements=False
    )


def elements(markup: Parsed, container: str = "div") -> Iterator[ET.Element]:
    """The elements of ``markup`` in document order (no comments, no fragment root)."""
    root = parse(markup, container)
    for node in root.iter():
        if node is not root and isinstance(node.tag, str):
            yield node


def structure(markup: Parsed, container: str = "div") -> list[tuple[str, tuple[str, ...]]]:
    """Each element of ``markup`` as (tag, sorted attribute names), in document order."""
    return [(node.tag, tuple(sorted(node.attrib))) for node in elements(markup, container)]


def find(markup: Parsed, tag: str, container: str = "div") -> ET.Element:
    """The first element named ``tag`` in ``markup``."""
    for node in elements(markup, container):
        if node.tag == tag:
            return node
    raise AssertionError(f"no <{tag}> in {markup!r}")


def text_of(markup: Parsed, tag: str, container: str = "div") -> str:
    """The text content of the first ``tag`` element (comments excluded)."""
    return "".join(find(markup, tag, container).itertext())


def comments(markup: Parsed, container: str = "div") -> list[str]:
    """The data of every comment in ``markup``."""
    return [
        node.text or ""
        for node in parse(markup, container).iter()
        if node.tag is ET.Comment  # type: ignore[comparison-overlap]
    ]


# 4.1 of the URL standard: what the URL parser looks at, and the schemes that run code.
_TAB_NEWLINE = re.compile(r"[\t\n\r]")
_C0_AND_SPACE = "".join(map(chr, range(0x21)))
DANGEROUS_SCHEMES = ("javascript:", "vbscript:", "data:")


def browser_url(value: str) -> str:
    """An attribute value as the URL parser reads it, before it looks for a scheme."""
    return _TAB_NEWLINE.sub("", value.strip(_C0_AND_SPACE))


def runs_code(url: str) -> bool:
    """Whether a parsed attribute value would be a javascript:, vbscript: or data: URL."""
    return browser_url(url).lower().startswith(DANGEROUS_SCHEMES)


# Attributes a browser navigates to or loads (HTML's attribute index, SVG/XLink, and the names
# containing src/url/uri that we treat as URLs too); `data` only on <object>.
_URL_ATTRIBUTES = frozenset(
    """action archive background cite classid codebase formaction href icon longdesc manifest
    ping poster profile src usemap xlink:href""".split()
)


def is_url_attribute(element: str, name: str) -> bool:
    name = name.lower().removeprefix("data-")
    if name == "data":
        return element == "object"
    return name in _URL_ATTRIBUTES or any(part in name for part in ("src", "url", "uri"))


def assert_inert(markup: Parsed, container: str = "div") -> None:
    """No <script> element, no on* attribute, and no URL attribute that would run code."""
    for node in elements(markup, container):
        assert node.tag != "script", markup
        for name, value in node.attrib.items():
            assert not name.lower().startswith("on"), markup
            if is_url_attribute(node.tag, name):
                assert not runs_code(value), markup
