"""bench/values.py keeps working (no timing is asserted anywhere): every case renders its
shapes, and the table lists each of them."""

from __future__ import annotations

import gc

import pytest

from bench import values as bench_values
from htmltemplates import RenderError

# the cases whose values of some shapes are refused where they stand, by design
REFUSED = {
    ("import-map-integrity", "letters"),
    ("import-map-integrity", "escapes"),
    ("import-map-integrity", "words"),
    ("url-path", "dots"),
    ("style-dict-key", "escapes"),
    ("style-dict-key", "words"),
}


@pytest.mark.parametrize("case", bench_values.CASES, ids=lambda case: case.context)
def test_every_shape_renders_or_is_refused_as_expected(case: bench_values.Case) -> None:
    for shape_name, shape in case.shapes.items():
        value = shape(200)
        assert len(value) >= 200
        if (case.context, shape_name) in REFUSED:
            with pytest.raises(RenderError):
                case.render(value)
        else:
            assert case.render(value) is not None


def test_the_table_lists_every_case(capsys: pytest.CaptureFixture[str]) -> None:
    # the benchmark collects garbage before each timing: in this process, full of the suite's
    # objects, each collection would walk them all (80 s in all), unless they are frozen
    gc.freeze()
    try:
        assert 0 == bench_values.main(["--sizes", "100", "1000", "--repeat", "1"])
    finally:
        gc.unfreeze()
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split()[:2] for line in lines[1:] if line and not line.startswith("the ")]
    expected = [[case.context, shape] for case in bench_values.CASES for shape in case.shapes]
    assert expected == rows
