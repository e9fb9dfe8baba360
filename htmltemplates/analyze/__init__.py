"""Compile time: the escaper of every hole, or its refusal, from where the scanner found it."""
