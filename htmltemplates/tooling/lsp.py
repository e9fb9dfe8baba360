"""``python -m htmltemplates lsp``: a language server (LSP over stdin and stdout, built on
pygls: ``pip install htmltemplates[lsp]``) that brings the checker and explain() into the
editor: diagnostics as you type, hover, go to definition, completion and quick fixes. What it
says comes from tooling/editor.py; this module speaks the protocol."""

from __future__ import annotations

import argparse
import asyncio
import os
import re

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .editor import Document, Span
from .report import Finding
from .typecheck import type_findings

__all__ = ["DEBOUNCE", "main", "server"]

# seconds: a change that comes this long after the last check is checked at once; one that
# comes sooner (typing) is checked this long after the last change of the burst
DEBOUNCE = 0.03
_LINES = re.compile(r"\r\n|\r|\n")


def _units(text: str, encoding: str) -> int:
    """The length of ``text`` in the client's code units."""
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == "utf-32":
        return len(text)
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


class _Text:
    """A document's text with the client's position encoding: converts places."""

    def __init__(self, text: str, encoding: str) -> None:
        self.lines = _LINES.split(text)
        self.encoding = encoding

    def to_client(self, line: int, column: int) -> types.Position:
        if line >= len(self.lines):
            return types.Position(line=len(self.lines), character=0)
        return types.Position(line=line, character=_units(self.lines[line][:column], self.encoding))

    def from_client(self, position: types.Position) -> tuple[int, int]:
        if position.line >= len(self.lines):
            return position.line, 0
        text, units, column = self.lines[position.line], 0, 0
        while column < len(text) and units < position.character:
            units += _units(text[column], self.encoding)
            column += 1
        return position.line, column

    def range(self, span: Span) -> types.Range:
        return types.Range(
            start=self.to_client(span.line, span.column),
            end=self.to_client(span.end_line, span.end_column),
        )


class TemplateServer(LanguageServer):
    """The server, with the pending check of each document."""

    def __init__(self) -> None:
        super().__init__("htmltemplates", "0.1.0")
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.checked: dict[str, float] = {}  # when each document was last checked (loop time)
        # the props' type errors mypy found at the last save, by document: (version, found)
        self.typed: dict[str, tuple[int | None, list[Finding]]] = {}
        self.typing: dict[str, asyncio.Task[None]] = {}

    def document(self, uri: str) -> tuple[Document, _Text]:
        opened = self.workspace.get_text_document(uri)
        path = to_fs_path(uri) or uri
        encoding = str(self.workspace.position_encoding or "utf-16")
        return Document(path, opened.source), _Text(opened.source, encoding)

    def schedule(self, uri: str) -> None:
        """Check the document now if it was not checked in the last DEBOUNCE seconds, else
        DEBOUNCE seconds after its last change: the first change after a pause is shown at
        once, and a burst of typing is checked once more, for its last version."""
        loop = asyncio.get_running_loop()
        previous = self.pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        elif loop.time() - self.checked.get(uri, -DEBOUNCE) >= DEBOUNCE:
            self.publish(uri)
            return
        self.pending[uri] = loop.create_task(self._check_later(uri))

    async def _check_later(self, uri: str) -> None:
        await asyncio.sleep(DEBOUNCE)
        self.pending.pop(uri, None)
        self.publish(uri)

    def check_types(self, uri: str) -> None:
        """Have mypy check the props of the saved document (``check --types``), in a thread;
        its findings are shown until the text changes, and again at the next save."""
        previous = self.typing.pop(uri, None)
        if previous is not None:
            previous.cancel()
        version = self.workspace.get_text_document(uri).version
        document, _text = self.document(uri)

        async def run() -> None:
            found = await asyncio.to_thread(_type_findings, document)
            self.typed[uri] = (version, found)
            self.typing.pop(uri, None)
            self.publish(uri)

        self.typing[uri] = asyncio.get_running_loop().create_task(run())

    def publish(self, uri: str) -> None:
        document, text = self.document(uri)
        version = self.workspace.get_text_document(uri).version
        findings = document.findings()
        typed_version, typed = self.typed.get(uri, (None, []))
        if typed_version == version:
            findings += typed
        diagnostics = [_diagnostic(finding, text) for finding in findings]
        self.checked[uri] = asyncio.get_running_loop().time()
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics)
        )


def _type_findings(document: Document) -> list[Finding]:
    """What ``check --types`` finds in the document's file as saved (none without mypy, or
    for a file the project excludes)."""
    if not os.path.isfile(document.path) or document.shown_path() is None:
        return []
    findings = document.findings()
    reported = frozenset((finding.path, finding.line, finding.col) for finding in findings)
    try:
        return type_findings([document.path], reported)
    except ModuleNotFoundError as error:
        if error.name != "mypy":
            raise
        return []


def _diagnostic(finding: Finding, text: _Text) -> types.Diagnostic:
    end_line, end_col = finding.end()
    span = Span(finding.line - 1, finding.col - 1, end_line - 1, end_col - 1)
    message = finding.headline
    if finding.excerpt:
        message += "\n\n" + finding.excerpt
    if finding.advice():
        message += "\n\n" + finding.advice()
    severity = (
        types.DiagnosticSeverity.Error
        if finding.severity == "error"
        else types.DiagnosticSeverity.Warning
    )
    return types.Diagnostic(
        range=text.range(span),
        message=message,
        severity=severity,
        code=finding.code,
        source="htmltemplates",
    )


def _did_open(ls: TemplateServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


def _did_change(ls: TemplateServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri)


def _did_save(ls: TemplateServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.check_types(params.text_document.uri)


def _did_close(ls: TemplateServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    for tasks in (ls.pending, ls.typing):
        pending = tasks.pop(uri, None)
        if pending is not None:
            pending.cancel()
    ls.typed.pop(uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def _hover(ls: TemplateServer, params: types.HoverParams) -> types.Hover | None:
    document, text = ls.document(params.text_document.uri)
    said = document.hover(*text.from_client(params.position))
    if said is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=said))


def _definition(ls: TemplateServer, params: types.DefinitionParams) -> types.Location | None:
    document, text = ls.document(params.text_document.uri)
    target = document.definition(*text.from_client(params.position))
    if target is None:
        return None
    if target.path == document.path:
        where, uri = text, params.text_document.uri
    else:
        with open(target.path, encoding="utf-8", errors="replace") as file:
            where = _Text(file.read(), text.encoding)
        uri = from_fs_path(target.path) or target.path
    return types.Location(uri=uri, range=where.range(target.span))


def _completion(ls: TemplateServer, params: types.CompletionParams) -> types.CompletionList:
    document, text = ls.document(params.text_document.uri)
    kinds = {
        "element": types.CompletionItemKind.Class,
        "attribute": types.CompletionItemKind.Property,
        "prop": types.CompletionItemKind.Field,
    }
    items = [
        types.CompletionItem(
            label=completion.label,
            kind=kinds[completion.kind],
            detail=completion.detail or None,
            sort_text=f"{n:04d}",
        )
        for n, completion in enumerate(document.completions(*text.from_client(params.position)))
    ]
    return types.CompletionList(is_incomplete=False, items=items)


def _code_action(ls: TemplateServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    document, text = ls.document(uri)
    line, column = text.from_client(params.range.start)
    end_line, end_column = text.from_client(params.range.end)
    found = []
    for action in document.actions(Span(line, column, end_line, end_column)):
        edits = [
            types.TextEdit(range=text.range(edit.span), new_text=edit.text) for edit in action.edits
        ]
        found.append(
            types.CodeAction(
                title=action.title,
                kind=types.CodeActionKind.QuickFix,
                edit=types.WorkspaceEdit(changes={uri: edits}),
            )
        )
    return found


def server() -> TemplateServer:
    """A new server with every feature registered."""
    ls = TemplateServer()
    ls.feature(types.TEXT_DOCUMENT_DID_OPEN)(_did_open)
    ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)(_did_change)
    ls.feature(types.TEXT_DOCUMENT_DID_SAVE)(_did_save)
    ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)(_did_close)
    ls.feature(types.TEXT_DOCUMENT_HOVER)(_hover)
    ls.feature(types.TEXT_DOCUMENT_DEFINITION)(_definition)
    ls.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=["<", " "]),
    )(_completion)
    ls.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )(_code_action)
    return ls


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m htmltemplates lsp",
        description="Run the language server on stdin and stdout (for an editor to start).",
    )
    parser.parse_args(argv)
    server().start_io()
    return 0
