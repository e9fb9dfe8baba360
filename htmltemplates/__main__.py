"""``python -m htmltemplates COMMAND ...``: the command-line tools."""

import importlib
import sys

COMMANDS = {
    "check": "htmltemplates.tooling.check",
    "convert": "htmltemplates.tooling.convert",
    "doc": "htmltemplates.tooling.doc",
    "explain": "htmltemplates.tooling.explain",
    "lsp": "htmltemplates.tooling.lsp",
    "migrate-po": "htmltemplates.i18n.migrate",
}
# the extra each command needs beyond htmltemplates itself
EXTRAS = {
    "lsp": ("lsp", ("pygls", "lsprotocol")),
    "convert": ("convert", ("jinja2",)),
    "migrate-po": ("i18n", ("babel",)),
}

if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
    print("usage: python -m htmltemplates COMMAND ...", file=sys.stderr)
    print("commands: " + ", ".join(sorted(COMMANDS)), file=sys.stderr)
    sys.exit(2)
try:
    command = importlib.import_module(COMMANDS[sys.argv[1]])
except ModuleNotFoundError as error:
    extra, modules = EXTRAS.get(sys.argv[1], ("", ()))
    missing = (error.name or "").split(".")[0]
    if missing not in modules:
        raise
    print(
        f"python -m htmltemplates {sys.argv[1]} needs {missing}: "
        f"pip install 'htmltemplates[{extra}]'",
        file=sys.stderr,
    )
    sys.exit(2)
sys.exit(command.main(sys.argv[2:]))
