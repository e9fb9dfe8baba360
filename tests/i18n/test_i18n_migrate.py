"""``python -m htmltemplates migrate-po``: a Flask-Babel / Jinja2 catalog (``%(name)s``) rewritten
to the ids of translated t-strings, checked against what ``pybabel extract`` with the
``htmltemplates`` method writes, ``pybabel update`` (no fuzzy entry) and a rendered page."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import babel
import pytest
from babel.messages import extract as babel_extract
from babel.messages import pofile
from babel.messages.catalog import Catalog

from htmltemplates import html
from htmltemplates.i18n import Catalogs, using_language
from htmltemplates.i18n.migrate import convert, main, migrate_catalog

HEADER = """\
# French translations for app.
# Copyright (C) 2025 ORGANIZATION
msgid ""
msgstr ""
"Project-Id-Version: app 1.0\\n"
"Report-Msgid-Bugs-To: dev@example.com\\n"
"POT-Creation-Date: 2025-03-01 12:00+0000\\n"
"PO-Revision-Date: 2025-03-02 12:00+0000\\n"
"Last-Translator: Ada <ada@example.com>\\n"
"Language: fr\\n"
"Language-Team: fr <LL@li.org>\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Generated-By: Babel {version}\\n"

"""

# the catalog of a Flask-Babel app: gettext("Hello %(name)s", name=...) and Jinja's {% trans %}
JINJA_PO = (
    HEADER.format(version="2.10.0")
    + """\
#: app/views.py:4
msgid "Follow"
msgstr "Suivre"

#: app/views.py:5
#, python-format
msgid "Hello %(name)s"
msgstr "Bonjour %(name)s"

#: app/views.py:6
#, python-format
msgid "%(num)d item"
msgid_plural "%(num)d items"
msgstr[0] "%(num)d article"
msgstr[1] "%(num)d articles"

#: app/views.py:7
#, python-format
msgid "%(rate)s%% off, %(price).2f €"
msgstr "%(rate)s %% de remise, %(price).2f €"

#: app/views.py:8
msgid "Write {name} for the name"
msgstr "Écrivez {name} pour le nom"

#: app/views.py:9
#, python-format
msgid "Deleted %s"
msgstr "%s supprimé"
"""
)

MIGRATED_PO = (
    HEADER.format(version=babel.__version__).replace(
        "# Copyright (C) 2025 ORGANIZATION\n",
        "# Copyright (C) 2025 ORGANIZATION\n"
        "# Placeholders migrated to t-string ids (htmltemplates migrate-po).\n",
    )
    + """\
#: app/views.py:4
msgid "Follow"
msgstr "Suivre"

#: app/views.py:5
#, python-brace-format
msgid "Hello {name}"
msgstr "Bonjour {name}"

#: app/views.py:6
#, python-brace-format
msgid "{num} item"
msgid_plural "{num} items"
msgstr[0] "{num} article"
msgstr[1] "{num} articles"

#: app/views.py:7
#, python-brace-format, python-format
msgid "{rate}% off, {price} €"
msgstr "{rate} % de remise, {price} €"

#: app/views.py:8
msgid "Write {{name}} for the name"
msgstr "Écrivez {{name}} pour le nom"

#: app/views.py:9
#, python-format
msgid "Deleted %s"
msgstr "%s supprimé"

"""
)

REPORT = """\
{path}:{rate}: '%(rate)s%% off, %(price).2f €': converted; %(price).2f is {{price}} in the id: \
write {{price:.2f}} in the t-string
{path}:{deleted}: 'Deleted %s': left unchanged: the positional placeholder '%s' has no name
{path}: 4 entries converted, 1 left unchanged (see above)
"""

# the same views, ported to t-strings
VIEWS = '''\
from htmltemplates.i18n import _, ngettext


def page(name, num, rate, price):
    return t"""<h1>{_(t"Follow")}</h1>
<p>{_(t"Hello {name}")}</p>
<p>{ngettext(t"{num} item", t"{num} items", num)}</p>
<p>{_(t"{rate}% off, {price:.2f} €")}</p>
<p>{_(t"Write {{name}} for the name")}</p>"""
'''


def test_the_command_rewrites_ids_and_translations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "fr.po"
    source.write_text(JINJA_PO, encoding="utf-8")
    out = tmp_path / "out.po"
    assert main([str(source), "-o", str(out)]) == 1  # an entry is left unchanged
    assert out.read_text(encoding="utf-8") == MIGRATED_PO
    lines = JINJA_PO.splitlines()
    rate = lines.index('msgid "%(rate)s%% off, %(price).2f €"') + 1
    deleted = lines.index('msgid "Deleted %s"') + 1
    assert capsys.readouterr().err == REPORT.format(path=source, rate=rate, deleted=deleted)
    assert source.read_text(encoding="utf-8") == JINJA_PO
    # a second run would double the braces: refused, the file as it was
    assert main([str(out), "--in-place"]) == 2
    assert out.read_text(encoding="utf-8") == MIGRATED_PO
    assert capsys.readouterr().err == (
        f"{out}: not migrated: the catalog was migrated already (its header comment says so)\n"
    )


def test_the_command_is_wired_and_exits_0_when_all_convert(tmp_path: Path) -> None:
    good = tmp_path / "de.po"
    good.write_text(
        HEADER.format(version="2.10.0")
        + '#, python-format\nmsgid "Hello %(name)s"\nmsgstr "Hallo %(name)s"\n',
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "htmltemplates", "migrate-po", str(good), "--in-place"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "",
        f"{good}: 1 entries converted, 0 left unchanged\n",
    )
    assert good.read_text(encoding="utf-8").endswith(
        '#, python-brace-format\nmsgid "Hello {name}"\nmsgstr "Hallo {name}"\n\n'
    )


def test_several_files_are_migrated_in_place_only(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exited:
        main([str(tmp_path / "a.po"), str(tmp_path / "b.po")])
    assert exited.value.code == 2


def _extracted(directory: Path) -> Catalog:
    """pybabel extract -F babel.cfg, with the htmltemplates method, through Babel's API."""
    template = Catalog()
    for filename, lineno, message, comments, context in babel_extract.extract_from_dir(
        str(directory), [("**.py", "htmltemplates")], {}
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _update(po: str, template: Catalog) -> Catalog:
    """pybabel update: the catalog merged with the new template."""
    catalog = pofile.read_po(io.StringIO(po), locale="fr")
    catalog.update(template)
    return catalog


def test_after_migration_pybabel_update_keeps_the_translations_and_the_page_is_french(
    tmp_path: Path,
) -> None:
    app = tmp_path / "app"
    app.mkdir()
    (app / "views.py").write_text(VIEWS, encoding="utf-8")
    template = _extracted(app)
    ids = [message.id for message in template if message.id]
    assert ids == [
        "Follow",
        "Hello {name}",
        ("{num} item", "{num} items"),
        "{rate}% off, {price} €",
        "Write {{name}} for the name",
    ]

    # before: the ids differ, and pybabel update makes the translations fuzzy
    before = _update(JINJA_PO, template)
    assert [message.id for message in before if message.fuzzy and message.id] == [
        "Hello {name}",
        ("{num} item", "{num} items"),
        "{rate}% off, {price} €",
        "Write {{name}} for the name",
    ]

    catalog = pofile.read_po(io.StringIO(JINJA_PO), locale="fr")
    migration = migrate_catalog(catalog)
    assert [entry.msgid for entry in migration.left] == ["Deleted %s"]
    written = io.BytesIO()
    pofile.write_po(written, catalog, include_previous=True)
    after = _update(written.getvalue().decode(), template)
    assert [message.id for message in after if message.fuzzy] == []
    assert [message.id for message in after if message.id] == ids
    assert list(after.obsolete) == ["Deleted %s"]

    directory = tmp_path / "translations" / "fr" / "LC_MESSAGES"
    directory.mkdir(parents=True)
    with (directory / "messages.po").open("wb") as po:
        pofile.write_po(po, after)
    spec = importlib.util.spec_from_file_location("migrated_views", app / "views.py")
    assert spec is not None
    assert spec.loader is not None
    views = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(views)
    with using_language(Catalogs.from_po(tmp_path / "translations", ["fr"])["fr"]):
        page = html(views.page("<Ada>", 3, 20, 9.5))
    assert page == (
        "<h1>Suivre</h1>\n"
        "<p>Bonjour &lt;Ada&gt;</p>\n"
        "<p>3 articles</p>\n"
        "<p>20 % de remise, 9.50 €</p>\n"
        "<p>Écrivez {name} pour le nom</p>"
    )


@pytest.mark.parametrize(
    ("text", "python_format", "converted", "notes", "problems"),
    [
        ("%(user.name)s & %%", True, "{user.name} & %", (), ()),
        ("100% {sure}", False, "100% {{sure}}", (), ()),
        ("%(x)r", True, "{x}", ("%(x)r is {x} in the id: write {x!r} in the t-string",), ()),
        ("%(n)05d", True, "{n}", ("%(n)05d is {n} in the id: write {n:05d} in the t-string",), ()),
        ("%(s)-8s", True, "{s}", ("%(s)-8s is {s} in the id: write {s:<8} in the t-string",), ()),
        ("%(s)8s", True, "{s}", ("%(s)8s is {s} in the id: write {s:>8} in the t-string",), ()),
        ("%(n)x", True, "{n}", ("%(n)x is {n} in the id: write {n:x} in the t-string",), ()),
        ("%d%%", True, "%d%", (), ("the positional placeholder '%d' has no name",)),
        (
            "%(a-b)s",
            True,
            "%(a-b)s",
            (),
            ("the placeholder '%(a-b)s' is not named by a Python name",),
        ),
        ("%(n)*d", True, "%(n)*d", (), ("the placeholder '%(n)*d' has no t-string form",)),
        (
            "%(n)s at 5%",
            True,
            "{n} at 5%",
            (),
            ("'%' is a lone % (a percent sign is %% in a %-format)",),
        ),
    ],
)
def test_convert(
    text: str,
    python_format: bool,
    converted: str,
    notes: tuple[str, ...],
    problems: tuple[str, ...],
) -> None:
    result = convert(text, python_format)
    assert (result.text, result.notes, result.problems) == (converted, notes, problems)


def test_an_id_that_another_entry_has_is_left_unchanged() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("%(n)s left", "%(n)s restants")
    catalog.add("%(n)d left", "%(n)d restant(s)")
    migration = migrate_catalog(catalog)
    assert [(entry.msgid, entry.problems) for entry in migration.left] == [
        ("%(n)d left", ("its new id '{n} left' is the id of another entry",))
    ]
    assert [(m.id, m.string) for m in catalog if m.id] == [
        ("{n} left", "{n} restants"),
        ("%(n)d left", "%(n)d restant(s)"),
    ]


def test_a_catalog_updated_to_the_new_ids_already_is_reported() -> None:
    """pybabel update run before the migration: the new id, the old translation, fuzzy."""
    catalog = Catalog(locale="fr")
    catalog.add("Hello {name}", "Bonjour %(name)s", flags=["fuzzy"])
    migration = migrate_catalog(catalog)
    assert [(entry.msgid, entry.problems) for entry in migration.left] == [
        (
            "Hello {name}",
            (
                "its translation has %(name)s placeholders and its id has none: was the catalog"
                " updated to the new ids already? Migrate it as Jinja left it, before pybabel"
                " update",
            ),
        )
    ]
    assert [(m.id, m.string) for m in catalog if m.id] == [("Hello {name}", "Bonjour %(name)s")]


def test_a_file_that_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.po"
    assert main([str(missing), "--in-place"]) == 2
    assert capsys.readouterr().err == f"{missing}: not migrated: No such file or directory\n"
