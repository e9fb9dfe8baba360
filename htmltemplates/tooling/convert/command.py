"""The conversion of a set of templates, and the command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath

from jinja2 import Environment, TemplateSyntaxError, nodes

from .scope import free_names
from .templates import Writer
from .units import (
    CONSTANTS,
    FLASK_GLOBALS,
    GETTEXT,
    Conversion,
    Problem,
    Unit,
    block_owner,
    module_name,
)

# -- the whole conversion ----------------------------------------------------------------------


# the extensions of the environment templates are read with: the tags they add are parsed (and
# written, or reported), where without them a template using one could not be read at all
EXTENSIONS = ["jinja2.ext.i18n", "jinja2.ext.loopcontrols", "jinja2.ext.do"]


def convert_templates(
    sources: dict[str, str], *, environment: Environment | None = None, flask: bool = True
) -> Conversion:
    """Convert the templates ``sources`` ({name: text}, named as ``render_template`` takes
    them) into modules ({path: source}), with a package ``__init__.py`` in each folder."""
    units, unreadable = _read(sources, environment or Environment(extensions=EXTENSIONS))
    _relate(units, flask)
    conversion = Conversion(problems=unreadable)
    for unit in units.values():
        writer = Writer(units, unit, flask)
        path = module_name(unit.name).replace(".", "/") + ".py"
        conversion.modules[path] = writer.module()
        conversion.problems += writer.problems
        folders = PurePosixPath(path).parent.parts
        for depth in range(len(folders) + 1):
            package = "/".join([*folders[:depth], "__init__.py"])
            conversion.modules.setdefault(
                package, '"""Components converted from Jinja2 templates."""\n'
            )
    return conversion


def _read(
    sources: dict[str, str], environment: Environment
) -> tuple[dict[str, Unit], list[Problem]]:
    """Each template parsed, with its parent, blocks and macros; the ones Jinja2 cannot read
    (an extension's tag, a typo) as problems."""
    units: dict[str, Unit] = {}
    unreadable: list[Problem] = []
    for name, text in sorted(sources.items()):
        try:
            tree = environment.parse(text, name=name)
        except TemplateSyntaxError as error:
            unreadable.append(Problem(name, error.lineno, f"not converted: {error.message}"))
            continue
        extends = list(tree.find_all(nodes.Extends))
        parent = None
        if extends and isinstance(extends[0].template, nodes.Const):
            parent = str(extends[0].template.value)
        blocks = {block.name: block for block in tree.find_all(nodes.Block)}
        macros = [node for node in tree.body if isinstance(node, nodes.Macro)]
        units[name] = Unit(name, tree, parent, blocks, macros)
    return units, unreadable


def _relate(units: dict[str, Unit], flask: bool) -> None:
    """What each template reads (its own variables, and those of its parent and includes,
    which it passes on), which are extended, and which blocks a child's super() renders."""
    provided = {"range", "dict", "namespace", "self", "super", "caller", "loop", *CONSTANTS}
    provided |= set(GETTEXT)
    if flask:
        provided |= set(FLASK_GLOBALS)
    for unit in units.values():
        unit.reads = free_names(unit.tree.body) - provided
        if unit.parent in units:
            units[unit.parent].extended = True
    changed = True
    while changed:  # to a fixed point: an include's include, a parent's parent
        changed = False
        for unit in units.values():
            needed = set(unit.reads)
            if unit.parent in units:
                needed |= units[unit.parent].reads
            for include in unit.tree.find_all(nodes.Include):
                if isinstance(include.template, nodes.Const) and include.template.value in units:
                    needed |= units[include.template.value].reads
            if needed != unit.reads:
                unit.reads, changed = needed, True
    for unit in units.values():
        for block in unit.blocks.values():
            if any(
                isinstance(call.node, nodes.Name) and call.node.name == "super"
                for call in block.find_all(nodes.Call)
            ):
                owner = block_owner(units, unit, block.name)
                nested = owner is not None and any(owner.blocks[block.name].find_all(nodes.Block))
                if owner is not None and not nested:
                    owner.supered.add(block.name)


def _collect(paths: Iterable[Path]) -> dict[str, str]:
    """The templates under ``paths``, named relative to each directory given."""
    sources: dict[str, str] = {}
    for path in paths:
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                if file.is_file() and file.suffix in {".html", ".htm", ".jinja", ".j2", ".jinja2"}:
                    sources[file.relative_to(path).as_posix()] = file.read_text(encoding="utf-8")
        else:
            sources[path.name] = path.read_text(encoding="utf-8")
    return sources


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m htmltemplates convert",
        description="Write Jinja2 templates as Python modules of components.",
    )
    parser.add_argument("sources", nargs="+", type=Path, help="template files or folders")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the package to write")
    parser.add_argument(
        "--no-flask", action="store_true", help="url_for, request, g... are parameters too"
    )
    parser.add_argument(
        "--trim-blocks", action="store_true", help="as the app's Jinja environment sets it"
    )
    parser.add_argument(
        "--lstrip-blocks", action="store_true", help="as the app's Jinja environment sets it"
    )
    options = parser.parse_args(argv)
    environment = Environment(
        extensions=EXTENSIONS,
        trim_blocks=options.trim_blocks,
        lstrip_blocks=options.lstrip_blocks,
    )
    conversion = convert_templates(
        _collect(options.sources), environment=environment, flask=not options.no_flask
    )
    for path, text in sorted(conversion.modules.items()):
        target = options.output / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    count = sum(1 for path in conversion.modules if not path.endswith("__init__.py"))
    for problem in conversion.problems:
        print(f"TODO {problem}", file=sys.stderr)
    print(f"{count} templates converted into {options.output}, {len(conversion.problems)} TODOs")
    return 1 if conversion.problems else 0
