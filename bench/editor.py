"""``python -m bench.editor``: how long the language server takes to publish the diagnostics of
a change, as an editor sees it: the server started as ``python -m htmltemplates lsp``, driven
over stdio by pygls's client, a 2,000-line module opened, then changed a character at a time.
The time is from the change sent to its diagnostics received; the median and the worst of the
changes are printed, for changes sent as typing sends them (each right after the diagnostics
of the one before: the server waits its 30 ms for more typing) and for changes after a pause
(0.2 s: the server checks at once).

    PYTHONPATH=. python -m bench.editor --lines 2000 --changes 20

Two modules: ``views``, the repository's example apps one after another (templates among
ordinary code), and ``dense``, a module that is nothing but views with templates and
component tags (every line in or around a t-string). No timing is asserted anywhere:
tests/tooling/test_lsp.py checks what the server says.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

__all__ = ["MODULES", "main"]

_ROOT = Path(__file__).resolve().parent.parent


def views(lines: int) -> str:
    """The example apps one after another, to at most ``lines`` lines: whole files, then the
    top-level statements of the next one that fit."""
    files = sorted((_ROOT / "examples").glob("*.py")) + sorted((_ROOT / "examples").glob("*/*.py"))
    out: list[str] = []
    while True:
        for path in files:
            text = path.read_text().rstrip("\n").split("\n")
            # (one module: a __future__ import may only start it)
            text = ["" if row.startswith("from __future__") else row for row in text]
            if len(out) + len(text) <= lines:
                out += text
                continue
            room = lines - len(out)
            ends = [s.end_lineno or 0 for s in ast.parse("\n".join(text)).body]
            return "\n".join(out + text[: max([end for end in ends if end <= room], default=0)])


def dense(lines: int) -> str:
    """Views that are nothing but templates: a component, a list of rows, a page."""
    out = [
        "from string.templatelib import Template",
        "",
        "from htmltemplates import html",
        "",
        "",
        "def Card(*, title: str, count: int = 0, children: Template | None = None) -> Template:",
        '    return t"<section><h2>{title}</h2>{children}</section>"',
        "",
    ]
    n = 0
    while len(out) + 7 <= lines:
        out += [
            "",
            f"def view{n}(user, items, attrs):",
            '    rows = [t"<li class={user.kind}><a href={item.url}>{item.name}</a></li>" '
            "for item in items]",
            f'    return html(t"""<div {{attrs}} id=v{n}>',
            "      <{Card} title={user.name} count={len(items)}><ul>{rows}</ul></{Card}>",
            '      <p style="color: {user.color}">{user.bio}</p>',
            '    </div>""")',
        ]
        n += 1
    return "\n".join(out) + "\n"


MODULES = {"views": views, "dense": dense}


async def _latencies(text: str, changes: int, pause: float) -> list[float]:
    client = LanguageClient("bench", "1")
    arrived: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]
    def published(params: types.PublishDiagnosticsParams) -> None:
        arrived.put_nowait(params)

    await client.start_io(sys.executable, "-m", "htmltemplates", "lsp")
    times: list[float] = []
    with tempfile.TemporaryDirectory() as directory:
        uri = from_fs_path(str(Path(directory) / "views.py")) or ""
        await client.initialize_async(
            types.InitializeParams(capabilities=types.ClientCapabilities())
        )
        client.initialized(types.InitializedParams())
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=1, text=text
                )
            )
        )
        await arrived.get()
        for version in range(2, changes + 2):
            await asyncio.sleep(pause)
            text += " "  # a character typed at the end
            start = time.perf_counter()
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
                )
            )
            while (await arrived.get()).version != version:
                pass
            times.append(time.perf_counter() - start)
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()  # type: ignore[no-untyped-call]
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.editor", description=__doc__)
    parser.add_argument("--lines", type=int, default=2000, help="lines of each module (2000)")
    parser.add_argument("--changes", type=int, default=20, help="changes timed (20)")
    parser.add_argument("--module", action="append", choices=sorted(MODULES), metavar="NAME")
    args = parser.parse_args(argv)
    print(f"{'module':<8} {'lines':>6} {'changes':<8} {'median':>8} {'worst':>8}")
    for name in args.module or list(MODULES):
        text = MODULES[name](args.lines)
        lines = text.count("\n")
        for way, pause in (("typing", 0.0), ("paused", 0.2)):
            times = asyncio.run(_latencies(text, args.changes, pause))
            median, worst = statistics.median(times) * 1000, max(times) * 1000
            print(f"{name:<8} {lines:>6} {way:<8} {median:>6.0f}ms {worst:>6.0f}ms", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
