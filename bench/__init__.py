"""Benchmarks of htmltemplates against hand-written f-strings, Jinja2 and tdom.

Run ``python -m bench`` (``make bench``); ``python -m bench --help`` lists the options. Each
workload renders the same page with every engine; the outputs are checked equal (as parsed
HTML, see :mod:`bench.equality`) before anything is timed.
"""
