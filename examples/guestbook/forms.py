"""The sign-the-guestbook form: what was typed, and what is wrong with it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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

    def errors(self) -> dict[str, str]:
        """Field name to message; empty when the draft can be stored.

        The values themselves are never judged: ``<script>`` is a fine name, a ``javascript:``
        website is stored as typed (the template filters it when it becomes an ``href``).
        """
        errors: dict[str, str] = {}
        if not self.name:
            errors["name"] = "Please enter your name."
        if not self.message:
            errors["message"] = "Please write a message."
        labels = {"name": "Your name", "message": "Your message", "website": "The website"}
        for field, label in labels.items():
            if len(getattr(self, field)) > MAX_LENGTH[field]:
                errors[field] = f"{label} can be at most {MAX_LENGTH[field]} characters long."
        return errors
