"""Compile time: the HTML scanner, which reads a template's static strings and tells the context
of each hole."""
