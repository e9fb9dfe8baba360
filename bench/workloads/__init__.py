"""The workloads, in the order of the report."""

from __future__ import annotations

from bench.core import Workload
from bench.workloads import (
    app,
    attrs,
    bigtable,
    classes,
    library,
    nested,
    page,
    scripts,
    spreads,
    styles,
    tags,
    tiny,
    urls,
    whole,
)

__all__ = ["WORKLOADS"]

WORKLOADS: dict[str, Workload] = {
    workload.name: workload
    for workload in (
        *(module.WORKLOAD for module in (bigtable, page, attrs, tiny, nested)),
        tags.PAGE,
        tags.NESTED,
        *(module.WORKLOAD for module in (whole, classes, styles, spreads, urls, scripts)),
        *(module.WORKLOAD for module in (library, app)),
    )
}
