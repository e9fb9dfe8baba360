"""The sizes of the package's units: modules, classes and functions small enough to read.

About 600 lines a module, 300 a class, 60 a function; a longer function says why in its
docstring, with the words "Long because" (a hot path measured faster written out, a plan's
code written as the lines that run).
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[2] / "htmltemplates"
MODULE_LINES, CLASS_LINES, FUNCTION_LINES = 650, 320, 60
FILES = sorted(PACKAGE.rglob("*.py"))


def units(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    ]


def too_long(path: Path) -> list[str]:
    """The units of the module at ``path`` over their size, described."""
    source = path.read_text()
    found = []
    if len(source.splitlines()) > MODULE_LINES:
        found.append(f"the module: {len(source.splitlines())} lines")
    for node in units(ast.parse(source)):
        size = (node.end_lineno or node.lineno) - node.lineno + 1
        if isinstance(node, ast.ClassDef):
            if size > CLASS_LINES:
                found.append(f"class {node.name}: {size} lines")
        elif size > FUNCTION_LINES and "Long because" not in (ast.get_docstring(node) or ""):
            found.append(f"{node.name}(): {size} lines, and no 'Long because' in its docstring")
    return found


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(PACKAGE)) for path in FILES])
def test_units_are_small_enough_to_read(path: Path) -> None:
    assert [] == too_long(path)


def test_the_check_finds_what_is_too_long(tmp_path: Path) -> None:
    body = "\n".join(f"    x{n} = {n}" for n in range(61))
    path = tmp_path / "long.py"
    path.write_text(
        f'def f():\n    """Short."""\n{body}\n\ndef g():\n    """Long because.\n    """\n{body}\n'
    )
    assert ["f(): 63 lines, and no 'Long because' in its docstring"] == too_long(path)
    path.write_text("class C:\n" + "\n".join(f"    x{n} = {n}" for n in range(320)) + "\n")
    assert ["class C: 321 lines"] == too_long(path)
    path.write_text("\n" * 651)
    assert ["the module: 651 lines"] == too_long(path)
