"""Trusted URL types: how they are built, and where they are honoured (issue #3)."""

from __future__ import annotations

from string.templatelib import Interpolation, Template

import pytest
from markupsafe import Markup

from htmltemplates import (
    RenderError,
    TemplateSyntaxError,
    TrustedResourceURL,
    TrustedURL,
    html,
)

NAME = "a b/c?d#e&f"
ID = 42
RATIO = 1.5


@pytest.mark.parametrize(
    ("built", "expected"),
    [
        pytest.param(TrustedURL("javascript:void(0)"), "javascript:void(0)", id="literal"),
        pytest.param(TrustedURL(t"myapp://item/{ID}"), "myapp://item/42", id="int-path"),
        pytest.param(
            TrustedURL(t"/files/{NAME}"), "/files/a%20b/c%3Fd%23e&f", id="path-keeps-slash"
        ),
        pytest.param(TrustedURL(t"/s?q={NAME}"), "/s?q=a%20b%2Fc%3Fd%23e%26f", id="query"),
        pytest.param(TrustedURL(t"/doc#{NAME}"), "/doc#a%20b/c?d%23e&f", id="fragment"),
        pytest.param(TrustedURL(t"/r?x={RATIO:.2f}"), "/r?x=1.50", id="format-spec"),
        pytest.param(TrustedURL(t"/r/{NAME!r}"), "/r/'a%20b/c%3Fd%23e&f'", id="conversion"),
        pytest.param(TrustedURL.unchecked("data:text/html,<b>"), "data:text/html,<b>", id="hatch"),
        pytest.param(
            TrustedResourceURL(t"https://cdn.example/{NAME}/lib.js"),
            "https://cdn.example/a%20b/c%3Fd%23e&f/lib.js",
            id="resource-https",
        ),
        pytest.param(
            TrustedResourceURL(t"/static/{NAME}?v={ID}"),
            "/static/a%20b/c%3Fd%23e&f?v=42",
            id="resource-path",
        ),
        pytest.param(TrustedResourceURL("//cdn.example/x.js"), "//cdn.example/x.js", id="literal"),
        pytest.param(TrustedResourceURL.unchecked(Markup("/a.js")), "/a.js", id="hatch-markup"),
    ],
)
def test_building(built: str, expected: str) -> None:
    assert expected == built
    assert expected == str.__str__(built)
    assert type(built) in (TrustedURL, TrustedResourceURL)


def test_repr_names_the_type() -> None:
    assert "TrustedURL('/a')" == repr(TrustedURL("/a"))
    assert "TrustedResourceURL('/a.js')" == repr(TrustedResourceURL("/a.js"))


@pytest.mark.parametrize(
    ("build", "anchor"),
    [
        pytest.param(lambda: TrustedURL(t"{NAME}"), "trusted-url", id="url-start"),
        pytest.param(lambda: TrustedURL(t" {NAME}"), "trusted-url", id="url-start-after-space"),
        pytest.param(lambda: TrustedURL(t"java{NAME}"), "url-scheme", id="url-scheme-open"),
        pytest.param(lambda: TrustedURL(t"javascript:{NAME}"), "url-scheme", id="after-js"),
        pytest.param(lambda: TrustedResourceURL(t"{NAME}"), "trusted-url", id="res-start"),
        pytest.param(lambda: TrustedResourceURL(t"//{NAME}"), "url-scheme", id="res-no-host"),
        pytest.param(
            lambda: TrustedResourceURL(t"https://cdn{NAME}/x.js"), "url-scheme", id="host-open"
        ),
        pytest.param(
            lambda: TrustedResourceURL(t"http://cdn.example/{NAME}"), "trusted-url", id="http"
        ),
        pytest.param(
            lambda: TrustedResourceURL(t"/\\cdn.example/{NAME}"), "url-scheme", id="backslash"
        ),
    ],
)
def test_templates_that_would_let_a_value_choose_are_refused(build: object, anchor: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        build()  # type: ignore[operator]
    assert anchor == info.value.anchor


@pytest.mark.parametrize("value", [None, True, b"x", {"a": 1}, [1], t"<b>"])
def test_values_must_be_text_or_numbers(value: object) -> None:
    with pytest.raises(RenderError) as info:
        TrustedURL(t"/x/{value}")
    assert "trusted-url-value" == info.value.anchor


def test_anything_but_str_or_template_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="takes a string literal or a t-string, not int"):
        TrustedURL(5)  # type: ignore[arg-type]


JS = "javascript:alert(1)"


@pytest.mark.parametrize(
    ("value", "template", "expected"),
    [
        # navigational URL: TrustedURL and TrustedResourceURL skip the filter, a str does not
        (TrustedURL(JS), t"<a href={{}}>x</a>", '<a href="javascript:alert(1)">x</a>'),
        (TrustedResourceURL("/a?b&c"), t"<a href={{}}>x</a>", '<a href="/a?b&amp;c">x</a>'),
        (JS, t"<a href={{}}>x</a>", '<a href="about:invalid#htmltemplates">x</a>'),
        (Markup(JS), t"<a href={{}}>x</a>", '<a href="about:invalid#htmltemplates">x</a>'),
        # still escaped
        (TrustedURL('/"><b>'), t"<a href={{}}>x</a>", '<a href="/&#34;&gt;&lt;b&gt;">x</a>'),
        # in a path piece a trusted URL is text like any other: encoded
        (TrustedURL("/a b"), t"<a href='/go/{{}}'>x</a>", "<a href='/go//a%20b'>x</a>"),
        # elsewhere: text
        (TrustedURL("<x>"), t"<p>{{}}</p>", "<p>&lt;x&gt;</p>"),
        (TrustedURL("/a"), t"<script>u = {{}};</script>", '<script>u =  "/a" ;</script>'),
        # resource URLs take only TrustedResourceURL
        (
            TrustedResourceURL("/a.js"),
            t"<script src={{}}></script>",
            '<script src="/a.js"></script>',
        ),
    ],
)
def test_where_trusted_urls_are_honoured(value: object, template: Template, expected: str) -> None:
    strings = list(template.strings)
    filled = Template(*_fill(strings, value))
    assert expected == html(filled)


def _fill(strings: list[str], value: object) -> list[object]:
    """The template ``strings`` split at '{}' with ``value`` interpolated there."""
    text = "".join(strings)
    before, after = text.split("{}")
    return [before, Interpolation(value, "value"), after]


def test_a_trusted_url_is_refused_where_code_loads() -> None:
    with pytest.raises(RenderError) as info:
        html(t"<script src={TrustedURL('/a.js')}></script>")
    assert "untrusted-resource-url" == info.value.anchor


# -- import maps: every URL in them loads code --------------------------------------------------

APP = TrustedResourceURL(t"/static/{'app.js'}")
LIT = TrustedResourceURL("https://cdn.example/lit@3/index.js")


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t"<script type=importmap>{ {'imports': {'app': APP, 'lit': LIT}} }</script>",
            '<script type=importmap> {"imports": {"app": "/static/app.js", '
            '"lit": "https://cdn.example/lit@3/index.js"}} </script>',
            id="whole-map",
        ),
        pytest.param(
            t'<script type="importmap">{{"imports": {{"app": {APP}}}}}</script>',
            '<script type="importmap">{"imports": {"app":  "/static/app.js" }}</script>',
            id="one-url",
        ),
        pytest.param(
            t"<script type=importmap>{ {'scopes': {'/admin/': {'app': APP}}} }</script>",
            '<script type=importmap> {"scopes": {"/admin/": {"app": "/static/app.js"}}} </script>',
            id="scopes-keys-are-free",
        ),
        pytest.param(
            t"<script type=importmap>{ {'integrity': {'/static/app.js': 'sha384-AbC+/9=='}} }"
            t"</script>",
            '<script type=importmap> {"integrity": {"/static/app.js": "sha384-AbC+/9=="}} '
            "</script>",
            id="integrity-hashes",
        ),
    ],
)
def test_import_maps_take_trusted_resource_urls(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        pytest.param({"imports": {"app": "/static/app.js"}}, "'/static/app.js'", id="str-url"),
        pytest.param({"imports": {"app": TrustedURL("/a.js")}}, "TrustedURL('/a.js')", id="url"),
        pytest.param({"imports": {"a": APP, "b": Markup("/b.js")}}, "'/b.js'", id="markup"),
        pytest.param({"integrity": {"/a.js": "javascript:x"}}, "'javascript:x'", id="bad-hash"),
        pytest.param("/static/app.js", "'/static/app.js'", id="whole-str"),
        pytest.param([APP, "/x.js"], "'/x.js'", id="list"),
    ],
)
def test_import_maps_refuse_any_other_string(value: object, shown: str) -> None:
    with pytest.raises(RenderError) as info:
        html(t"<script type=importmap>{value}</script>")
    assert "untrusted-resource-url" == info.value.anchor
    assert f"an import map value that is not a TrustedResourceURL: {shown}" == info.value.headline
