"""attrs: a 25-field form, where nearly everything is a dynamic attribute.

Each field is a component: a label, and an ``<input>`` with dynamic type/name/value/
placeholder (None removes the attribute), the booleans ``required={...}`` and
``disabled={...}`` (False must remove them), a spread of extra attributes (``{field.extra}``,
sometimes empty), and an optional help text rendered with ``{field.help and t"..."}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import DictLoader, Environment, StrictUndefined
from markupsafe import escape
from tdom import html as tdom_html

from bench.core import Renderers, Workload
from htmltemplates import html

__all__ = ["WORKLOAD", "Field", "make_form"]

type Extra = dict[str, str | int]

NAMES = (
    "first_name last_name email phone street city postcode country company job_title website "
    "username password password_confirm birthday age height colour twitter github linkedin "
    "headline referral coupon notes"
).split()
TYPES = ("text", "email", "tel", "url", "password", "date", "number", "color")
HOSTILE_VALUE = "\"><script>alert('x')</script> & <b>"


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    label: str
    type: str
    value: str | None
    placeholder: str | None
    required: bool
    disabled: bool
    extra: Extra
    help: str | None


@dataclass(frozen=True, slots=True)
class Form:
    action: str
    csrf: str
    fields: tuple[Field, ...]


def _extra(i: int, name: str) -> Extra:
    match i % 4:
        case 0:
            return {}
        case 1:
            return {"autocomplete": "off", "data-field": name}
        case 2:
            return {"maxlength": 40 + i, "aria-describedby": f"help-{name}", "inputmode": "text"}
        case _:
            return {"pattern": "[a-z]+ & [0-9]*", "title": f"{name} <required>"}


def make_form() -> Form:
    """The 25 fields, deterministic: every value kind appears several times."""
    fields = tuple(
        Field(
            name=name,
            label=name.replace("_", " ").capitalize() + (" & more" if i % 6 == 0 else ""),
            type=TYPES[i % len(TYPES)],
            value=HOSTILE_VALUE if i % 5 == 0 else None if i % 5 == 1 else f"value {i}",
            placeholder=None if i % 4 == 3 else f"Your {name.replace('_', ' ')} <e.g.>",
            required=i % 3 == 0,
            disabled=i % 7 == 6,
            extra=_extra(i, name),
            help=f"Help for {name}: 'letters' & digits" if i % 2 == 0 else None,
        )
        for i, name in enumerate(NAMES)
    )
    return Form(action="/profile?tab=details&save=1", csrf="tok'en<&>", fields=fields)


# -- htmltemplates and tdom ----------------------------------------------------------------


def field(f: Field) -> Template:
    return t"""<div class="field">
  <label for="f-{f.name}">{f.label}</label>
  <input class="input" type="{f.type}" id="f-{f.name}" name={f.name} value={f.value}
    placeholder={f.placeholder} required={f.required} disabled={f.disabled} {f.extra}>
  {f.help and t'<p class="help" id="help-{f.name}">{f.help}</p>'}
</div>
"""


def form_template(form: Form) -> Template:
    return t"""<form method="post" action={form.action}>
<input type="hidden" name="csrf" value={form.csrf}>
{[field(f) for f in form.fields]}
<button type="submit">Save</button>
</form>
"""


def render_htmltemplates(data: Form) -> str:
    return html(form_template(data))


def render_tdom(data: Form) -> str:
    return tdom_html(form_template(data))


# -- baseline --------------------------------------------------------------------------------


def field_baseline(f: Field) -> str:
    value = "" if f.value is None else f' value="{escape(f.value)}"'
    placeholder = "" if f.placeholder is None else f' placeholder="{escape(f.placeholder)}"'
    required = " required" if f.required else ""
    disabled = " disabled" if f.disabled else ""
    extra = "".join([f' {key}="{escape(v)}"' for key, v in f.extra.items()])
    help = f'<p class="help" id="help-{escape(f.name)}">{escape(f.help)}</p>' if f.help else ""
    return f"""<div class="field">
  <label for="f-{escape(f.name)}">{escape(f.label)}</label>
  <input class="input" type="{escape(f.type)}" id="f-{escape(f.name)}" name="{escape(f.name)}"
    {value}{placeholder}{required}{disabled}{extra}>
  {help}
</div>
"""


def render_baseline(data: Form) -> str:
    fields = "".join([field_baseline(f) for f in data.fields])
    return f"""<form method="post" action="{escape(data.action)}">
<input type="hidden" name="csrf" value="{escape(data.csrf)}">
{fields}
<button type="submit">Save</button>
</form>
"""


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCES = {
    "fields.html": """\
{% macro field(f) -%}
<div class="field">
  <label for="f-{{ f.name }}">{{ f.label }}</label>
  <input class="input" type="{{ f.type }}" id="f-{{ f.name }}" name="{{ f.name }}"
    {%- if f.value is not none %} value="{{ f.value }}"{% endif %}
    {%- if f.placeholder is not none %} placeholder="{{ f.placeholder }}"{% endif %}
    {%- if f.required %} required{% endif %}
    {%- if f.disabled %} disabled{% endif %}{{ f.extra|xmlattr }}>
  {% if f.help %}<p class="help" id="help-{{ f.name }}">{{ f.help }}</p>{% endif %}
</div>
{% endmacro %}
""",
    "form.html": """\
{% from "fields.html" import field %}<form method="post" action="{{ form.action }}">
<input type="hidden" name="csrf" value="{{ form.csrf }}">
{% for f in form.fields %}{{ field(f) }}{% endfor %}
<button type="submit">Save</button>
</form>
""",
}


def setup() -> Renderers:
    data = make_form()
    env = Environment(loader=DictLoader(JINJA_SOURCES), autoescape=True, undefined=StrictUndefined)
    template = env.get_template("form.html")
    return {
        "baseline": lambda: render_baseline(data),
        "htmltemplates": lambda: render_htmltemplates(data),
        "jinja2": lambda: template.render(form=data),
        "tdom": lambda: render_tdom(data),
    }


WORKLOAD = Workload(
    name="attrs",
    description="a 25-field form: dynamic values, None/True/False attributes, spreads",
    document=False,
    setup=setup,
)
