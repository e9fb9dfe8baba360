"""``python -m htmltemplates.tooling.llms``: writes docs/llms.txt, the compact reference of the
API and its rules for coding assistants (the llms.txt convention: an H1, a blockquote summary,
then sections of notes and links), from the docs as they are now.

Nothing in it is written here but the headings and the lines that join the parts:

- the title and the summary are the README's first heading and first paragraph;
- the rules are the paragraphs that open with a bold sentence in the sections of the docs named
  in :data:`RULES` (the trust model, the pitfalls);
- the API is the package's ``__all__``, each callable with its signature and the first
  sentence of its docstring, then the names the optional modules export (read from their
  source, so that no extra needs to be installed) and the commands of ``python -m
  htmltemplates``, each with the first sentence of its module's docstring;
- the docs are the README's list of them, each page with its description there; a page of
  ``docs/`` that list does not name follows with its title and first paragraph.

``--check`` writes nothing: it exits 1, saying how to regenerate, when docs/llms.txt differs
from what the docs give now (tests/tooling/test_llms.py checks the same). Run it in a clone of the
repository (``make llms``): it reads the README and the docs next to the package.
"""

from __future__ import annotations

import annotationlib
import ast
import inspect
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TypeAliasType

import htmltemplates  # the core needs no extra; the other modules are read as source

__all__ = ["COMMAND", "generate", "main"]

COMMAND = "python -m htmltemplates.tooling.llms"
ROOT = Path(__file__).resolve().parents[2]

# (page, section): the sections whose bold-led paragraphs are the rules
RULES = [("security.md", "The trust model"), ("index.md", "Pitfalls")]
# the optional modules, each with the page that documents it
MODULES = [
    ("text", "text.md"),
    ("i18n", "i18n.md"),
    ("integrations.flask", "flask.md"),
    ("integrations.quart", "quart.md"),
    ("integrations.django", "django.md"),
    ("integrations.starlette", "starlette.md"),
    ("integrations.fastapi", "starlette.md"),
    ("tooling.lint", "tooling.md"),
]
# pages an assistant can skip (the llms.txt convention's "Optional" section)
OPTIONAL = {"performance.md", "design.md", "architecture.md", "../CHANGES.md"}

_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_ROLE = re.compile(r":(?:func|class|meth|data|attr|mod):`~?([^`]+)`")


def _paragraphs(lines: list[str]) -> Iterator[str]:
    """The prose paragraphs of Markdown ``lines``, each joined into one line: code blocks,
    headings, tables and HTML comments left out."""
    fenced = False
    current: list[str] = []
    for line in [*lines, ""]:
        if line.startswith("```"):
            fenced = not fenced
            current = []
            continue
        if fenced:
            continue
        if not line.strip() or line.startswith(("#", "|", "<!--")):
            if current:
                yield " ".join(part.strip() for part in current)
            current = []
        else:
            current.append(line)


def _section(text: str, heading: str) -> list[str]:
    """The lines of the section of ``text`` under the heading ``heading`` (any level), up to the
    next heading of the same or a higher level."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = re.fullmatch(r"(#+) (.*)", line)
        if match and match[2] == heading:
            level = len(match[1])
            end = next(
                (
                    other
                    for other in range(index + 1, len(lines))
                    if re.match(rf"#{{1,{level}}} ", lines[other])
                ),
                len(lines),
            )
            return lines[index + 1 : end]
    raise LookupError(f"no section {heading!r}")


def _relink(text: str, base: str) -> str:
    """``text`` with its relative links made relative to docs/ (where llms.txt is), from
    ``base``: "" for a page of docs/, "README" for the README."""

    def relink(match: re.Match[str]) -> str:
        label, target = match[1], match[2]
        if base == "README" and not re.match(r"[a-z]+:|#", target):
            target = target.removeprefix("docs/") if target.startswith("docs/") else "../" + target
        return f"[{label}]({target})"

    return _LINK.sub(relink, text)


def _first_sentence(doc: str | None) -> str:
    """The first sentence of a docstring, its reST roles and literals as Markdown code."""
    if not doc:
        return ""
    paragraph = " ".join(inspect.cleandoc(doc).split("\n\n")[0].split())
    paragraph = _ROLE.sub(r"`\1`", paragraph).replace("``", "`")
    # the first full stop followed by a space or the end, outside `code` ("SRC... -o DEST")
    for match in re.finditer(r"\.(?=\s|$)", paragraph):
        if paragraph.count("`", 0, match.start()) % 2 == 0:
            return paragraph[: match.end()]
    return paragraph


def _exports(path: Path) -> list[str]:
    """The ``__all__`` of the module at ``path``, read from its source."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(name) for name in value]
    raise LookupError(f"{path} has no __all__")


def _module_path(package: Path, dotted: str) -> Path:
    base = package.joinpath(*dotted.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _rules(docs: Path) -> list[str]:
    found = []
    for page, heading in RULES:
        lines = _section((docs / page).read_text(encoding="utf-8"), heading)
        found += [
            # a rule that leads into its example ("and says why:") ends here
            f"- {_relink(paragraph, '')}".removesuffix(":") + ("." if paragraph[-1] == ":" else "")
            for paragraph in _paragraphs(lines)
            if paragraph.startswith("**")
        ]
    return found


def _api(package: Path) -> list[str]:
    lines = ["`from htmltemplates import ...`:", ""]
    for name in htmltemplates.__all__:
        value = getattr(htmltemplates, name)
        if inspect.isfunction(value):
            signature = inspect.signature(value, annotation_format=annotationlib.Format.STRING)
            written = signature.format(quote_annotation_strings=False)
            lines.append(f"- `{name}{written}`: {_first_sentence(value.__doc__)}")
        elif inspect.isclass(value):
            lines.append(f"- `{name}` (class): {_first_sentence(value.__doc__)}")
        elif isinstance(value, TypeAliasType):
            alias = re.sub(r"\b(?:typing|string\.templatelib)\.", "", repr(value.__value__))
            lines.append(f"- `type {name} = {alias}`")
        elif isinstance(value, str):
            lines.append(f"- `{name} = {value!r}`")
        else:
            lines.append(f"- `{name}`: an instance of `{type(value).__name__}`")
    lines += ["", "The other modules, with the page of each (a framework's needs its extra):", ""]
    for module, page in MODULES:
        names = ", ".join(f"`{name}`" for name in _exports(_module_path(package, module)))
        lines.append(f"- `htmltemplates.{module}` ([{page}]({page})): {names}")
    lines += ["", "The commands:", ""]
    main_source = ast.parse((package / "__main__.py").read_text(encoding="utf-8"))
    commands = next(
        ast.literal_eval(node.value)
        for node in main_source.body
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == "COMMANDS" for target in node.targets)
    )
    for command, dotted in sorted(commands.items()):
        path = _module_path(package.parent, dotted)
        doc = _first_sentence(ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))))
        written = f"`python -m htmltemplates {command}"
        if doc.startswith(written):  # "`python -m htmltemplates doc ANCHOR`: prints ..."
            lines.append(f"- {doc}")
        else:
            lines.append(f"- {written}`: {doc}")
    return lines


def _docs(readme: str, docs: Path) -> tuple[list[str], list[str]]:
    """The README's list of the docs, relinked, split into the main pages and the optional
    ones; then each page of docs/ that it does not name."""
    items: list[str] = []
    for line in _section(readme, "Documentation"):
        if line.startswith("- "):
            items.append(line)
        elif line.startswith("  ") and items:
            items[-1] += " " + line.strip()
    named = set()
    main: list[str] = []
    optional: list[str] = []
    for item in items:
        relinked = _relink(item, "README")
        target = _LINK.search(relinked)
        assert target is not None, item
        named.add(target[2])
        (optional if target[2] in OPTIONAL else main).append(relinked)
    for page in sorted(docs.glob("*.md")):
        if page.name in named:
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        title = lines[0].removeprefix("# ")
        first = next(_paragraphs(lines[1:]), "")
        entry = f"- [{title}]({page.name}): {_relink(first, '')}"
        (optional if page.name in OPTIONAL else main).append(entry)
    return main, optional


def generate(root: Path = ROOT) -> str:
    """The text of docs/llms.txt, from the README and the docs under ``root``."""
    readme = (root / "README.md").read_text(encoding="utf-8")
    docs = root / "docs"
    title = readme.splitlines()[0].removeprefix("# ")
    summary = next(_paragraphs(readme.splitlines()[1:]))
    main, optional = _docs(readme, docs)
    lines = [
        f"# {title}",
        "",
        f"> {_relink(summary, 'README')}",
        "",
        f"Generated from the README and the docs by `{COMMAND}`; the links are relative to this "
        "file, in docs/. Every page's Python examples run as tests.",
        "",
        "## Rules",
        "",
        *_rules(docs),
        "",
        "## API",
        "",
        *_api(root / "htmltemplates"),
        "",
        "## Docs",
        "",
        *main,
        "",
        "## Optional",
        "",
        *optional,
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """Write docs/llms.txt; with ``--check``, exit 1 when it is not what the docs give now."""
    if argv not in ([], ["--check"]):
        print(f"usage: {COMMAND} [--check]", file=sys.stderr)
        return 2
    path = ROOT / "docs" / "llms.txt"
    text = generate()
    if argv == ["--check"]:
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current != text:
            print(f"docs/llms.txt is out of date: run {COMMAND} to regenerate it", file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
