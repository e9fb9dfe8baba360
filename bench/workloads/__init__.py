"""The workloads, in the order of the report."""

from __future__ import annotations

from bench.core import Workload
from bench.workloads import attrs, bigtable, nested, page, tags, tiny

__all__ = ["WORKLOADS"]

WORKLOADS: dict[str, Workload] = {
    workload.name: workload
    for workload in (
        *(module.WORKLOAD for module in (bigtable, page, attrs, tiny, nested)),
        tags.PAGE,
        tags.NESTED,
    )
}
