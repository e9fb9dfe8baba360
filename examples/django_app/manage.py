"""Django's command-line utility for the example: ``make demo-django``, or
``.venv/bin/python examples/django_app/manage.py runserver`` from the repository root."""

import os
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "examples.django_app.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
