"""classes: the ``class`` builders, in a 30-item task list.

Each item: ``<li class={["task", t.kind, t.size]}>`` (a list whose None items drop out),
``<a class={{"tab": True, "active": t.active, "done": t.done}}>`` (a dict of conditions), a
badge with a mixed list, ``class={["badge", t.tone, {"pill": t.pill}, t.flagged and "flag"]}``
(None, a dict, and False when the condition fails), ``class="btn btn-{t.kind}"`` (a hole among
static classes), and an icon whose list is sometimes all None, which drops the attribute.
tdom is left out: it raises TypeError for False or a dict inside a class list.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import Environment
from markupsafe import escape

from bench.core import NotApplicable, Renderers, Workload
from bench.workloads._hand import classes
from htmltemplates import html

__all__ = ["WORKLOAD", "Task", "make_tasks"]

KINDS = ("bug", "feature", "chore")
TONES = ("red", None, "green", "blue")


@dataclass(frozen=True, slots=True)
class Task:
    id: int
    title: str
    kind: str
    size: str | None
    active: bool
    done: bool
    tone: str | None
    pill: bool
    flagged: bool
    icon: str | None


def make_tasks(count: int = 30) -> tuple[Task, ...]:
    return tuple(
        Task(
            id=i,
            title=f"Task {i}: fix <thing> & 'stuff'",
            kind=KINDS[i % 3],
            size=None if i % 4 == 0 else ("small", "large", "wide")[i % 3],
            active=i % 5 == 0,
            done=i % 3 == 1,
            tone=TONES[i % 4],
            pill=i % 2 == 0,
            flagged=i % 6 == 5,
            icon=None if i % 3 else "icon-star",
        )
        for i in range(count)
    )


# -- htmltemplates ---------------------------------------------------------------------------


def task(t_: Task) -> Template:
    badge = ["badge", t_.tone, {"pill": t_.pill, "muted": t_.done}, t_.flagged and "flag"]
    return t"""<li class={["task", t_.kind, t_.size]}>
  <a class={ {"tab": True, "active": t_.active, "done": t_.done} } href="#t{t_.id}">{t_.title}</a>
  <span class={badge}>{t_.kind}</span>
  <button class="btn btn-{t_.kind}" type=button><i class={[t_.icon]}></i>Open</button>
</li>
"""


def render_htmltemplates(tasks: tuple[Task, ...]) -> str:
    return html(t'<ul class="tasks">\n{[task(x) for x in tasks]}</ul>')


# -- baseline --------------------------------------------------------------------------------


def task_baseline(t_: Task) -> str:
    li = classes(["task", t_.kind, t_.size])
    tab = classes([{"tab": True, "active": t_.active, "done": t_.done}])
    badge = classes(["badge", t_.tone, {"pill": t_.pill, "muted": t_.done}, t_.flagged and "flag"])
    icon = f' class="{escape(t_.icon)}"' if t_.icon else ""
    return f"""<li class="{escape(li)}">
  <a class="{escape(tab)}" href="#t{t_.id}">{escape(t_.title)}</a>
  <span class="{escape(badge)}">{escape(t_.kind)}</span>
  <button class="btn btn-{escape(t_.kind)}" type=button><i{icon}></i>Open</button>
</li>
"""


def render_baseline(tasks: tuple[Task, ...]) -> str:
    return f'<ul class="tasks">\n{"".join([task_baseline(x) for x in tasks])}</ul>'


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCE = """<ul class="tasks">
{% for t in tasks -%}
<li class="{{ ['task', t.kind, t.size]|select|join(' ') }}">
  <a class="{{ ['tab', 'active' if t.active, 'done' if t.done]|select|join(' ') }}" \
href="#t{{ t.id }}">{{ t.title }}</a>
  <span class="{{ ['badge', t.tone, 'pill' if t.pill, 'muted' if t.done, t.flagged and 'flag']
    |select|join(' ') }}">{{ t.kind }}</span>
  <button class="btn btn-{{ t.kind }}" type=button><i
  {%- if t.icon %} class="{{ t.icon }}"{% endif %}></i>Open</button>
</li>
{% endfor %}</ul>"""


def setup() -> Renderers:
    tasks = make_tasks()
    template = Environment(autoescape=True).from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(tasks),
        "htmltemplates": lambda: render_htmltemplates(tasks),
        "jinja2": lambda: template.render(tasks=tasks),
        "tdom": NotApplicable("tdom raises TypeError for False or a dict inside a class list"),
    }


WORKLOAD = Workload(
    name="classes",
    description="class lists with None/False items, dicts of conditions, mixed lists",
    document=False,
    setup=setup,
    exact=True,
)
