"""A small blog rendered with components: a layout with slots, pages that fill it, a provider.

Run it (``PYTHONPATH=. python examples/components_demo.py``) to print the two pages. Everything
a Jinja site would split into ``base.html`` with blocks, includes and macros is here a Python
function (or a dataclass) that returns a template:

- ``Layout`` is the base template: ``children`` is its main block, ``head`` and ``aside`` are
  slots with defaults;
- ``PostPage`` and ``IndexPage`` "extend" it by rendering it as a tag;
- ``SiteHeader`` is an include, ``PostCard`` and ``Tag`` are macros, loops are comprehensions;
- ``viewer`` is provided once around the page and read deep inside by ``SiteHeader`` and
  ``CommentForm``, without being passed down as a prop.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from string.templatelib import Template

from htmltemplates import Markup, Provider, html

__all__ = ["POSTS", "Post", "User", "index_page", "post_page", "viewer"]


@dataclass(frozen=True, slots=True)
class User:
    name: str
    admin: bool = False


@dataclass(frozen=True, slots=True)
class Post:
    slug: str
    title: str
    published: date
    tags: tuple[str, ...]
    paragraphs: tuple[str, ...]


POSTS = (
    Post(
        "spam",
        "Spam, spam & eggs",
        date(2025, 5, 17),
        ("food", "<script>"),
        ("Lovely spam, wonderful spam.", "Eggs <b>are</b> optional."),
    ),
    Post("parrot", "A Norwegian Blue", date(2025, 6, 1), ("pets",), ("It is resting.",)),
)

viewer: Provider[User | None] = Provider("viewer", default=None)
"""Who is looking at the page: provided once per request, read by the components that care."""


# -- the layout: Jinja's base.html ---------------------------------------------------------------


def Layout(  # noqa: N802 - components are named like classes
    *,
    title: str,
    children: Template,
    head: Template | None = None,
    aside: Template = t"<p>Thanks for reading.</p>",
) -> Template:
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title} - The Blog</title>{head}
</head>
<body>
<{SiteHeader} />
<main>{children}</main>
<aside>{aside}</aside>
</body>
</html>
"""


def SiteHeader() -> Template:  # noqa: N802
    """An include: the same header on every page, with the viewer read from the provider."""
    user = viewer.get()
    greeting = t"<span>Hello, {user.name}!</span>" if user else t"<a href=/login>Log in</a>"
    return t'<header><a href="/" class="brand">The Blog</a> {greeting}</header>'


# -- macros ----------------------------------------------------------------------------------


def Tag(*, name: str) -> Template:  # noqa: N802
    return t'<a class="tag" href="/tags/{name}">#{name}</a>'


def PostCard(*, post: Post, children: Template | None = None) -> Template:  # noqa: N802
    tags = [t"<{Tag} name={tag} />" for tag in post.tags]
    return t"""<article class="card">
  <h2><a href="/posts/{post.slug}">{post.title}</a></h2>
  <time datetime={post.published.isoformat()}>{post.published:%d %B %Y}</time>
  {children}
  <p class="tags">{tags}</p>
</article>"""


@dataclass
class CommentForm:
    """A class-based component: its fields are the props, ``__html__`` renders it."""

    slug: str

    def __html__(self) -> str:
        user = viewer.get()
        if user is None:
            return html(t"<p><a href=/login>Log in</a> to comment.</p>")
        return html(t"""<form method=post action="/posts/{self.slug}/comments">
  <textarea name=body placeholder="Say something nice, {user.name}"></textarea>
  <button data-admin={user.admin}>Send</button>
</form>""")


# -- pages: they "extend" the layout -----------------------------------------------------------


def IndexPage(*, posts: tuple[Post, ...]) -> Template:  # noqa: N802
    cards = [t"<{PostCard} post={post} />" for post in posts]
    return t"""<{Layout} title="Home">
<h1>Latest posts</h1>
{cards or t"<p>Nothing yet.</p>"}
</{Layout}>"""


def PostPage(*, post: Post) -> Template:  # noqa: N802
    head = t'<meta name="description" content={post.paragraphs[0]}>'
    return t"""<{Layout} title={post.title} head={head} aside={t"<a href=/>All posts</a>"}>
<{PostCard} post={post}>
  {[t"<p>{paragraph}</p>" for paragraph in post.paragraphs]}
</{PostCard}>
<{CommentForm} slug={post.slug} />
</{Layout}>"""


# -- what a view would return ------------------------------------------------------------------


def index_page(user: User | None = None) -> Markup:
    with viewer.using(user):
        return html(t"<{IndexPage} posts={POSTS} />")


def post_page(slug: str, user: User | None = None) -> Markup:
    post = next(post for post in POSTS if post.slug == slug)
    return html(t"<{viewer.provide} value={user}><{PostPage} post={post} /></{viewer.provide}>")


if __name__ == "__main__":
    print(index_page())
    print(post_page("spam", User("Brian <of Nazareth>", admin=True)))
