"""``python -m htmltemplates COMMAND ...``: the command-line tools."""

import importlib
import sys

COMMANDS = {
    "check": "htmltemplates.tooling.check",
    "doc": "htmltemplates.tooling.doc",
    "explain": "htmltemplates.tooling.explain",
}

if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
    print("usage: python -m htmltemplates COMMAND ...", file=sys.stderr)
    print("commands: " + ", ".join(sorted(COMMANDS)), file=sys.stderr)
    sys.exit(2)
sys.exit(importlib.import_module(COMMANDS[sys.argv[1]]).main(sys.argv[2:]))
