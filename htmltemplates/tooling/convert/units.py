"""The templates of a conversion, what each reads and defines, and what is reported."""

from __future__ import annotations

import builtins
import keyword
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from jinja2 import nodes

from .scope import free_names

# what a Flask app's Jinja environment gives every template, and where converted code gets it
FLASK_GLOBALS = {
    "url_for": ("flask", "url_for"),
    "get_flashed_messages": ("flask", "get_flashed_messages"),
    "request": ("flask", "request"),
    "session": ("flask", "session"),
    "g": ("flask", "g"),
    "config": ("flask", "current_app"),
}
# the lookups of request that Jinja forgives (request.form['title'] on a GET renders nothing)
REQUEST_MAPPINGS = {"form", "args", "values", "cookies", "headers", "files"}
CONSTANTS = {"true": "True", "false": "False", "none": "None"}
# Jinja's gettext functions and htmltemplates.i18n's, and how many message texts each takes
GETTEXT = {
    "_": "_",
    "gettext": "_",
    "ngettext": "ngettext",
    "pgettext": "pgettext",
    "npgettext": "npgettext",
}
PLACEHOLDER = re.compile(r"%%|%\((\w+)\)s|%\((\w+)\)d|%")
OPERATORS = {
    nodes.Add: "+",
    nodes.Sub: "-",
    nodes.Mul: "*",
    nodes.Div: "/",
    nodes.FloorDiv: "//",
    nodes.Mod: "%",
    nodes.Pow: "**",
}
COMPARISONS = {
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "lteq": "<=",
    "gt": ">",
    "gteq": ">=",
    "in": "in",
    "notin": "not in",
}
# what htmltemplates.jinja.Loop gives of Jinja's loop
LOOP_ATTRIBUTES = frozenset(
    {"index", "index0", "revindex", "revindex0", "first", "last", "length", "cycle"}
    | {"previtem", "nextitem"}
)
# what enumerate(items, 1) gives of loop: its index is named `index`
ENUMERATED = {"index": "index", "index0": "(index - 1)", "first": "(index == 1)"}
# the names converted modules import from htmltemplates.jinja, kept free for functions
# the modules whose names converted code writes qualified (jinja.item, json.dumps): a
# template's variables (item, title, indent...) would hide names imported alone
QUALIFIED = frozenset({"htmltemplates.jinja", "json", "itertools", "textwrap", "types"})
HELPERS = {"attr", "item", "looped", "title", "truncate", "todo", "html", "Template", "Markup"}
ATOMIC = (
    nodes.Name,
    nodes.Const,
    nodes.Getattr,
    nodes.Getitem,
    nodes.Call,
    nodes.List,
    nodes.Dict,
    nodes.Tuple,
)


@dataclass(frozen=True)
class Problem:
    """Something the converter could not write as Python: a ``todo(...)`` in the output."""

    template: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.template}:{self.line}: {self.message}"


@dataclass
class Conversion:
    """The modules written ({path relative to the destination: source}) and the problems."""

    modules: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def function_name(template: str) -> str:
    """The name of a template's function: its file name without suffixes, as a Python name."""
    stem = PurePosixPath(template).name.split(".")[0]
    name = re.sub(r"\W", "_", stem) or "page"
    if name[0].isdigit():
        name = "_" + name
    if keyword.iskeyword(name) or name in HELPERS or name in vars(builtins):
        name += "_"
    return name


def module_name(template: str) -> str:
    """``blog/index.html`` -> ``blog.index``: the module, relative to the destination."""
    path = PurePosixPath(template)
    parts = [function_name(part + ".") for part in path.parent.parts]
    return ".".join([*parts, function_name(template)])


@dataclass
class Unit:
    name: str
    tree: nodes.Template
    parent: str | None
    blocks: dict[str, nodes.Block]
    macros: list[nodes.Macro]
    reads: set[str] = field(default_factory=set)
    extended: bool = False
    # the blocks a child's super() renders: a function of their own, named name + "_block"
    supered: set[str] = field(default_factory=set)


def block_owner(units: dict[str, Unit], unit: Unit, name: str) -> Unit | None:
    """The nearest parent of ``unit`` that defines the block ``name``."""
    while unit.parent in units:
        unit = units[unit.parent]
        if name in unit.blocks:
            return unit
    return None


def block_reads(unit: Unit, name: str) -> set[str]:
    """What the content of ``unit``'s block ``name`` reads of the page's variables."""
    return free_names(unit.blocks[name].body) & unit.reads


def all_blocks(units: dict[str, Unit], unit: Unit) -> list[str]:
    """The blocks a template's function takes: its own, then its parents'."""
    names = list(unit.blocks)
    if unit.parent in units:
        names += [name for name in all_blocks(units, units[unit.parent]) if name not in names]
    return names
