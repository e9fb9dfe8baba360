"""The layering of the package: which of its modules may import which, and no import cycles.

Read from the source with ``ast``: every import counts, at module level, inside a function
(deferred) or under ``if TYPE_CHECKING``, since each one ties the two modules together.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[2] / "htmltemplates"

# The layers, lowest first. A module may import modules of its own layer and of the layers
# below it, never above: the runtime (what plans call) imports nothing of compile time, and the
# compiler reaches the runtime only to name what its plans call. Compile time is layered as
# its pipeline runs: scan, then analyze, then the compiler (lower, emit). htmltemplates._api
# installs the compile-time code the runtime needs at a miss (runtime/cache.py,
# runtime/trusted.py).
LAYERS: list[tuple[str, list[str]]] = [
    (
        "shared",
        [
            "htmltemplates.errors",
            "htmltemplates._fastpaths",
            "htmltemplates._memory",
            "htmltemplates._messages",
            "htmltemplates._spec",
            "htmltemplates.escaper",
        ],
    ),
    ("runtime", ["htmltemplates.runtime"]),
    ("compile time: CSS, JavaScript and URL lexers", ["htmltemplates.lang"]),
    # the compile pipeline, each step below the next: scan, analyze, lower and emit
    (
        "compile time: the HTML scanner and its tokens (where each hole stands)",
        ["htmltemplates.scan"],
    ),
    (
        "compile time: the analysis (the escaper of each hole, or a refusal)",
        ["htmltemplates.analyze"],
    ),
    ("compile time: lowering and emitting plans", ["htmltemplates.compiler"]),
    ("compile-time tooling", ["htmltemplates.tooling"]),
    (
        "API",
        [
            "htmltemplates._api",
            "htmltemplates._literal",
            "htmltemplates._script",
            "htmltemplates",
            "htmltemplates._streaming",
            "htmltemplates._async",
            "htmltemplates.integrations",
            "htmltemplates.text",
            "htmltemplates.i18n",
            "htmltemplates.i18n.messages",
            "htmltemplates.i18n.locale",
            "htmltemplates.i18n.extract",
            "htmltemplates.__main__",
        ],
    ),
    ("tools that read templates without rendering them", ["htmltemplates.tooling"]),
    ("the command line", ["htmltemplates.__main__"]),
    # docs/llms.txt is written from the public API (htmltemplates.__all__, its signatures)
    ("the reference for coding assistants", ["htmltemplates.tooling.llms"]),
]


def modules(package: Path) -> dict[str, Path]:
    """The modules of ``package`` (a directory), by dotted name."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, modules: dict[str, Path]) -> dict[str, int]:
    """The modules among ``modules`` that module ``name`` imports, each with the line of one
    import of it."""
    path = modules[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, int] = {}

    def add(target: str, line: int) -> None:
        while target and target not in modules:  # a name imported from a module: the module
            target = target.rpartition(".")[0]
        if target and target != name:
            found.setdefault(target, line)

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:  # from . import cache: the submodule, if it is one
                if f"{module}.{alias.name}" in modules:
                    add(f"{module}.{alias.name}", node.lineno)
                else:
                    add(module, node.lineno)
    return found


MODULES = modules(PACKAGE)
GRAPH = {name: imports(name, MODULES) for name in MODULES}


def layer(name: str) -> int:
    """The index in LAYERS of module ``name``: a listed module, or one inside a listed package
    (the longest prefix wins)."""
    best: tuple[int, int] | None = None
    for index, (_title, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and (
                best is None or len(prefix) > best[1]
            ):
                best = (index, len(prefix))
    assert best is not None, f"{name} is in no layer of LAYERS: add it to one"
    return best[0]


def test_the_walk_finds_the_modules_and_their_imports() -> None:
    assert {"htmltemplates.runtime.cache", "htmltemplates.compiler.plan"} <= MODULES.keys()
    # a module-level import, a relative one and one of a submodule by name
    assert "htmltemplates.runtime.cache" in GRAPH["htmltemplates._api"]
    assert "htmltemplates.runtime.text" in GRAPH["htmltemplates.compiler.emit"]
    assert "htmltemplates.errors" in GRAPH["htmltemplates.runtime.values"]
    # a module inside a listed package is in the package's layer: the builders are shared
    assert "htmltemplates._messages.values" in GRAPH["htmltemplates._messages"]
    assert 0 == layer("htmltemplates._messages.values") == layer("htmltemplates._messages")


def test_the_compile_time_layers_are_the_pipeline() -> None:
    # scan -> analyze -> lower -> emit: each step imports only the steps before it
    steps = ["lang.css", "scan.scanner", "scan.bodies", "analyze.walk", "compiler.lower"]
    order = [layer(f"htmltemplates.{step}") for step in steps]
    assert order[0] < order[1] == order[2] < order[3] < order[4]
    assert layer("htmltemplates.compiler.lower") == layer("htmltemplates.compiler.emit")
    scanner = {name for name in MODULES if name.startswith("htmltemplates.scan")}
    assert not any(
        target.startswith(("htmltemplates.analyze", "htmltemplates.compiler"))
        for name in scanner
        for target in GRAPH[name]
    )


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_imports_only_its_layer_and_below(name: str) -> None:
    above = {
        target: f"line {line}: {LAYERS[layer(target)][0]}"
        for target, line in GRAPH[name].items()
        if layer(target) > layer(name)
    }
    assert {} == above, f"{name} ({LAYERS[layer(name)][0]}) imports a higher layer"


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), and the modules
    that import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles() -> None:
    assert [] == cycles(GRAPH)


def test_a_deferred_import_makes_a_cycle(tmp_path: Path) -> None:
    # the shape the package had: a imports b at the top, b imports a inside a function
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("from . import b\n")
    (tmp_path / "pkg" / "b.py").write_text("def f():\n    from .a import x\n")
    (tmp_path / "pkg" / "c.py").write_text("import pkg.a\n")
    found = modules(tmp_path / "pkg")
    graph = {name: imports(name, found) for name in found}
    assert {"pkg": {}, "pkg.a": {"pkg.b": 1}, "pkg.b": {"pkg.a": 2}, "pkg.c": {"pkg.a": 1}} == graph
    assert [["pkg.a", "pkg.b"]] == cycles(graph)
    del graph["pkg.b"]["pkg.a"]
    assert [] == cycles(graph)


# Inside htmltemplates.integrations: the core under the framework modules, and each framework
# module on its own but for the two that extend another.
INTEGRATION_EXTENDS = {"fastapi": {"starlette"}, "django_backend": {"django"}}


@pytest.mark.parametrize(
    "name", sorted(name for name in MODULES if name.startswith("htmltemplates.integrations."))
)
def test_an_integration_imports_the_core_and_no_other_integration(name: str) -> None:
    short = name.removeprefix("htmltemplates.integrations.")
    siblings = {
        target.removeprefix("htmltemplates.integrations.")
        for target in GRAPH[name]
        if target.startswith("htmltemplates.integrations.")
    }
    allowed = set() if short == "_core" else {"_core", *INTEGRATION_EXTENDS.get(short, ())}
    assert siblings <= allowed, f"{name} imports {sorted(siblings - allowed)}"
    if short != "_core":
        assert "_core" in siblings, f"{name} does not use the shared core"
