"""Benchmarks of htmltemplates against hand-written f-strings, Jinja2 and tdom.

Run ``python -m bench`` (``make bench``); ``python -m bench --help`` lists the options. Each
workload renders the same page with every engine; the outputs are checked equal (as parsed
HTML, see :mod:`bench.equality`) before anything is timed.

On a busy machine, ``python -m bench.ratio --workload NAME`` gives a steadier ratio of
htmltemplates to the baseline: short samples of the two taken in turns, in CPU time, the
ratio taken within each pair (see :mod:`bench.ratio`).
"""
