"""The differential corpus (tests/support/corpus.py): what it records of a render, how it
compares two runs, and that the plugin does nothing unless asked."""

import os
import secrets
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from string.templatelib import Template

import corpus
import pytest

from htmltemplates import TemplateSyntaxError, TrustedURL, csp_nonce, html
from htmltemplates.integrations.flask import stream_html

SUPPORT = Path(__file__).parents[1] / "support"


def box(children: object) -> Template:
    return t"<div>{html(t'<b>{children}</b>')}</div>"  # a render nested in another one


def test_records_each_top_level_render_with_its_result() -> None:
    recorder = corpus.Recorder(frozenset({"test_corpus.py"}))
    x = "<i>"
    tag = "p"
    recorder.start()
    try:
        with recorder.scope("test"):
            html(t"<p>{x}</p>")
            html(t"<{box}>{x}</{box}>")
            with pytest.raises(TemplateSyntaxError) as syntax:
                html(t"<{tag} class=x>")  # a tag name and an unclosed tag: the first one wins
            with pytest.raises(TypeError):
                html("<p>")  # type: ignore[arg-type]
            TrustedURL(t"https://example.com/{x}")
            TrustedURL("https://example.com/")  # a literal: nothing to record
            with csp_nonce(secrets.token_urlsafe(16)):
                html(t"<script>f()</script>")
            thread = threading.Thread(target=lambda: html(t"<em>{x}</em>"))
            thread.start()
            thread.join()
            items = [t"<li>0</li>", t"<li><{box}>1</{box}></li>"]  # box renders as it streams
            assert "<ul><li>0</li><li><div><b>1</b></div></li></ul>" == "".join(
                stream_html(t"<ul>{items}</ul>", chunk_size=0).response
            )
    finally:
        recorder.stop()
    error = syntax.value
    assert "  test_corpus.py, line " in str(error)
    assert [] == recorder.faults
    assert [
        {
            "key": "test#0",
            "kind": "html",
            "template": "<p>{x}</p>",
            "values": ["'<i>'"],
            "result": {"output": "<p>&lt;i&gt;</p>"},
        },
        {
            "key": "test#1",
            "kind": "html",
            "template": "<{box}>{x}</{box}>",
            "values": ["<builtins.function>", "'<i>'", "<builtins.function>"],
            "result": {"output": "<div><b>&lt;i&gt;</b></div>"},
        },
        {
            "key": "test#2",
            "kind": "html",
            "template": "<{tag} class=x>",
            "values": ["'p'"],
            "result": {
                "error": "TemplateSyntaxError",
                "anchor": error.anchor,
                "message": str(error),
            },
        },
        {
            "key": "test#3",
            "kind": "html",
            "template": "<not a template: '<p>'>",
            "values": [],
            "result": {
                "error": "TypeError",
                "anchor": None,
                "message": 'html() takes a template string (t"..."), not a str. Did you write '
                'f"..." where you meant t"..."? An f-string has already inserted its values '
                "unescaped.",
            },
        },
        {
            "key": "test#4",
            "kind": "TrustedURL",
            "template": "https://example.com/{x}",
            "values": ["'<i>'"],
            "result": {"output": "https://example.com/%3Ci%3E"},
        },
        {
            "key": "test#5",
            "kind": "html",
            "template": "<script>f()</script>",
            "values": [],
            "result": {"output": '<script nonce="<random 0>">f()</script>'},
        },
        {
            "key": "test#6",
            "kind": "stream_html",
            "template": "<ul>{items}</ul>",
            "values": ["<list of 2>"],
            "result": {
                # a component tag is a cut point: it is called after what is before it is sent
                "chunks": ["<ul><li>0</li><li>", "<div><b>1</b></div></li></ul>"],
                "end": "complete",
            },
        },
        {
            "key": "test#t0",
            "kind": "html",
            "template": "<em>{x}</em>",
            "values": ["'<i>'"],
            "result": {"output": "<em>&lt;i&gt;</em>"},
        },
    ] == recorder.records


def test_the_caller_line_of_a_file_outside_the_tests_is_normalised() -> None:
    recorder = corpus.Recorder()  # no file is stable
    tag = "p"
    recorder.start()
    try:
        with recorder.scope("test"), pytest.raises(TemplateSyntaxError) as syntax:
            html(t"<{tag}>")
    finally:
        recorder.stop()
    message = str(syntax.value)
    caller = next(line for line in message.splitlines() if "test_corpus.py, line" in line)
    assert (
        message.replace(caller, "  test_corpus.py, line ?")
        == (recorder.records[0]["result"]["message"])
    )


def test_a_stream_not_read_to_the_end() -> None:
    recorder = corpus.Recorder()

    def items() -> Iterator[Template]:
        return (t"<li>{n}</li>" for n in range(3))

    recorder.start()
    try:
        with recorder.scope("test"):
            closed = stream_html(t"<ul>{items()}</ul>", chunk_size=0)
            chunks = iter(closed.response)
            assert "<ul>" == next(chunks)
            closed.close()
            stream_html(t"<ol>{items()}</ol>")  # never read
    finally:
        recorder.stop()
    assert [
        {"chunks": ["<ul>"], "end": "closed"},
        {"chunks": [], "end": "not read to the end"},
    ] == [record["result"] for record in recorder.records]


def test_normalise() -> None:
    now = datetime.now(UTC)
    text = (
        f"<object object at 0x7f3a2b> {now.isoformat(timespec='seconds')} "
        f"{now:%d %b %Y, %H:%M} UTC, not 1999-12-31T23:59:59+00:00\n"
        "  views.py, line 12\n"
        "  test_x.py, line 3\n"
    )
    assert (
        "<object object at 0x?> <now> <now> UTC, not 1999-12-31T23:59:59+00:00\n"
        "  views.py, line ?\n"
        "  test_x.py, line 3\n"
    ) == corpus.normalise(text, frozenset({"test_x.py"}))


def test_normalise_what_flask_wtf_pytest_and_the_guestbook_vary() -> None:
    now = datetime.now(UTC)
    text = (
        '<a href="/x/%3Cobject%20object%20at%200x7fe2a7139400%3E">\n'
        '<input type="hidden" name="csrf_token" value="ImE4ZT.axSGRg.xUs9x_-HQ">\n'
        "/tmp/pytest-of-root/pytest-308/test_a_0/rows.py\n"
        f'<time datetime="{now.isoformat(timespec="seconds")}">05 déc. 2026, 21:46 UTC</time>\n'
        '<time datetime="1999-12-31T23:59:59+00:00">31 déc. 1999, 23:59 UTC</time>'
    )
    assert (
        '<a href="/x/%3Cobject%20object%20at%200x?%3E">\n'
        '<input type="hidden" name="csrf_token" value="<csrf token>">\n'
        "/tmp/pytest-of-?/pytest-?/test_a_0/rows.py\n"
        '<time datetime="<now>"><now></time>\n'
        '<time datetime="1999-12-31T23:59:59+00:00">31 déc. 1999, 23:59 UTC</time>'
    ) == corpus.normalise(text)


def _record(
    key: str, output: str, template: str = "<p>{x}</p>", values: tuple[str, ...] = ()
) -> dict[str, object]:
    return {
        "key": key,
        "kind": "html",
        "template": template,
        "values": list(values),
        "result": {"output": output},
    }


def test_compare_by_key() -> None:
    before = [_record("a#0", "<p>1</p>"), _record("a#1", "<p>2</p>"), _record("gone#0", "x")]
    after = [_record("a#0", "<p>1</p>"), _record("a#1", "<p>3</p>"), _record("added#0", "y")]
    comparison = corpus.compare(before, after)
    assert not comparison.identical
    assert [
        "corpus: 3 calls recorded, 3 in this run; 2 compared: 1 identical, 1 different; "
        "1 missing (recorded, not made now), 1 new (made now, not recorded)",
        "",
        "DIFFERENT a#1 (html)",
        "  template: '<p>{x}</p>'",
        "  --- expected",
        "  +++ actual",
        "  @@ -1 +1 @@",
        "  -output| <p>2</p>",
        "  +output| <p>3</p>",
        "missing: gone#0  '<p>{x}</p>'",
        "new: added#0  '<p>{x}</p>'",
    ] == comparison.report()
    assert corpus.compare(before, before).identical


def test_the_plugin_records_compares_and_is_inert_unless_asked(tmp_path: Path) -> None:
    module = tmp_path / "test_sample.py"
    saved = tmp_path / "corpus.jsonl.gz"
    environment = {**os.environ, "PYTHONPATH": str(SUPPORT)}

    def pytest_run(*options: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "pytest", "-p", "corpus", "-p", "no:cacheprovider"]
        return subprocess.run(
            [*command, "-q", "--rootdir", str(tmp_path), *options, str(module)],
            cwd=tmp_path,
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )

    def sample(value: str) -> None:
        module.write_text(
            "import sys\n"
            "from htmltemplates import html\n"
            "def test_one():\n"
            f"    value = {value!r}\n"
            "    html(t'<p>{value}</p>')\n"
            "def test_inert():\n"
            "    assert [None, None] == [sys.monitoring.get_tool(i) for i in (3, 4)]\n"
        )

    sample("<b>")
    inert = pytest_run("-k", "inert")  # loaded, not asked to record: watches nothing
    assert 0 == inert.returncode, inert.stdout
    assert "corpus" not in inert.stdout
    record = pytest_run("-k", "one", f"--corpus-record={saved}")
    assert 0 == record.returncode, record.stdout
    assert f"corpus: 1 calls written to {saved} (0 by 0 property tests)" in record.stdout
    assert [
        _record("test_sample.py::test_one#0", "<p>&lt;b&gt;</p>", "<p>{value}</p>", ("'<b>'",))
    ] == corpus.read(saved)
    same = pytest_run("-k", "one", f"--corpus-compare={saved}")
    assert 0 == same.returncode, same.stdout
    assert "1 compared: 1 identical, 0 different" in same.stdout
    sample("<i>")
    changed = pytest_run("-k", "one", f"--corpus-compare={saved}")
    assert 1 == changed.returncode, changed.stdout
    assert "1 compared: 0 identical, 1 different" in changed.stdout
    assert "DIFFERENT test_sample.py::test_one#0 (html)" in changed.stdout
    assert "  -output| <p>&lt;b&gt;</p>\n  +output| <p>&lt;i&gt;</p>\n" in changed.stdout
