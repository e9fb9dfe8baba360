"""The language server, driven as an editor drives it: `python -m htmltemplates lsp` started
as a process, spoken to over stdin and stdout by pygls's LanguageClient. Each test opens
documents that are never saved (their paths do not exist unless a test writes them)."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from htmltemplates.tooling.vocabulary import ELEMENTS

pytestmark = pytest.mark.no_streamcheck


class Editor:
    """A client with the diagnostics the server published, by document."""

    def __init__(self, client: LanguageClient) -> None:
        self.client = client
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.arrived = asyncio.Event()
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}

    def on_publish(self, params: types.PublishDiagnosticsParams) -> None:
        self.published.setdefault(params.uri, []).append(params)
        self.arrived.set()

    async def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """The diagnostics of the document's current version, once published."""
        while True:
            for params in reversed(self.published.get(uri, [])):
                if params.version == self.versions[uri]:
                    return list(params.diagnostics)
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), 20)

    def open(self, path: Path, text: str) -> str:
        uri = from_fs_path(str(path)) or str(path)
        self.versions[uri], self.texts[uri] = 1, text
        language = "markdown" if path.suffix == ".md" else "python"
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id=language, version=1, text=text
                )
            )
        )
        return uri

    def change(self, uri: str, text: str) -> None:
        self.versions[uri] += 1
        self.texts[uri] = text
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=uri, version=self.versions[uri]
                ),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    async def hover(self, uri: str, line: int, character: int) -> str | None:
        found = await self.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        )
        if found is None:
            return None
        assert isinstance(found.contents, types.MarkupContent)
        return found.contents.value

    async def definition(self, uri: str, line: int, character: int) -> types.Location | None:
        found = await self.client.text_document_definition_async(
            types.DefinitionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        )
        assert found is None or isinstance(found, types.Location)
        return found

    async def completions(self, uri: str, line: int, character: int) -> list[str]:
        found = await self.client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        )
        assert isinstance(found, types.CompletionList)
        return [item.label for item in found.items]

    async def fixed(self, uri: str, diagnostic: types.Diagnostic) -> list[tuple[str, str]]:
        """Each quick fix offered for ``diagnostic``: its title, and the text it makes."""
        actions = await self.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        )
        found = []
        for action in actions or []:
            assert isinstance(action, types.CodeAction)
            assert action.edit is not None
            assert action.edit.changes is not None
            found.append((action.title, _applied(self.texts[uri], action.edit.changes[uri])))
        return found


def _applied(text: str, edits: list[types.TextEdit]) -> str:
    """``text`` with ``edits`` made (positions in UTF-16 units, as the client asked)."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        line = lines[position.line]
        units = column = 0
        while units < position.character:
            units += 2 if ord(line[column]) > 0xFFFF else 1
            column += 1
        return sum(len(row) + 1 for row in lines[: position.line]) + column

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))[::-1]:
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text


@contextlib.asynccontextmanager
async def editor(root: Path) -> AsyncIterator[Editor]:
    client = LanguageClient("pytest", "1")
    session = Editor(client)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        session.on_publish(params)

    await client.start_io(sys.executable, "-m", "htmltemplates", "lsp", cwd=str(root))
    try:
        await client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=from_fs_path(str(root)),
            )
        )
        client.initialized(types.InitializedParams())
        yield session
        await asyncio.wait_for(client.shutdown_async(None), 20)
        client.exit(None)
    finally:
        server = client._server  # the process start_io started (pygls keeps it there)
        try:
            await asyncio.wait_for(asyncio.shield(server.wait()), 5)  # type: ignore[union-attr]
        except TimeoutError:  # a failed test left it running: not shut down
            server.kill()  # type: ignore[union-attr]
            errors = await server.stderr.read()  # type: ignore[union-attr]
            if errors:
                print(errors.decode(), file=sys.stderr)
        await client.stop()


def run(root: Path, scenario: Callable[[Editor], Awaitable[None]]) -> None:
    async def main() -> None:
        async with editor(root) as session:
            await scenario(session)

    asyncio.run(main())


PAGE = textwrap.dedent(
    '''\
    from string.templatelib import Template

    from htmltemplates import html


    def Card(*, title: str, count: int = 0, children: Template | None = None) -> Template:
        """A card with a title, and what it holds."""
        return t"<section><h2>{title}</h2>{children}</section>"


    def page(name: str, url: str) -> str:
        return html(t"<p class=note>{name}</p><a href={url}>x</a><{Card} title={name} />")
    '''
)


# -- diagnostics ---------------------------------------------------------------------------


def test_diagnostics_on_open_and_on_every_change_without_saving(tmp_path: Path) -> None:
    async def scenario(editor: Editor) -> None:
        uri = editor.open(
            tmp_path / "page.py", 'from htmltemplates import html\nhtml(t"<p {1}=x>")\n'
        )
        [found] = await editor.diagnostics(uri)
        assert found.range == types.Range(
            start=types.Position(line=1, character=10), end=types.Position(line=1, character=13)
        )
        assert (found.severity, found.code, found.source) == (
            types.DiagnosticSeverity.Error,
            "attribute-name",
            "htmltemplates",
        )
        assert found.message == (
            "interpolation inside an attribute name\n\n<p {1}=x>\n   ^^^\n\nWrite the attribute "
            "name in the template (name={value}), or spread a dict of attributes with "
            "whitespace around it: <a {attrs} id=x>. See docs/errors.md#attribute-name "
            "(python -m htmltemplates doc attribute-name)."
        )
        # typed, not saved: a warning instead, then nothing
        editor.change(uri, 'from htmltemplates import html\nhtml(t"<div><p>x</span></div>")\n')
        [warning] = await editor.diagnostics(uri)
        assert (warning.severity, warning.code) == (
            types.DiagnosticSeverity.Warning,
            "stray-end-tag",
        )
        assert (warning.range.start.character, warning.range.end.character) == (16, 23)
        editor.change(uri, 'from htmltemplates import html\nhtml(t"<div><p>x</p></div>")\n')
        assert await editor.diagnostics(uri) == []

    run(tmp_path, scenario)
    assert not (tmp_path / "page.py").exists()


def test_changes_in_a_burst_are_checked_once_for_the_last(tmp_path: Path) -> None:
    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", "x = 1\n")
        assert await editor.diagnostics(uri) == []
        for n in range(10):
            editor.change(uri, f'from htmltemplates import html\nhtml(t"<p {{{n}}}=x>")\n')
        [found] = await editor.diagnostics(uri)
        assert found.code == "attribute-name"
        # the first (on open) and the last version were checked, and between them at most the
        # first change (checked at once if it came after a pause), not each one
        versions = [p.version for p in editor.published[uri]]
        assert versions in ([1, 11], [1, 2, 11])

    run(tmp_path, scenario)


def test_columns_are_utf16_units_as_the_client_counts_them(tmp_path: Path) -> None:
    async def scenario(editor: Editor) -> None:
        text = 'from htmltemplates import html\nhtml(t"<p>😀</p {1}=x>")\n'
        uri = editor.open(tmp_path / "page.py", text)
        [found] = await editor.diagnostics(uri)
        # 😀 is one character and two UTF-16 units: the hole, character 15, is at unit 16
        assert (found.range.start.character, found.range.end.character) == (16, 19)

    run(tmp_path, scenario)


def test_a_markdown_file_has_its_python_blocks_checked(tmp_path: Path) -> None:
    text = textwrap.dedent(
        """\
        # A page

        Some text.

        - a list item with code in it:

          ```python
          from htmltemplates import html
          shown = html(t"<p {name}=1>")
          ```
        """
    )

    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.md", text)
        [found] = await editor.diagnostics(uri)
        assert found.code == "attribute-name"
        assert found.range == types.Range(
            start=types.Position(line=8, character=20), end=types.Position(line=8, character=26)
        )

    run(tmp_path, scenario)


def test_the_excludes_and_ignores_of_pyproject_apply(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.htmltemplates]\nexclude = ["generated/"]\n'
        '[tool.htmltemplates.per-file-ignores]\n"tests/" = ["template-from-str"]\n'
    )
    source = "from string.templatelib import Template\nbefore = '<p>'\nTemplate(before)\n"

    async def scenario(editor: Editor) -> None:
        page = editor.open(tmp_path / "page.py", source)
        test = editor.open(tmp_path / "tests" / "test_page.py", source)
        generated = editor.open(tmp_path / "generated" / "page.py", 'html(t"<p {1}=x>")\n')
        assert [d.code for d in await editor.diagnostics(page)] == ["template-from-str"]
        assert await editor.diagnostics(test) == []
        assert await editor.diagnostics(generated) == []

    run(tmp_path, scenario)


def test_on_save_mypy_checks_the_props_types(tmp_path: Path) -> None:
    text = PAGE + 'html(t"<{Card} title={1} />")\n'

    async def scenario(editor: Editor) -> None:
        (tmp_path / "page.py").write_text(text)
        uri = editor.open(tmp_path / "page.py", text)
        assert await editor.diagnostics(uri) == []
        editor.published.clear()
        editor.client.text_document_did_save(
            types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        [found] = await editor.diagnostics(uri)
        assert (found.code, found.range.start, found.range.end) == (
            "prop-type",
            types.Position(line=12, character=21),
            types.Position(line=12, character=24),
        )
        assert found.message.startswith(
            '<{Card}>: Argument "title" to "Card" has incompatible type "int"; expected "str"'
        )
        # typed again, the text is not what mypy read: its findings wait for the next save
        editor.change(uri, text + "\n")
        assert await editor.diagnostics(uri) == []

    run(tmp_path, scenario)


# -- hover ----------------------------------------------------------------------------------


def test_hover_on_a_hole_says_what_html_does_with_its_value(tmp_path: Path) -> None:
    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", PAGE)
        line = PAGE.split("\n")[11]
        said = await editor.hover(uri, 11, line.index("{url}") + 2)
        assert said == (
            "`{url}` → attribute href of <a>, unquoted: URL\n\n"
            "| value | html() writes |\n|---|---|\n"
            "| str | scheme-filtered: a scheme other than http, https, mailto, tel becomes "
            "about:invalid#htmltemplates; then escaped |\n"
            "| TrustedURL, TrustedResourceURL | kept as it is (no scheme filter) |\n"
            "| True | the bare attribute |\n"
            "| None, False | the attribute is removed |\n"
            "| Template, dict, bytes | refused: RenderError |\n\n"
            "See `docs/attributes.md#url-attributes`"
        )
        text = await editor.hover(uri, 11, line.index("{name}</p>") + 1)
        assert text is not None
        assert text.startswith("`{name}` → text\n\n| value | html() writes |\n|---|---|\n")
        assert text.endswith("\n\nSee `docs/index.md#values-in-text-content`")
        # static text and code outside a template: nothing to say
        assert await editor.hover(uri, 11, line.index("class")) is None
        assert await editor.hover(uri, 10, 5) is None

    run(tmp_path, scenario)


def test_hover_on_a_component_tag_shows_its_signature_and_docstring(tmp_path: Path) -> None:
    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", PAGE)
        line = PAGE.split("\n")[11]
        assert await editor.hover(uri, 11, line.index("{Card}")) == (
            "```python\ndef Card(*, title: str, count: int=0, children: Template | None=None)"
            " -> Template\n```\n\nA card with a title, and what it holds."
        )
        assert await editor.hover(uri, 11, line.index("title=") + 2) == (
            "```python\ntitle: str\n```\nprop of `Card`"
        )

    run(tmp_path, scenario)


def test_hover_on_a_template_html_refuses_says_why(tmp_path: Path) -> None:
    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", 'x = 1\nhtml(t"<p {x}=1>{x}</p>")\n')
        assert await editor.hover(uri, 1, 17) == (
            "**refused by html()**: interpolation inside an attribute name\n\nWrite the "
            "attribute name in the template (name={value}), or spread a dict of attributes "
            "with whitespace around it: <a {attrs} id=x>."
        )

    run(tmp_path, scenario)


# -- go to definition -------------------------------------------------------------------------


def test_definition_of_a_component_and_of_a_prop(tmp_path: Path) -> None:
    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", PAGE)
        line = PAGE.split("\n")[11]
        found = await editor.definition(uri, 11, line.index("{Card}") + 3)
        assert found == types.Location(
            uri=uri,
            range=types.Range(
                start=types.Position(line=5, character=4), end=types.Position(line=5, character=8)
            ),
        )
        found = await editor.definition(uri, 11, line.index("title=") + 1)
        assert found is not None
        assert (found.range.start, found.range.end) == (
            types.Position(line=5, character=12),
            types.Position(line=5, character=17),
        )

    run(tmp_path, scenario)


def test_definition_of_a_component_imported_from_another_module(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "cards.py").write_text(
        "# cards\n\n\ndef Badge(*, label: str) -> object:\n    return t'<b>{label}</b>'\n"
    )
    text = (
        "from htmltemplates import html\nfrom .cards import Badge\n\nhtml(t'<{Badge} label=x />')\n"
    )

    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "app" / "views.py", text)
        found = await editor.definition(uri, 3, 9)
        assert found == types.Location(
            uri=from_fs_path(str(tmp_path / "app" / "cards.py")) or "",
            range=types.Range(
                start=types.Position(line=3, character=4), end=types.Position(line=3, character=9)
            ),
        )
        found = await editor.definition(uri, 3, 17)
        assert found is not None
        assert (found.range.start.line, found.range.start.character) == (3, 13)

    run(tmp_path, scenario)


# -- completion -----------------------------------------------------------------------------


def test_completion_of_elements_attributes_and_props(tmp_path: Path) -> None:
    text = PAGE + '\nhtml(t"<ul><li><a hr")\nhtml(t"<p>x</p><")\nhtml(t"<{Card} title=x ")\n'

    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", text)
        lines = text.split("\n")
        attributes = await editor.completions(uri, 13, len(lines[13]) - 2)
        assert attributes[:9] == [
            "href",
            "target",
            "download",
            "ping",
            "rel",
            "hreflang",
            "type",
            "referrerpolicy",
            "accesskey",
        ]
        assert {"hx-get", "hx-target", "x-data", "@click", "class"} <= set(attributes)
        assert await editor.completions(uri, 14, len(lines[14]) - 2) == list(ELEMENTS)
        # the props not written yet: children are given between the tags
        assert await editor.completions(uri, 15, len(lines[15]) - 2) == ["count"]
        # in text, and outside templates: nothing
        assert await editor.completions(uri, 14, lines[14].index("x<") + 1) == []
        assert await editor.completions(uri, 1, 0) == []

    run(tmp_path, scenario)


# -- quick fixes ----------------------------------------------------------------------------


def test_quick_fixes_apply_what_the_message_says(tmp_path: Path) -> None:
    text = textwrap.dedent(
        """\
        from flask import Flask

        from htmltemplates import html


        def Counter(*, count: int) -> object:
            return t"<b>{count}</b>"


        def page(name: str, path: str) -> list[str]:
            return [
                html(t'<a title=a"b{name}>x</a>'),
                html(t"<link href=/{path} rel=stylesheet>"),
                html(t"<{Counter} count=3 />"),
            ]
        """
    )
    lines = text.split("\n")
    expected = {
        "unquoted-value": (
            "Quote the attribute value",
            {11: lines[11].replace('title=a"b{name}>', "title='a\"b{name}'>")},
        ),
        "resource-url": (
            "Load it with static_url()",
            {12: lines[12].replace("href=/{path}", "href={static_url(path)}")},
        ),
        "static-prop": ("Write count={3}", {13: lines[13].replace("count=3", "count={3}")}),
    }

    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", text)
        found = {d.code: d for d in await editor.diagnostics(uri)}
        assert set(found) == set(expected)
        for code, (title, changed) in expected.items():
            fixed_lines = [changed.get(n, line) for n, line in enumerate(lines)]
            if code == "resource-url":  # and the import, after the module's imports
                fixed_lines.insert(3, "from htmltemplates.integrations.flask import static_url")
            [(shown, fixed)] = await editor.fixed(uri, found[code])
            assert (shown, fixed) == (title, "\n".join(fixed_lines))
            # the fixed text has that fault no more
            editor.change(uri, fixed)
            assert code not in {d.code for d in await editor.diagnostics(uri)}
            editor.change(uri, text)
            await editor.diagnostics(uri)

    run(tmp_path, scenario)


def test_no_fix_is_offered_where_no_edit_is_certain(tmp_path: Path) -> None:
    # no framework imported: which static_url() is meant is not known
    text = "from htmltemplates import html\nhtml(t'<link href=/{p} rel=x>')\n"

    async def scenario(editor: Editor) -> None:
        uri = editor.open(tmp_path / "page.py", text)
        [found] = await editor.diagnostics(uri)
        assert found.code == "resource-url"
        assert await editor.fixed(uri, found) == []

    run(tmp_path, scenario)


def test_without_pygls_the_command_says_which_extra_to_install() -> None:
    code = (
        "import runpy, sys; sys.modules['pygls'] = None; sys.argv = ['htmltemplates', 'lsp'];"
        "runpy.run_module('htmltemplates', run_name='__main__')"
    )
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (
        2,
        "python -m htmltemplates lsp needs pygls: pip install 'htmltemplates[lsp]'\n",
    )
