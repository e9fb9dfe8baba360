"""Compile time, the second step of the pipeline: the escaper of every hole, or the refusal of
the template, from where the scanner found each hole (:func:`.walk.analyze`)."""
