"""Reports: built once as plain data from one player's view, then rendered by templates.

The report model is made only from the player's seat (pbem.door: the game's view of the
state for that player), the events whose audience holds the player, and public round
facts (dice reveal and commitment, who was defaulted, a re-run). Nothing else reaches
the templates.
"""
from __future__ import annotations

import re
import types
import urllib.parse
from collections.abc import Set
from functools import lru_cache
from gettext import NullTranslations
from typing import Any
from xml.etree import ElementTree

import css_inline
from markupsafe import Markup, escape

import games
from engine import canonical, for_player
from engine.dice import ALGORITHM
from engine.events import ALL, for_players, visible_to
from pbem.languages import ENGLISH, TEMPLATES, contracted, translations
from pbem.press import KINDS as SHELL_KINDS
from pbem.report_schema import SCHEMA_VERSION
from pbem.tokens import TOKEN_PLACEHOLDER

REPORT_FORMAT = "pbem-report-1"


def template_folder(game_name: str) -> str:
    """The folder of a game's templates and catalogues under templates/: its name's, "_" for "-", or that of the
    game it is built on (Game.based_on)."""
    from games import GAMES, MODULES

    based_on = GAMES[game_name].based_on if game_name in MODULES else None
    if based_on:
        game_name = based_on
    return game_name.replace("-", "_")


class RoundReports:
    """What the reports of one round have in common, made once for all the players: each event without its
    audience (one dict for all who may see it) and the dice record, with their canonical JSON texts.

    The JSON of a report is mostly the round's events, nearly all of them public; made once per player, and
    once more for the record chain, it cost a fifth of a battle round's time.
    """

    def __init__(self, players: list[str], events: list[dict], round_number: int, dice: dict,
                 next_commitment: str | None) -> None:
        self.texts = canonical.Texts()
        self.events = for_players(events, players)
        for seen in self.events.values():
            for ev in seen:
                self.texts.share(ev)
        self.dice = self.texts.share(dice_part(round_number, dice, next_commitment))
        self.public = _public_ids(events, self.events)
        self.told: dict[str, Sentences] = {}

    def sentences_in(self, language: str) -> Sentences:
        """The round's sentences in one language, told once for all the reports in it."""
        if language not in self.told:
            self.told[language] = Sentences(*self.public)
        return self.told[language]

    @property
    def sentences(self) -> Sentences:
        return self.sentences_in(ENGLISH)


def _public_ids(events: list[dict], seen_by: dict[str, list[dict]]) -> tuple[set[int], set[int]]:
    """The ids of the dicts for_players made for the events everyone sees ("all"): one dict in every list; and
    of those that follow an event not everyone sees, where a run of public events in some report begins."""
    if not seen_by:
        return set(), set()
    first, seen = next(iter(seen_by.items()))
    ids, starts, position, after_private = set(), set(), 0, False
    for ev in events:
        public = ev["audience"] == ALL
        if public:
            ids.add(id(seen[position]))
            if after_private:
                starts.add(id(seen[position]))
        after_private = not public
        if visible_to(ev, first):
            position += 1
    return ids, starts


class Sentences:
    """The sentence of each event every player sees, told once a round for all the reports.

    A public event's sentence is made of the event and the public part of the view alone (the names, the
    colours), so it reads the same in every report: tests/test_report_sentences.py renders the reports of
    whole games both ways and compares them byte for byte. With no public events (a report rendered on its
    own) every sentence is told anew. A round has one for each language its reports are written in
    (RoundReports.sentences_in); besides single sentences it keeps whole runs of public events (`runs`) and the
    phrases a macro makes of plain values (`once`).
    """

    def __init__(self, public: Set[int] = frozenset(), starts: Set[int] = frozenset()) -> None:
        self.public, self.starts = public, starts
        self.told: dict[int, str] = {}
        self.lines: dict[tuple, str] = {}
        self.runs_told: dict[tuple, str] = {}
        self.phrases: dict[tuple, str] = {}

    def __call__(self, event: dict, tell, lead: str = "", width: int = 0, indent: str = "  ") -> str:
        """The sentence after `lead`, and given a width, wrapped as the wrap filter does: kept for the round
        too, as the wrapping of a public sentence is the same in every report (most are a battle's dice)."""
        if id(event) not in self.public:
            return _line(lead + tell(event), width, indent)
        key = (id(event), lead, width, indent)
        if key not in self.lines:
            if id(event) not in self.told:
                self.told[id(event)] = tell(event)
            self.lines[key] = _line(lead + self.told[id(event)], width, indent)
        return self.lines[key]

    def runs(self, events: list[dict], told) -> str:
        """The events as `told` (a macro taking a list of events) tells them, each run of public events told once
        for the round: a busy round's battles are most of every report, and the same in each. The runs are cut
        where any report's private events cut them (`starts`), so that every report's runs are the same."""
        text: list[str] = []
        run: list[dict] = []
        for event in events:
            public = id(event) in self.public
            if run and (public != (id(run[0]) in self.public) or (public and id(event) in self.starts)):
                text.append(self._told_run(run, told))
                run = []
            run.append(event)
        if run:
            text.append(self._told_run(run, told))
        return Markup("").join(text) if text and isinstance(text[0], Markup) else "".join(text)

    def _told_run(self, run: list[dict], told) -> str:
        if id(run[0]) not in self.public:
            return told(run)
        key = (told.name, *map(id, run))   # the macro is made anew at every render: its name is the key
        if key not in self.runs_told:
            self.runs_told[key] = told(run)
        return self.runs_told[key]

    def once(self, words, *values):
        """What the macro `words` says of these values (plain data: a force, a count), said once for the round in
        this language: a phrase made of its values alone (the words of "2 spearmen and an archer") reads the same
        wherever it is said, and the tables of every report say the same few forces again and again."""
        key = (words._func.__code__.co_filename, words.name, canonical.dumps(values))   # the macro's template too
        if key not in self.phrases:
            self.phrases[key] = words(*values)
        return self.phrases[key]


def _line(text: str, width: int, indent: str) -> str:
    return wrap(text, width, indent) if width else text


def dice_part(round_number: int, dice: dict, next_commitment: str | None) -> dict:
    return {"algorithm": ALGORITHM, "round": round_number, **dice, "next_commitment": next_commitment}


def report_model(seat, *, round_number: int, events: list[dict], dice: dict, next_commitment: str | None,
                 deadline: str | None, defaulted: list[str], rerun: dict | None, shared: RoundReports | None = None,
                 timezone: str = "UTC", away: list[str] | None = None, order_form: str | None = None) -> dict:
    """The report of the seat's player (pbem.door.Seat) on round `round_number`: made of the seat's view alone,
    so nothing else can leak (pbem.door makes the seat and the order form).

    `shared`, made from the same events and dice, gives the parts every player's report has in common;
    `timezone` is the campaign's, in which the footer tells the deadline (said in the model unless UTC);
    `away` the players marked away whose missing orders were played for them (said in the model when any).
    For PUBLIC, no player, it is the campaign's public record of the round (pbem site): no order form.
    """
    game, view, player = seat.game, seat.view, seat.player
    over = game.is_over(view)
    return {
        "format": REPORT_FORMAT,
        "schema_version": SCHEMA_VERSION,   # the version of pbem/schemas and the game's report.schema.json
        "campaign": seat.campaign,
        "game": game.name,
        "game_title": game.title,
        "language": seat.language,
        "round": round_number,
        "player": player,
        "view": view,
        "events": shared.events[player] if shared else for_player(events, player),
        "standings": game.standings(view),
        "over": over,
        "defaulted": sorted(defaulted),
        **({"away": sorted(away)} if away else {}),
        "rerun": rerun,
        "dice": shared.dice if shared else dice_part(round_number, dice, next_commitment),
        "next_round": None if over else round_number + 1,
        "deadline": None if over else deadline,
        **({"timezone": timezone} if timezone != "UTC" and deadline and not over else {}),
        "order_form": order_form,
    }


def order_form(seat, body: str | dict) -> str:
    """The order form of the seat's player (pbem.door.order_form): the game's `body` in the shell's envelope."""
    env = _env(seat.language)
    if isinstance(body, dict):   # the form as data: its words are the game's template's
        body = env.get_template(f"{template_folder(seat.game.name)}/order_form.toml.j2").render(form=body)
    return env.get_template("common/order_form.toml.j2").render(
        campaign=seat.campaign, game=seat.game.name, title=seat.game.title, round=seat.round, player=seat.player,
        body=body, placeholder=TOKEN_PLACEHOLDER)


def render_text(model: dict, sentences=None) -> str:
    """The text report, in the model's language; `sentences` (RoundReports.sentences_in that language) tells
    each public event once for the round."""
    model, said = told_apart(model)
    return _env(model["language"]).get_template(f"{template_folder(model['game'])}/report.txt.j2").render(
        r=model, sentence=sentences or Sentences(), chronicle=_chronicle(model), press=said)


def told_apart(model: dict) -> tuple[dict, list[dict]]:
    """(the model with the game's events alone, the shell's: press and private messages, pbem/press.py). The
    game's templates, chronicle and picture tell the game's events; common/press.*.j2 tells the others, in
    every game's report. The event dicts stay the same (Sentences knows them by id)."""
    said = [e for e in model["events"] if e["kind"] in SHELL_KINDS]
    if not said:
        return model, said
    return {**model, "events": [e for e in model["events"] if e["kind"] not in SHELL_KINDS]}, said


def _chronicle(model: dict) -> dict | None:
    game = games.get(model["game"])
    return game.chronicle(model["view"], model["events"], model["round"]) if game.chronicle else None


def render_html(model: dict, sentences=None, picture_svg: str | None = None, nav: list | None = None) -> str:
    """The HTML report as a browser shows it (the public site's pages), made from the same model as the text
    (never from the text). Its sentences are the text's own, unwrapped: `sentences` (RoundReports.sentences)
    tells each public event once for the round's texts and makes each run of public events' HTML once for its
    pages. `picture_svg` (render_picture's) goes in the page's picture slot; `nav`, [(kind, href)], links the
    public site's pages (pbem/site.py)."""
    page = model if picture_svg is None else {**model, "picture_svg": inline(picture_svg)}
    return in_ascii(_page(page, sentences, nav=nav or [], mail=False))


def render_mail_html(model: dict, sentences=None, picture_svg: str | None = None) -> str:
    """The HTML report as a mail carries it, for the mail clients that show no SVG and keep no style sheet
    (Gmail, Outlook): the picture as the PNG drawn from `picture_svg`, an <img> of the mail's own part
    (picture_cid), the battles' dice summed up (every die is in the text and the JSON attached), and the
    style written into each element's style attribute as well (css_inline, which parses the page as a
    browser does), so that a client that drops the <style> block still shows the same page."""
    page = model if picture_svg is None else {**model, "picture_img": mail_picture(model, picture_svg)}
    inlined = css_inline.inline(_page(page, sentences, nav=[], mail=True), keep_style_tags=True)
    return in_ascii(inlined if inlined.endswith("\n") else inlined + "\n")   # a text file's last line break


def welcome_page(page: str, language: str = ENGLISH, **values) -> str:
    """The welcome letter's page: its own part (common/welcome.html.j2: the token, how a round goes) put first in
    the player's report page as the round's mail carries it (reports/PLAYER.html), styled inline with the page's
    own rules. The report is the round's, as archived; the token is in no file of the round."""
    opening = re.search(r'<div class="page"[^>]*>\n', page)
    rules = re.search(r"<style>(.*?)</style>", page, re.S)
    if opening is None or rules is None:   # a page of another make: the letter's text says it all
        return page
    own = _env(language).get_template("common/welcome.html.j2").render(**values)
    at = opening.end()
    return page[:at] + in_ascii(css_inline.inline_fragment(own, rules.group(1))) + page[at:]


MAIL_PICTURE_WIDTH = 640
"""The width a mail shows its picture at: within a phone's and Gmail's column (about 690 px); the PNG is drawn at
the SVG's own size (a map: 1,000 px), 1.56 pixels for each one shown, nearly sharp on a screen of twice the
density (a PNG of 1,280 px would be about 140 KB and a busy round's pictures a third slower)."""


def mail_picture(model: dict, svg: str) -> dict:
    """The picture's <img> in a mail: its part's Content-ID, and the size to show it at, the SVG's scaled to the
    mail's width."""
    root = ElementTree.fromstring(svg.encode("utf-8"))
    width, height = (float(root.get(side, "0").removesuffix("px")) for side in ("width", "height"))
    shown = min(MAIL_PICTURE_WIDTH, round(width))
    cid = picture_cid(model["campaign"], model["round"], model["player"])
    return {"url": "cid:" + urllib.parse.quote(cid, safe="@.-_"), "width": shown,   # RFC 2392: %-encoded
            "height": round(height * shown / width) if width else 0}


def picture_cid(campaign: str, number: int, player: str | None) -> str:
    """The Content-ID of a report mail's picture, which its page names as cid: (RFC 2392): one for each campaign,
    round and player, so that no client showing a thread mistakes one round's map for another's."""
    return f"picture.{campaign}.round-{number}.{player}@pbem"


def _page(page: dict, sentences, *, nav: list, mail: bool) -> str:
    own = f"{template_folder(page['game'])}/report.html.j2"   # a game without one gets the common page
    page, said = told_apart(page)
    return _env(page["language"]).select_template([own, "common/report.html.j2"]).render(
        r=page, sentence=sentences or Sentences(), chronicle=_chronicle(page), nav=nav, press=said, mail=mail)


def inline(svg: str) -> str:
    """An SVG file as a page holds it: without the XML declaration, which only a file of its own has."""
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2:].lstrip("\n")
    return svg


def in_ascii(page: str) -> str:
    """The page with every character beyond ASCII written as a character reference (Tōtōmi as T&#333;t&#333;mi):
    the same page to a browser, and a mail carries it as it is (7bit), where quoted-printable would make every
    "=" of its attributes three bytes, a tenth more for a page with a map. (Its style sheet is ASCII, as a
    reference would not be read there.)"""
    return page if page.isascii() else page.encode("ascii", "xmlcharrefreplace").decode("ascii")


def render_picture(model: dict) -> str | None:
    """The player's picture of the board as SVG, or None for a game without one: the game's picture model made
    from the report model's view and events (the player's own, nothing else), drawn by <folder>/picture.svg.j2
    in the report's language, titled with the report's round (the campaign's, as every text and form counts
    it, whatever a game counts in its state). The template escapes every value, so a name a player chose cannot
    add markup."""
    game = games.get(model["game"])
    if game.picture is None:
        return None
    drawn = game.picture(model["view"], told_apart(model)[0]["events"], model["player"])
    return _env(model["language"]).get_template(f"{template_folder(game.name)}/picture.svg.j2").render(
        picture=drawn, round=model["round"])


def render_json(model: dict) -> str:
    return canonical.dumps(model)


def render(name: str, language: str = ENGLISH, **values) -> str:
    return _env(language).get_template(name).render(**values)


def standing_template(game_name: str) -> str:
    """The template whose macro `standing` tells a standings row in the game's words: <game folder>/standing.txt.j2,
    or common/standing.txt.j2's, which names the columns."""
    own = f"{template_folder(game_name)}/standing.txt.j2"
    return own if (TEMPLATES / own).is_file() else "common/standing.txt.j2"


def subject(kind: str, language: str = ENGLISH, **values) -> str:
    """A mail's subject line in the player's language: the macro `kind` of templates/common/subjects.txt.j2."""
    return said("common/subjects.txt.j2", kind, language, **values)


def said(__template: str, __macro: str, __language: str = ENGLISH, /, **values) -> str:
    """What a template's macro says in the player's language, stripped: a line the shell puts together (a
    subject, a problem's line) whose words are a template's, so that the catalogues have them."""
    return str(getattr(_env(__language).get_template(__template).module, __macro)(**values)).strip()


def gettext(language: str = ENGLISH):
    """The catalogues' gettext in this language: a message id gives its translation, or itself."""
    return translations(language).gettext


def moment(stamp: str, timezone: str = "UTC", language: str = ENGLISH) -> str:
    """A recorded moment (UTC, ISO 8601) in a time zone as a player of the language reads it: in English
    "2026-03-04 20:00 CET", in Spanish "miércoles, 4 de marzo de 2026, 20:00 (CET)". The day is written by
    Babel (CLDR's month and day names) in the pattern templates/common/dates.txt.j2 gives each language;
    the zone by its tz database abbreviation, the same in every language."""
    from zoneinfo import ZoneInfo

    from babel.dates import format_date, format_time

    from pbem import clock

    local = clock.parse(stamp).astimezone(ZoneInfo(timezone))
    module = _env(language).get_template("common/dates.txt.j2").module
    locale = "en" if language == ENGLISH else language
    return str(module.moment(day=format_date(local, str(module.day_pattern()).strip(), locale=locale),
                             time=format_time(local, "HH:mm", locale=locale), zone=local.strftime("%Z"))).strip()


def number(value: int, language: str = ENGLISH) -> str:
    """A whole number with its thousands marked as the language marks them: "65,536", "65.536"."""
    if language == ENGLISH:
        return f"{value:,}"
    from babel.numbers import format_decimal

    return format_decimal(value, locale=language)


def percent(value, language: str = ENGLISH) -> str:
    """A share written in percent as the language writes it, with the digits it was given: "98.8%", and in
    Spanish "98,8 %" (Babel's decimal comma and its no-break space before the sign)."""
    if language == ENGLISH or not isinstance(value, (int, float)) or isinstance(value, bool):
        return f"{value}%"
    from babel.numbers import format_decimal, format_percent

    decimals = len(str(value).partition(".")[2]) if isinstance(value, float) else 0
    digits = format_decimal(value, format="#,##0" + ("." + "0" * decimals if decimals else ""), locale=language)
    return format_percent(0, locale=language).replace("0", digits, 1)


def counts(units: dict) -> str:
    """A force as text, kinds in alphabetical order: "1 archer, 2 spearman"."""
    return ", ".join(f"{n} {kind}" for kind, n in sorted(units.items()) if n)


def tally(units: dict, plurals: dict | None = None, order=(), conjunction: str = "and") -> str:
    """A count of things as a phrase: "1 daimyo, 2 archers and 3 spearmen".

    `plurals` gives the plural of a word that does not just add an s; `order`
    the words to say first, in that order (the rest follow alphabetically), so
    that a template speaks its game's vocabulary while the filter names none.
    """
    if isinstance(units, (list, tuple)):   # several groups told as one: [own units, bonus units]
        merged: dict = {}
        for group in units:
            for word, n in group.items():
                merged[word] = merged.get(word, 0) + n
        units = merged
    plurals, rank = plurals or {}, {word: i for i, word in enumerate(order)}
    present = sorted((word for word, n in units.items() if n), key=lambda word: (rank.get(word, len(rank)), word))
    return listing([f"{units[word]} {word if units[word] == 1 else plurals.get(word, word + 's')}"
                    for word in present], conjunction)


def faces_html(rolls: list[dict], fortification: str | None = None, plurals: dict | None = None) -> Markup:
    """A volley's dice as HTML, "spearmen 3*, 9": the dice of a run of alike units after their name, each hit
    marked (events.txt.j2's `rolls` macro, for a page). Each name is escaped here; the markup is the filter's."""
    plurals, told = plurals or {}, []
    for (unit, bonus), same in runs(rolls, "unit", "bonus"):
        name = f"{fortification or 'bonus'} {unit}" if bonus else unit
        name = name if len(same) == 1 else plurals.get(name, name + "s")
        dice = ", ".join(f'<span class="hit">{int(r["roll"])}*</span>' if r["hit"] else str(int(r["roll"]))
                         for r in same)
        told.append(f"{escape(name)} {dice}")
    return Markup("; ".join(told))


def listing(items, conjunction: str = "and") -> str:
    """Words as a phrase: "a", "a and b", "a, b and c"."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def lower_lead(text: str, words=()) -> str:
    """A sentence made to follow a word such as "because": its first word in lower case if it is one of
    `words` (common words, never a name, which keeps its capital)."""
    text = text.strip()
    first = text.split(" ", 1)[0]
    return first.lower() + text[len(first):] if first in words else text


def capitalize_first(text: str) -> str:
    """A sentence begun with a capital, the rest left as it is (unlike jinja's capitalize)."""
    text = text.strip()
    return text[:1].upper() + text[1:]


def wrap(text: str, width: int = 100, indent: str = "  ") -> str:
    """Each line of the text broken at spaces to at most `width` characters, its continuations indented;
    a line that fits is left as it is (textwrap only for the long ones: reports have thousands of lines)."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
        else:
            out.append(_fill(line, width, line[:len(line) - len(line.lstrip(" "))] + indent))
    return "\n".join(out)


@lru_cache(maxsize=2048)
def _fill(line: str, width: int, indent: str) -> str:
    """A long line broken by textwrap, kept: the five reports of a round share most of their long lines."""
    import textwrap  # here: its patterns are compiled on import, and a command without reports needs none

    return textwrap.fill(line, width, initial_indent="", subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


_TAG = re.compile(r"(<[^>]*>)")


def marked_lines(text: str, width: int) -> list[Markup]:
    """A picture's sentence, whose words may be marked up (SVG <tspan>s), broken at spaces into lines of at most
    `width` characters as they show; an element a line break cuts is closed at the end of its line and opened
    again at the start of the next, so that each line is a <text> of its own (SVG text does not wrap)."""
    words: list[list[str]] = [[]]   # each word its pieces, text and tags: a tag goes with the word it is in
    for piece in _TAG.split(str(escape(text))):
        if piece.startswith("<"):
            words[-1].append(piece)
        else:
            first, *more = piece.split(" ")
            words[-1].append(first)
            words += [[part] for part in more]
    lines: list[list[str]] = [[]]
    opened: list[str] = []
    shown = 0
    for word in words:
        length = sum(len(Markup(p).unescape()) for p in word if not p.startswith("<"))
        if length and shown and shown + 1 + length > width:
            lines[-1] += [f"</{tag[1:].split('>')[0].split()[0]}>" for tag in reversed(opened)]
            lines.append(list(opened))
            shown = 0
        elif length and shown:
            lines[-1].append(" ")
        lines[-1] += word
        shown += length + (1 if length and shown else 0)
        for p in word:
            if p.startswith("</"):
                opened.pop()
            elif p.startswith("<") and not p.endswith("/>"):
                opened.append(p)
    return [Markup("".join(line)) for line in lines]


def comment(text: str, width: int = 76, prefix: str = "# ") -> str:
    """Text as TOML comment lines of at most `width` characters, each begun with `prefix` (an order form's words,
    wrapped alike in every language)."""
    return "\n".join(prefix + line if line else prefix.rstrip()
                     for line in wrap(text, width - len(prefix), "").split("\n"))


def runs(items, *keys) -> list[tuple[tuple, list]]:
    """Consecutive items alike in these keys, as (their values, the items): [a, a, b, a] -> 3 runs."""
    grouped: list[tuple[tuple, list]] = []
    for item in items:
        values = tuple(item.get(key) for key in keys)
        if grouped and grouped[-1][0] == values:
            grouped[-1][1].append(item)
        else:
            grouped.append((values, [item]))
    return grouped


def fields(values: dict, skip: tuple[str, ...] = ("kind",)) -> str:
    """An event's values as "key=value; ..." for the events a template has no sentence for."""
    return "; ".join(f"{key}={value}" for key, value in sorted(values.items()) if key not in skip)


_DICT_ATTRIBUTES = frozenset(dir(dict))
_BUILTIN_METHOD = types.BuiltinMethodType   # the type of [].append
_METHOD = types.MethodType
_LOOP_ONLY = {"_loop_vars"}


# The environment's settings that change what a template compiles to (the i18n extension's "trimmed" policy too).
_SETTINGS: dict[str, Any] = {"trim_blocks": True, "lstrip_blocks": True, "keep_trailing_newline": True,
                             "extensions": ("jinja2.ext.i18n",)}
_TRIMMED = True


@lru_cache(maxsize=1)
def _compiled_templates():
    """Where compiled templates are kept from one run to the next: jinja2's FileSystemBytecodeCache, in the
    folder jinja2 makes for this user in the system's temporary folder (mode 0700, refused if anyone else owns
    it). Compiling common/status.txt.j2 and its standings macro was a third of a cold `pbem status`'s CPU. A
    kept template is used only while its source is the same (jinja2 compares a checksum of it), and only by
    the same jinja2 with the same settings (both in the file names). A cache that cannot be had, read or
    written is no cache: the templates are compiled as before, and nothing fails for it."""
    import hashlib

    import jinja2

    class Cache(jinja2.FileSystemBytecodeCache):
        def load_bytecode(self, bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except Exception:   # a file cut short or garbled: compiled again, and written anew
                bucket.reset()

        def dump_bytecode(self, bucket) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:   # a full disk, a read-only /tmp: compiled again next time
                pass

    made = repr((jinja2.__version__, sorted(_SETTINGS.items()), _TRIMMED)).encode("utf-8")
    try:
        return Cache(pattern=f"pbem-{hashlib.sha256(made).hexdigest()[:16]}-%s.cache")
    except (OSError, RuntimeError):   # no safe folder of this user's (jinja2 refuses one another user owns)
        return None


@lru_cache(maxsize=8)
def _env(language: str = ENGLISH):
    """The templates in one language: the catalogues' translations (pbem/languages.py) through jinja2's i18n
    extension, each message a whole sentence with named values (`trimmed`: the lines of a message in a template
    are one line of text, and the catalogue's too)."""
    import jinja2
    import markupsafe

    class Context(jinja2.runtime.Context):
        """jinja2's, but a call to a macro, a builtin method (`list.append`, `dict.get`) or the round's Sentences
        goes straight in.
        Jinja asks every callable at every call whether it wants the context passed (`pass_context` and its
        kin); a macro always takes the evaluation context and a builtin method never anything, so the answer
        is known without asking: the same call, from the thousands a report makes. A macro given all its
        arguments in order, no more, and no caller, is run as Macro.__call__ would run it, without sorting
        its arguments out (where this jinja2 keeps a macro's function elsewhere, as Macro.__call__ does)."""

        direct_macros = False   # whether this jinja2's macros keep their function where call looks (see _env)
        gettext: tuple[object, ...] = ()   # the i18n extension's functions: a {% trans %} block's call (see _env)
        translations: NullTranslations | None = None   # the catalogue they ask

        def call(__self, __obj, *args, **kwargs):
            kind, escape = type(__obj), False
            if kind is jinja2.runtime.Macro:
                if __self.eval_ctx.autoescape and not __obj._default_autoescape:
                    # a text template's macro called in an HTML page gives plain text, which the page escapes
                    # (jinja would mark it safe, names and all, as a macro's output in an escaping template)
                    kwargs.pop("_block_vars", None)
                    kwargs.pop("_loop_vars", None)
                    return __obj(*args, **kwargs)
                if (__self.direct_macros and len(args) == __obj._argument_count
                        and (not kwargs or kwargs.keys() == _LOOP_ONLY)
                        and not (__obj.caller or __obj.catch_kwargs or __obj.catch_varargs)):
                    __obj, escape = __obj._func, __self.eval_ctx.autoescape   # what Macro.__call__ comes to
                else:
                    args = (__self.eval_ctx, *args)
            elif __obj in __self.gettext:
                # a {% trans %} block in a loop: jinja would derive a new context for the loop's variables
                # at every call, and the extension's function reads only the environment's translations and
                # whether the output is escaped, which are the same in any context of this template
                kwargs.pop("_block_vars", None)
                kwargs.pop("_loop_vars", None)
                return __obj(__self, *args, **kwargs)
            elif kind is _METHOD and __obj.__self__ is __self.translations:
                return __obj(*args)   # that function's own call: the catalogue's gettext, which takes no context
            elif kind is not _BUILTIN_METHOD and kind is not Sentences:
                return super().call(__obj, *args, **kwargs)
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
            try:
                text = __obj(*args, **kwargs)
            except StopIteration:
                return __self.environment.undefined(
                    "value was undefined because a callable raised a StopIteration exception")
            return markupsafe.Markup(text) if escape else text

    class Environment(jinja2.Environment):
        """jinja2's, but `x.name` on a plain dict takes the item at once. Jinja tries the attribute first and
        the item when that fails; a plain dict has no attributes but its methods, so for any other name the
        result is the same, without an AttributeError raised and caught at every step of the reports."""

        context_class = Context

        def getattr(self, obj, attribute):
            if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
                try:
                    return obj[attribute]
                except KeyError:
                    pass
            return super().getattr(obj, attribute)

    class Contracted(jinja2.Template):
        """A template of a language whose words contract where a value meets the message ("a" + "el ejército"):
        what it writes, contracted as the language writes it (languages.contracted)."""

        def render(self, *args, **kwargs) -> str:
            return contracted(super().render(*args, **kwargs), language)

    if language != ENGLISH:   # a language with no contractions listed is written as it is (contracted)
        Environment.template_class = Contracted
    env = Environment(
        loader=jinja2.PackageLoader("templates", "."),
        autoescape=jinja2.select_autoescape(["html", "html.j2", "svg", "svg.j2"]),
        undefined=jinja2.StrictUndefined,
        bytecode_cache=_compiled_templates(),
        **_SETTINGS,
    )
    env.policies["ext.i18n.trimmed"] = _TRIMMED
    Context.translations = translations(language)
    # the i18n extension adds this method to the environment at run time, which jinja2's types cannot say
    env.install_gettext_translations(Context.translations, newstyle=True)  # type: ignore[attr-defined]
    Context.gettext = tuple(env.globals[name] for name in ("gettext", "ngettext", "pgettext", "npgettext")
                            if name in env.globals)
    # a template module's attributes are the names its template defines, made at run time
    probe = env.from_string("{% macro m(a) %}{{ a }}{% endmacro %}").module.m  # type: ignore[attr-defined]
    Context.direct_macros = all(hasattr(probe, name) for name in ("_func", "_argument_count", "caller",
                                                                  "catch_kwargs", "catch_varargs",
                                                                  "_default_autoescape"))
    env.filters.update(moment=lambda stamp, timezone="UTC": moment(stamp, timezone, language),
                       number=lambda value: number(value, language),
                       percent=lambda value: percent(value, language))
    env.filters.update(counts=counts, fields=fields, tally=tally, listing=listing,
                       lower_lead=lower_lead, capitalize_first=capitalize_first, wrap=wrap,
                       runs=runs, faces_html=faces_html, comment=comment, marked_lines=marked_lines)
    return env
