"""The sign-the-guestbook form: what was typed, and what is wrong with it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string.templatelib import Template

from htmltemplates.i18n import _

MAX_LENGTH = {"name": 60, "message": 2000, "website": 200}


@dataclass(frozen=True, slots=True)
class Draft:
    """The form's values as typed (surrounding whitespace removed), valid or not."""

    name: str = ""
    message: str = ""
    website: str = ""

    @classmethod
    def from_form(cls, form: Mapping[str, str]) -> Draft:
        return cls(
            form.get("name", "").strip(),
            form.get("message", "").strip(),
            form.get("website", "").strip(),
        )

    def errors(self) -> dict[str, Template]:
        """Field name to message, in the page's language; empty when the draft can be stored.

        The values themselves are never judged: ``<script>`` is a fine name, a ``javascript:``
        website is stored as typed (the template filters it when it becomes an ``href``).
        """
        errors: dict[str, Template] = {}
        if not self.name:
            errors["name"] = _(t"Please enter your name.")
        if not self.message:
            errors["message"] = _(t"Please write a message.")
        for field, limit in MAX_LENGTH.items():
            if len(getattr(self, field)) > limit:
                label = _LABELS[field]()
                errors[field] = _(t"{label} can be at most {limit} characters long.")
        return errors


# The fields as the message about their length names them (looked up when needed)
_LABELS: dict[str, Callable[[], Template]] = {
    "name": lambda: _(t"Your name"),
    "message": lambda: _(t"Your message"),
    "website": lambda: _(t"The website"),
}
