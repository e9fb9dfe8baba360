"""Render time: what a compiled plan calls to turn values into safe HTML. Imports no
compile-time module (see docs/architecture.md)."""
