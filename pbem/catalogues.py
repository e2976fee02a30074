"""The translators' tool: the messages of each template folder, and their catalogues kept up to date.

    python -m pbem.catalogues update [LANGUAGE...]   add new messages to every catalogue (or start these
                                                     languages), drop those no template says any more
    python -m pbem.catalogues check                  list what is not translated; exit 1 if anything is

A folder's messages are those its templates mark (`{% trans %}`, `_()`, `ngettext()`) and the sentences of
the problem table that goes with it: the shell's (pbem/problems.py) for common/, a game's own
(games/<game>/problems.py) for that game's folder. The English text is the message id.
"""
from __future__ import annotations

import importlib
import io
import sys

from pbem.languages import COMMON, TEMPLATES, catalogue_path

JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true", "trimmed": "true",
                 "newstyle_gettext": "true"}   # trimmed: a message says its lines as one, as render._env does


PLURAL_FORMS: dict[str, str] = {}
"""A language whose plurals are not one and many gives its gettext Plural-Forms here."""


def folders() -> list[str]:
    return sorted(path.name for path in TEMPLATES.iterdir() if path.is_dir() and any(path.glob("*.j2")))


def problem_table(folder: str):
    """The ProblemTable whose sentences this folder's catalogue translates, if any."""
    module = "pbem.problems" if folder == COMMON else f"games.{folder}.problems"
    try:
        return importlib.import_module(module).PROBLEMS
    except ModuleNotFoundError:
        return None


def messages(folder: str) -> dict[str | tuple[str, str], list[str]]:
    """Each message id of the folder (a pair for a plural) with where it is said (a template, or the problem
    code whose sentence it is), in a stable order."""
    from babel.messages.extract import extract

    found: dict = {}
    for path in sorted((TEMPLATES / folder).glob("*.j2")):
        with path.open("rb") as handle:
            # jinja2's extractor named as babel's mapping files name it (its type and babel's differ in detail)
            for _line, message, _comments, _context in extract("jinja2.ext:babel_extract", handle,
                                                              options=JINJA_OPTIONS):
                found.setdefault(message, []).append(f"templates/{folder}/{path.name}")
    table = problem_table(folder)
    if table is not None:
        for code, (_reason, sentence) in table.table.items():
            found.setdefault(sentence, []).append(f"problem {code}")
    return found


def read(folder: str, language: str):
    from babel.messages.pofile import read_po

    path = catalogue_path(folder, language)
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def untranslated(folder: str, language: str) -> list[str | tuple[str, str]]:
    """The folder's message ids this language's catalogue leaves untranslated (absent, empty or fuzzy)."""
    catalogue = read(folder, language)
    missing = []
    for message_id in messages(folder):
        entry = catalogue.get(message_id) if catalogue is not None else None
        strings = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(message_id)
    return missing


def update(folder: str, language: str) -> int:
    """Write the folder's catalogue for the language with every message id of today, translations kept; the
    number of messages still to translate."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    old = read(folder, language)
    new = Catalog(locale=language, domain=folder, project="pbem", fuzzy=False,
                  creation_date=old.creation_date if old is not None else None)
    for message_id, places in messages(folder).items():
        entry = old.get(message_id) if old is not None else None
        string = entry.string if entry is not None else ("", "") if isinstance(message_id, tuple) else ""
        problems = [place for place in places if place.startswith("problem ")]
        # a place without a line, (place, None), as babel's read_po itself gives one; babel's type says an int
        new.add(message_id, string,
                locations=[(place, None) for place in places if place not in problems],  # type: ignore[misc]
                auto_comments=problems, flags=("python-brace-format",) if problems else ())
    # two forms, one and many, as gettext has always had them for Spanish and most languages
    new.mime_headers = [*new.mime_headers, ("Plural-Forms", PLURAL_FORMS.get(language, "nplurals=2; plural=(n != 1);"))]
    if old is not None:
        new.revision_date = old.revision_date
    text = io.BytesIO()
    write_po(text, new, width=100, omit_header=False, include_lineno=False, sort_output=False)
    catalogue_path(folder, language).write_bytes(text.getvalue())
    return len(untranslated(folder, language))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "check"):
        print(__doc__)
        return 2
    languages = argv[1:] or sorted({path.stem for path in TEMPLATES.glob("*/*.po")})
    left = 0
    for language in languages:
        for folder in folders():
            if argv[0] == "update":
                count = update(folder, language)
            else:
                count = len(untranslated(folder, language))
            left += count
            print(f"{folder}/{language}.po: {count} to translate")
    return 1 if argv[0] == "check" and left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
