"""Compile time, the first step of the pipeline: the HTML scanner, which reads a template's
static strings and tells the context of each hole (:func:`.scanner.scan`)."""
