"""Compile time: turns a scanned template into a plan, a Python function generated once per
template."""
