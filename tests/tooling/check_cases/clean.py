"""Templates the checker must pass: good HTML, and t-strings that are not HTML at all."""

import logging
from string.templatelib import Template

from htmltemplates import html

name, table, limit, user_id = "x", "users", 3, 42


def sql(template: Template) -> str:
    return "".join(str(part) for part in template)


def Row(*, label: str) -> Template:  # noqa: N802
    return t"<tr><td>{label}</td></tr>"


query = sql(t"SELECT * FROM {table} WHERE a < {limit} AND b <> {name}")
logging.getLogger(__name__).info(t"user {user_id} logged in at {limit:>3} <{name!r}>")
page = html(t"<table>{[t'<{Row} label={n} />' for n in [name, table]]}</table>")
shown = html(t"<p title='{name}'>{name}</p><!-- {name} -->")
