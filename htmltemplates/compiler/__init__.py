"""Compile time, the last steps of the pipeline: lowers a scanned and analyzed template to the
plan IR and emits its plan, a Python function generated once per template; ``plan.py`` chains
the steps."""
