"""The languages a player may read pbem in: English, the templates' own, and each language with catalogues.

Every text a player receives is a template (templates/) whose sentences are English message ids, and a
game's problem sentences (its ProblemTable); a language is a gettext catalogue of their translations, one
file per template folder: `templates/<folder>/<language>.po` (common/ for the shell's mails, and one
folder per game). A language is offered once it is listed in templates/languages.toml, which a test allows only when its
catalogues are whole; a campaign offers it when the common folder and its game's folder both have its
catalogue. So a player is never given a language half of his mail is not written in.

The catalogues are read with Babel, as `python -m pbem.catalogues` writes them: no compiled files are kept
beside them, so that what is translated is always what the .po says.
"""
from __future__ import annotations

import io
from functools import lru_cache
from gettext import GNUTranslations, NullTranslations
from pathlib import Path

ENGLISH = "en"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
COMMON = "common"


def catalogue_path(folder: str, language: str) -> Path:
    return TEMPLATES / folder / f"{language}.po"


@lru_cache(maxsize=1)
def listed() -> dict[str, dict]:
    """The languages templates/languages.toml lists, with what it says of each (their own name)."""
    import tomllib

    with (TEMPLATES / "languages.toml").open("rb") as handle:
        return tomllib.load(handle)


def contracted(text: str, language: str) -> str:
    """The text with the language's contractions made (languages.toml: Spanish "a el ejército" is "al
    ejército"), each a whole-word match, so that "a ella" or "a El Salvador" stay as written."""
    pairs = listed().get(language, {}).get("contractions")
    if not pairs:
        return text
    return _contractions(tuple(sorted(pairs.items()))).sub(lambda match: pairs[match.group(0)], text)


@lru_cache(maxsize=8)
def _contractions(pairs: tuple[tuple[str, str], ...]):
    import re

    return re.compile(r"\b(?:" + "|".join(re.escape(words) for words, _ in pairs) + r")\b")


def offered(game_folder: str) -> tuple[str, ...]:
    """The languages a campaign of the game in this template folder may give its players, English first."""
    return (ENGLISH, *(language for language in sorted(listed()) if language != ENGLISH
                       and catalogue_path(COMMON, language).is_file()
                       and catalogue_path(game_folder, language).is_file()))


@lru_cache(maxsize=8)
def translations(language: str) -> NullTranslations:
    """The messages of every template folder in this language, as gettext uses them; English is the
    templates' own words. A folder without the language's catalogue leaves its messages in English."""
    if language == ENGLISH:
        return NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = None
    for path in sorted(TEMPLATES.glob(f"*/{language}.po")):
        with path.open("rb") as handle:
            catalogue = read_po(handle, locale=language)
        compiled = io.BytesIO()
        write_mo(compiled, catalogue)   # untranslated and fuzzy messages are left out: they stay English
        compiled.seek(0)
        part = GNUTranslations(compiled)
        if merged is None:
            merged = part
        else:
            merged.add_fallback(part)   # a message id is one folder's: the first that has it answers
    return merged or NullTranslations()
