"""``python -m bench.floor``: how fast nested-tags could be at best, next to the baseline.

The nested-tags workload runs the user code of ``bench/workloads/tags.py``: per level it builds
10 templates (3 ``<{Leaf} />`` tags, 3 leaf results, the ``<{Tree} />`` and ``<{Wrap}>`` tags,
the Template of Wrap's children and Wrap's result) where the baseline builds 4 f-strings. This
tool renders that workload with a renderer written by hand for exactly those templates: it
calls the components with their props and escapes each value, and does nothing else (no plan
lookup, no conversion or format spec, no check of a component's signature, no error handling).
Whatever html() does, it cannot do less than that; the paired ratio of this floor to the
baseline says how much of the baseline's time the workload's own code and the least rendering
already take.

    PYTHONPATH=. python -m bench.floor --rounds 21
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from string.templatelib import Template
from typing import Any

from bench.ratio import print_row
from bench.workloads import nested, tags
from htmltemplates import html
from htmltemplates.runtime.escapers import escape_text as _text  # the escaper html() uses for text

__all__ = ["floor", "main"]


def _leaf_tag(template: Template) -> str:  # t"<{Leaf} text={text} />"
    component, text = template.interpolations
    result = component.value(text=text.value)
    (value,) = result.interpolations  # <span class="leaf">{text}</span>
    return f'<span class="leaf">{_text(value.value)}</span>'


def _tree_tag(template: Template) -> str:  # t"<{Tree} labels={labels} level={level + 1} />"
    component, labels, level = template.interpolations
    return _wrap_tag(component.value(labels=labels.value, level=level.value))


def _wrap_tag(template: Template) -> str:  # t"<{Wrap} level={level}>{leaves}{inner}</{Wrap}>"
    component, level, leaves, inner, _close = template.interpolations
    result = component.value(level=level.value, children=Template(leaves, inner))
    level_value, children = result.interpolations  # <div class="level-{level}">{children}</div>
    return f'<div class="level-{level_value.value}">{_children(children.value)}</div>'


def _children(template: Template) -> str:  # {leaves}{inner}
    leaves, inner = template.interpolations
    rendered = "".join([_leaf_tag(leaf) for leaf in leaves.value])
    return rendered if inner.value is None else rendered + _tree_tag(inner.value)


def floor(labels: Any) -> str:
    """The HTML of ``html(t"<{Tree} labels={labels} />")``, rendered by hand."""
    return _wrap_tag(tags.Tree(labels=labels))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.floor", description=__doc__)
    parser.add_argument("--rounds", type=int, default=21, help="pairs of samples (default 21)")
    parser.add_argument(
        "--target", type=float, default=0.03, help="seconds per sample (default 0.03)"
    )
    args = parser.parse_args(argv)
    labels = nested.make_labels()
    Tree = tags.Tree  # noqa: N806 - a component
    ours = html(t"<{Tree} labels={labels} />")
    if floor(labels) != ours:  # pragma: no cover - a broken floor must not be quoted
        raise SystemExit("the hand-written renderer does not render what html() renders")
    print(f"{'renderer':<14} {'baseline':>10} {'time':>10} {'ratio':>7}  (IQR of the ratios)")
    for name, render in [
        ("floor", lambda: floor(labels)),
        ("htmltemplates", lambda: html(t"<{Tree} labels={labels} />")),
    ]:
        print_row(
            name,
            lambda: nested.render_baseline(labels),
            render,
            clock=time.process_time,
            rounds=args.rounds,
            target=args.target,
            width=14,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
