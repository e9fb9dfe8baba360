"""Components: templates a function returns are HTML when the function is used as a component
or says it returns a Template, even with no tag of their own."""

from string.templatelib import Template

from htmltemplates import html

name = "x"


def Badge() -> str:  # noqa: N802
    return t"<{name}"  # html() refuses it: the component tag is never closed


def Card(*, children: Template) -> Template:  # noqa: N802
    return t"<{Badge} />{children}</{name}>"


html(t"<{Card}><p>{name}</p></{Card}>")
