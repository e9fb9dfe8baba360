"""The memories of the runtime (htmltemplates/_memory.py): bounded in bytes whatever values
come, forgotten with the plan cache and when the attribute rules change, and never left
holding a verdict of rules that changed while it was computed."""

import threading
from collections.abc import Iterator

import pytest

from htmltemplates import _spec, attribute_rules, clear_cache, html
from htmltemplates._memory import MAX_MEMORY_BYTES, Memory, memories


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    clear_cache()
    yield
    if "vue" in attribute_rules.sets():
        attribute_rules.remove("vue")
    clear_cache()


@pytest.mark.fast_path("script-splits")  # (a memory switched off keeps nothing)
def test_a_memory_keeps_what_fits_in_its_bytes() -> None:
    memory = Memory[str, str]("script-splits", max_bytes=1_000, detail="test: small")
    for k in range(100):
        assert f"text {k}" == memory.add(f"value {k}", f"text {k}")
    assert 0 < len(memory.entries) < 100
    assert memory.size <= 1_000
    assert memory.entries["value 0"] == "text 0"
    assert "value 99" not in memory.entries
    memory.clear()
    assert ({}, 0) == (memory.entries, memory.size)


@pytest.mark.fast_path("style-declarations")
def test_style_dicts_of_a_user_theme_cannot_grow_memory_without_limit() -> None:
    # custom properties from data: each a new key of the declaration memory
    for k in range(20_000):
        theme = {f"--user-colour-{k}": f"#{k:06x}", "color": "red"}
        assert f'<p style="--user-colour-{k}: #{k:06x}; color: red">x</p>' == html(
            t"<p style={theme}>x</p>"
        )
    entries, size = memories()["style-declarations"]
    assert 1_000 < entries < 20_000
    assert size <= MAX_MEMORY_BYTES


# (a memory switched off keeps nothing: within its bytes too)
def test_every_memory_stays_within_its_bytes() -> None:
    for k in range(5_000):
        value = f"{k}" * 40
        html(t'<p style="color: {value}" title={value} data={ {value: value} }>{value}</p>')
        html(t'<a href="/search?q={value}" style={ {"--x" + value: value} }>x</a>')
    for name, (_entries, size) in memories().items():
        assert size <= MAX_MEMORY_BYTES, name


def test_the_memories_are_forgotten_with_the_plan_cache() -> None:
    html(t"<p style={ {'color': 'red'} } data={ {'x': 1} }>x</p>")
    clear_cache()
    assert all(entries == 0 for entries, _ in memories().values())


def test_a_rule_change_waits_for_a_verdict_being_computed() -> None:
    # A thread computes the context of "v-on:click" under the old rules, held half-way; the
    # rules then change in another thread. The change waits for the verdict (and forgets it):
    # the lookup after both sees the new rule.
    computing, release = threading.Event(), threading.Event()
    original = _spec._most_specific

    def slow_most_specific(rules: dict[str, str], name: str) -> tuple[str, str] | None:
        if name == "v-on:click" and threading.current_thread().name == "lookup":
            computing.set()
            release.wait(5)
        return original(rules, name)

    _spec._most_specific = slow_most_specific  # type: ignore[assignment]
    try:
        looking = threading.Thread(
            target=attribute_rules.lookup, args=("v-on:click",), name="lookup"
        )
        looking.start()
        assert computing.wait(5)
        changing = threading.Thread(
            target=attribute_rules.add, args=("vue", {"v-on:*": "javascript"})
        )
        changing.start()
        changing.join(0.2)  # blocked until the verdict is stored (the old code did not wait)
        release.set()
        looking.join(5)
        changing.join(5)
    finally:
        _spec._most_specific = original  # type: ignore[assignment]
    assert ("javascript", "click") == attribute_rules.lookup("v-on:click")


def test_a_spread_follows_a_rule_enabled_after_its_names_were_seen() -> None:
    attrs = {"v-on:click": "go()"}
    assert '<button v-on:click="go()">x</button>' == html(t"<button {attrs}>x</button>")
    attribute_rules.add("vue", {"v-on:*": "javascript"})
    with pytest.raises(Exception, match="v-on:click"):
        html(t"<button {attrs}>x</button>")
