"""The table of fast paths, and the switch that turns them off one by one.

A fast path is a shortcut for the common value (a ``str`` escaped inline in a plan, a list of
templates rendered without a call per item, a component called again without its checks, a
verdict remembered...) that must give exactly what the general function it bypasses gives:
that function is the definition. Every shortcut of the package is an entry of ``TABLE``, and
every place that takes one asks the table for its own entry, by name:

- the compiler, for the source it writes: ``on("text-str")`` (the slow source when off);
- a runtime class test, against a constant bound once at import: ``_STR = fast("attr-text-str",
  str)`` is ``str`` itself normally (the test costs what it did) and a class no value has when
  the entry is off, so the test never holds;
- a memory (``_memory.Memory``) is made with its entry's name, and remembers nothing when off.

``HTMLTEMPLATES_SLOW_PATHS``, read once when the package is imported: ``1`` or ``all`` turns
every entry off (``make test`` runs the suite so a second time); a comma-separated list of
names turns off those only (``text-str,attr-text-int``); an unknown name is an error at import.
``tools/fastpaths search PYTEST ARGS`` runs the given tests once per entry switched off alone
and names the entries whose run fails: the shortcut that makes a difference. ``tools/fastpaths
write`` writes the table into docs/architecture.md (``make fastpaths``). Both are
htmltemplates/tooling/fastpaths.py, which no render imports.

tests/runtime/test_fast_path_table.py fails on a switch asked for a name the table does not hold, on
an entry no code asks for, and on a pinning test that does not exist.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Final

__all__ = ["ALL_ON", "NAMES", "OFF", "TABLE", "VARIABLE", "FastPath", "fast", "on"]


@dataclass(frozen=True, slots=True)
class FastPath:
    """One shortcut. ``site`` is what kind of place takes it (the IR node a plan writes it for,
    ``lowering`` for a choice of the lowering, ``runtime`` for a runtime function's shortcut,
    ``memory`` for a memory of derived values); ``guard`` the condition under which it is taken;
    ``definition`` the general function it must equal (``module:function``, under
    htmltemplates); ``where`` the code that takes it; ``test`` the test that pins it."""

    name: str
    site: str
    guard: str
    definition: str
    where: str
    test: str


_FP = "tests/runtime/test_fast_paths.py::"
_SWITCH = "tests/runtime/test_fast_path_table.py::test_each_fast_path_off_alone_renders_the_same"
_TEXT = _FP + "test_a_hole_in_text_renders_as_the_general_path_renders_it"
_WHOLE = _FP + "test_a_whole_attribute_value_renders_as_the_general_path_renders_it"
_PLANS = "compiler/sources.py"


def _plan(name: str, node: str, guard: str, definition: str, where: str, test: str) -> FastPath:
    return FastPath(name, node, guard, definition, f"{_PLANS} {where}", test)


def _runtime(name: str, guard: str, definition: str, where: str, test: str = _SWITCH) -> FastPath:
    return FastPath(name, "runtime", guard, definition, where, test)


def _memory(name: str, holds: str, definition: str, where: str, test: str = _SWITCH) -> FastPath:
    return FastPath(name, "memory", holds, definition, where, test)


# Long because it is the table: one entry per shortcut, in the order of the pipeline.
TABLE: Final[tuple[FastPath, ...]] = (
    # -- in plans: a hole in text ---------------------------------------------------------
    _plan("text-str", "TextValue", "a `str`: escaped inline", "runtime.text:render_text",
          "text_value", _TEXT),
    _plan("text-number", "TextValue", "an `int` or `float`: its `str()`",
          "runtime.text:render_text", "text_value", _TEXT),
    _plan("text-template", "TextValue", "a `Template` in content: `render_str`",
          "runtime.text:render_text", "text_value", _TEXT),
    _plan("text-list", "TextValue", "a `list` in content: `render_list`",
          "runtime.text:render_text", "text_value", _TEXT),
    _plan("script-int", "TextValue", "an `int` in a `<script>`: its digits between spaces",
          "runtime.scripted:js_part", "text_value", _SWITCH),
    _plan("stream-text-str", "TextValue", "a `str` in a streaming plan's content: escaped",
          "runtime.streaming:defer_text", "deferred_text", _SWITCH),
    _plan("stream-text-number", "TextValue", "an `int` or `float` in a streaming plan",
          "runtime.streaming:defer_text", "deferred_text", _SWITCH),
    # -- in plans: a whole attribute value ------------------------------------------------
    _plan("whole-flags", "WholeAttribute", "`None`/`False` dropped, `True` bare, a `bool`",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-str", "WholeAttribute", "a non-empty `str` of a plain or class value",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-number", "WholeAttribute", "an `int` or `float` of a plain value",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-markup", "WholeAttribute", "a `Markup` of a plain value: `markup_attribute`",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-data-dict", "WholeAttribute", "a `dict` for `data`/`aria`: `spread_in_place`",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-class-list", "WholeAttribute", "a `list`, `tuple` or `dict` for `class`",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-url-str", "WholeAttribute", "a plainly safe `str` URL: escaped",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-style", "WholeAttribute", "a `str` or `dict` of `style`: `style_text`",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-srcset", "WholeAttribute", "a `str`, `list` or `tuple` srcset: `srcset_value`",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-json", "WholeAttribute", "a `dict`, `list` or `tuple` of JSON: `json_value`",
          "runtime.tags:render_whole", "whole_attribute", _WHOLE),
    _plan("whole-alpine-dict", "WholeAttribute", "a `dict` for `x-data`: `alpine_data`",
          "runtime.attributes:render_event", "whole_attribute", _WHOLE),
    # -- in plans: a part of an attribute value -------------------------------------------
    _plan("part-str", "Part", "a `str` in attribute text: escaped",
          "runtime.attributes:part_text", "part", _SWITCH),
    _plan("part-number", "Part", "an `int` or `float` in attribute text: its `str()`",
          "runtime.attributes:part_text", "part", _SWITCH),
    _plan("url-piece-int", "Part", "an `int` in a URL's path, query or fragment",
          "runtime.attributes:url_piece", "part",
          _FP + "test_a_value_in_a_url_renders_as_the_general_path_renders_it"),
    _plan("url-piece-str", "Part", "a `str` there: `url_piece_str`, which remembers",
          "runtime.attributes:url_piece", "part",
          _FP + "test_a_value_in_a_url_renders_as_the_general_path_renders_it"),
    _plan("part-js-int", "Part", "an `int` in an event handler: its digits between spaces",
          "runtime.attributes:part_text", "part",
          _FP + "test_a_value_in_an_event_handler_renders_as_the_general_path_renders_it"),
    _plan("part-js-direct", "Part", "any value in an event handler: `js_part`, `js_string_part`",
          "runtime.attributes:part_text", "part",
          _FP + "test_a_value_in_an_event_handler_renders_as_the_general_path_renders_it"),
    _plan("part-css-str", "Part", "a `str` CSS value in `style`: `css_value_text`",
          "runtime.attributes:part_text", "part",
          _FP + "test_a_css_value_in_a_style_attribute_renders_as_the_general_path_renders_it"),
    _plan("part-css-number", "Part", "an `int` or `float` CSS value in `style`",
          "runtime.attributes:part_text", "part",
          _FP + "test_a_css_value_in_a_style_attribute_renders_as_the_general_path_renders_it"),
    # -- in plans: tags -------------------------------------------------------------------
    _plan("plain-spread", "SpreadTag", "a `dict` of names seen on the tag: `plain_spread`",
          "runtime.tags:render_spread_tag", "spread_tag",
          _FP + "test_a_spread_of_a_plain_dict_renders_as_the_merged_tag_renders_it"),
    FastPath("tag-in-place", "lowering", "a tag whose attribute names cannot meet: in place",
             "runtime.tags:render_tag", "compiler/lower.py _lower_tag",
             "tests/compiler/test_tag_layouts.py::test_in_place_vs_merged"),
    FastPath("merged-once", "lowering", "a static `class`/`style` and one hole of its name",
             "runtime.tags:render_tag", "compiler/lower.py _lower_tag",
             _FP + "test_a_static_class_or_style_merged_with_a_hole_renders_as_the_merged_tag"),
    FastPath("component-verified", "Component",
             "`site.verified[0] is component`: called without its checks",
             "runtime.components:render_component",
             "compiler/lower.py _lower_component; runtime/components.py verify",
             "tests/runtime/test_components.py::"
             "test_a_checked_tag_calls_its_component_without_checking_again"),
    # -- at render time -------------------------------------------------------------------
    _runtime("render-text-template", "a `Template`: `render_str`", "runtime.text:render_text",
             "runtime/text.py render_text"),
    _runtime("render-text-int", "an `int`: `str()`", "runtime.text:render_text",
             "runtime/text.py render_text"),
    _runtime("render-list-template", "an item `Template`: its plan called inline",
             "runtime.text:render_text", "runtime/text.py render_list"),
    _runtime("render-list-str", "an item `str`: escaped", "runtime.text:render_text",
             "runtime/text.py render_list"),
    _runtime("attr-text-str", "a `str` (an item of a list too)", "runtime.attributes:attr_text",
             "runtime/attributes.py attr_text"),
    _runtime("attr-text-int", "an `int`", "runtime.attributes:attr_text",
             "runtime/attributes.py attr_text"),
    _runtime("attr-text-markup", "a `Markup`: its text", "runtime.attributes:attr_text",
             "runtime/attributes.py attr_text"),
    _runtime("attr-text-class-dict", "a `dict` for `class`: its true names",
             "runtime.attributes:attr_text", "runtime/attributes.py attr_text"),
    _runtime("whole-value-str", "a `str` of a plain or class value: escaped",
             "runtime.attributes:whole_value", "runtime/attributes.py whole_value"),
    _runtime("render-whole-plain", "a `str` or `int` of a plain value",
             "runtime.attributes:whole_value", "runtime/tags.py render_whole"),
    _runtime("spread-entry-plain", "an entry `str`, `int` or `None` of a plain attribute",
             "runtime.tags:render_whole", "runtime/tags.py spread_in_place"),
    _runtime("spread-tag-in-place", "a spread whose names meet no other: in place",
             "runtime.tags:render_tag", "runtime/tags.py render_spread_tag",
             _FP + "test_a_spread_whose_names_depend_on_the_element_renders_as_the_merged_tag"),
    _runtime("merged-tag-style", "a `str` or `dict` of `style` in a merged tag: `style_text`",
             "runtime.tags:render_whole", "runtime/tags.py render_tag",
             _FP + "test_a_merged_style_renders_as_render_whole_renders_it"),
    _runtime("srcset-str", "a `str` without `(`: one match, or split on commas",
             "runtime.srcset:parse_srcset", "runtime/attributes.py srcset_value",
             _FP + "test_a_srcset_renders_as_its_definition_renders_it"),
    _runtime("srcset-list", "a `list` or `tuple` of plain candidates: joined",
             "runtime.attributes:srcset_value", "runtime/srcset.py plain_candidates",
             _FP + "test_a_srcset_list_of_plain_candidates_is_joined_with_its_characters_encoded"),
    _runtime("srcset-url", "a plainly safe `str` URL: kept", "runtime.attributes:_url_text",
             "runtime/attributes.py srcset_value",
             _FP + "test_a_srcset_renders_as_its_definition_renders_it"),
    _runtime("js-string-str", "an exact `str`: its text as it is", "runtime.javascript:js_string",
             "runtime/javascript.py js_string"),
    _runtime("css-scalar-str", "an exact `str`: its text as it is", "runtime.css:_scalar_text",
             "runtime/css.py _scalar_text"),
    _runtime("json-dict", "a `dict`: JSON without the ABC checks", "runtime.scripted:json_value",
             "runtime/scripted.py json_value"),
    _runtime("style-str", "a `str` of declarations: its remembered text",
             "runtime.attributes:_style_text", "runtime/attributes.py style_text",
             _FP + "test_a_remembered_style_is_the_style_its_definition_gives"),
    _runtime("style-dict", "a `dict` of `str`: its remembered declarations",
             "runtime.attributes:_style_text", "runtime/attributes.py style_text",
             _FP + "test_a_remembered_style_is_the_style_its_definition_gives"),
    # -- memories: what the runtime derived from values it may see again -----------------
    _memory("url-piece-texts", "a URL piece's encoded text, by part and `str`",
            "runtime.attributes:url_piece", "runtime/attributes.py url_piece_str",
            _FP + "test_a_value_in_a_url_renders_as_the_general_path_renders_it"),
    _memory("markup-texts", "a `Markup`'s escaped text", "runtime.attributes:attr_part",
            "runtime/attributes.py markup_attribute",
            _FP + "test_the_remembered_text_of_markup_in_an_attribute_is_its_definition"),
    _memory("style-strings", "a `str` of declarations' escaped text",
            "runtime.attributes:_style_text", "runtime/attributes.py style_text",
            _FP + "test_a_remembered_style_is_the_style_its_definition_gives"),
    _memory("style-declarations", "a property and `str` value's declaration",
            "runtime.attributes:_style_text", "runtime/attributes.py _style_text",
            "tests/runtime/test_memory.py::"
            "test_style_dicts_of_a_user_theme_cannot_grow_memory_without_limit"),
    _memory("style-properties", "a property name checked, and whether it loads code",
            "runtime.escapers:is_css_property", "runtime/attributes.py _style_text"),
    _memory("css-value-texts", "a CSS value's escaped text", "runtime.css:css_value",
            "runtime/css.py css_value_text",
            _FP + "test_a_css_value_in_a_style_attribute_renders_as_the_general_path_renders_it"),
    _memory("css-verdicts", "a CSS value's verdict", "runtime.escapers:_filter_css_value",
            "runtime/escapers.py filter_css_value"),
    _memory("async-verdicts", "whether a class's values are async", "runtime.values:is_async",
            "runtime/values.py is_async",
            _FP + "test_a_class_registered_as_awaitable_later_is_refused_from_then_on"),
    _memory("attribute-names", "a name from data: lower-case form and kind",
            "runtime.tags:_name_info", "runtime/tags.py _name_info",
            _FP + "test_a_dict_of_keys_seen_before_renders_as_its_definition_renders_it"),
    _memory("data-names", "a `data`/`aria` entry's name, kind", "runtime.tags:_name_info",
            "runtime/tags.py _prefixed",
            _FP + "test_a_data_or_aria_dict_names_its_entries_as_its_definition_names_them"),
    _memory("component-signatures", "a component's parameters",
            "runtime.components:_inspect", "runtime/components.py _signature",
            "tests/runtime/test_components.py::test_signature_is_inspected_once_per_callable"),
    _memory("rule-lookups", "an attribute name's framework rule",
            "_spec:AttributeRules._best", "_spec.py AttributeRules.lookup",
            "tests/runtime/test_memory.py::test_a_spread_follows_a_rule_enabled_after_its_names_were_seen"),
    _memory("message-ids", "a t-string's message id", "i18n.messages:id_of",
            "i18n/messages.py _id_and_names"),
    _memory("script-splits", "a `script()` source split into strings and names",
            "_script:_split", "_script.py script"),
)  # fmt: skip

NAMES: Final = frozenset(entry.name for entry in TABLE)


def _switched_off(setting: str) -> frozenset[str]:
    """The names ``HTMLTEMPLATES_SLOW_PATHS`` turns off: none, all, or those listed."""
    setting = setting.strip()
    if setting in ("", "0"):
        return frozenset()
    if setting in ("1", "all"):
        return NAMES
    names = {name.strip() for name in setting.split(",") if name.strip()}
    unknown = sorted(names - NAMES)
    if unknown:
        raise ValueError(
            f"HTMLTEMPLATES_SLOW_PATHS names no fast path {', '.join(unknown)}: write 1 or all "
            f"(every one), or some of {', '.join(entry.name for entry in TABLE)}"
        )
    return frozenset(names)


VARIABLE: Final = "HTMLTEMPLATES_SLOW_PATHS"  # the switch, read once, here only
OFF: Final = _switched_off(os.environ.get(VARIABLE, ""))
ALL_ON: Final = not OFF


def on(name: str) -> bool:
    """Whether the fast path ``name`` is taken (asked at compile time, or once at import)."""
    if name not in NAMES:
        raise KeyError(f"no fast path {name!r} in the table (htmltemplates/_fastpaths.py)")
    return name not in OFF


class _NoValue:
    """The class of no value: what ``fast()`` gives for an entry switched off."""


def fast[T](name: str, cls: type[T]) -> type[T]:
    """``cls``, or when the fast path ``name`` is off a class that no value has: bound once to
    a module constant, so that a class test against it costs what ``cls is str`` costs."""
    return cls if on(name) else _NoValue  # type: ignore[return-value]
