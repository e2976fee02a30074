"""Age of War in Spanish: a Spanish player's reports (text and page), order forms, forecasts, table pictures
and problem sentences hold no English sentence, over a battery of seeded games; English players' mail in the
same campaign is what it would be without him.

What the shell's common templates add to a report (its notices, dice and footer) is checked here only once the
common folder's catalogue is whole: until then it is cut out, rendered on its own, so that this file checks
Age of War's own words (and checks the whole mail once the other folders are translated)."""
from __future__ import annotations

import functools
import html
import re
import xml.etree.ElementTree as ET
from datetime import timedelta

import pytest

from engine import for_player
from engine.problems import _SENTENCES
from games import get
from games.age_of_war.cards import CASTLES, CLANS
from games.age_of_war.picture import table_model
from games.age_of_war.problems import PROBLEMS
from pbem import catalogues, clock, door, languages, render
from pbem.inbox import forecast_text
from tests.age_of_war.scripted_dice import give, new_game
from tests.support.hidden import CAMPAIGN, NAMES, dice_record, position

GAME = get("age-of-war")
BATTERY = [(seed, rounds) for seed in range(6) for rounds in (0, 1, 3, 8, 20, 60)]
ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|your|you|is|to|it|be|by|from|was|for|with|in|at|on|an|not|this|that|point|points|pts|"
    r"castle|castles|round|turn|line|lines|rolls|held|secured|taken|centre|chance|gain|steal|attack|attacks|"
    r"attacked|game|over|player|players|none|winner|winners|legend|empty|infantry|archery|cavalry|order|orders|"
    r"first|value|rank|standings|yet|new|plays|passes|repelled|takes|fills|sets|aside|nothing|fitted)\b",
    re.IGNORECASE)
# names and commands are said as they are: the cards, the players, the campaign, the game, the command to check a file
NAMES_SAID = sorted({*CASTLES, *CLANS, *NAMES, CAMPAIGN, "Age of War", "pbem orders check"}, key=len, reverse=True)
FIELD = re.compile(r"%\(\w+\)s|\{[^}]*\}")


@pytest.fixture(autouse=True)
def spanish_offered(monkeypatch):
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}})


@functools.cache
def common_whole() -> bool:
    return not catalogues.untranslated("common", "es")


def without(text: str, pieces: list[str]) -> str:
    """The text less each piece the common templates made (each must be found, or this check checks nothing)."""
    for piece in pieces:
        if piece.strip():
            assert piece in text, f"a common part was not found where it should be:\n{piece}"
            text = text.replace(piece, "\n")
    return text


def words_of_page(page: str) -> str:
    """A page's or a picture's text as a reader sees it: no style, no tags, entities read."""
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def words_of_picture(svg: str) -> str:
    root = ET.fromstring(svg.encode("utf-8"))
    return " ".join("".join(el.itertext()) for el in root.iter()
                    if el.tag.rsplit("}", 1)[-1] in ("text", "title"))


def english_left(text: str) -> list[str]:
    """The English words and sentences left in a text meant to be Spanish, names and TOML keys and values aside."""
    lines = [line for line in text.splitlines() if not re.match(r"^\s*[a-z_]+ = ", line)]   # TOML key = value
    text = "\n".join(lines)
    for name in NAMES_SAID:
        text = text.replace(name, " ")
    found = [match.group(0) for match in ENGLISH_WORDS.finditer(text)]
    return found + [piece for piece in english_pieces() if piece in text]


def english_pieces(cache: list = []) -> list[str]:  # noqa: B006 - made once for the module
    """Every stretch of English text between the fields of the folder's messages, long enough to be a phrase,
    that its Spanish translation does not say too."""
    if not cache:
        translation = languages.translations("es")
        for message_id in catalogues.messages("age_of_war"):
            ids = message_id if isinstance(message_id, tuple) else (message_id,)
            for one in ids:
                said = (translation.ngettext(ids[0], ids[1], 2) + translation.ngettext(ids[0], ids[1], 1)
                        if len(ids) == 2 else translation.gettext(one))
                for piece in FIELD.split(one.replace("%%", "%")):
                    piece = piece.strip(" .,:;()[]\"“”")
                    if len(piece) >= 8 and " " in piece and piece not in said:
                        cache.append(piece)
    return cache


def spanish_outputs(seed: int, rounds: int):
    """(what, Spanish text to check) for every player of the position: report, page, form, forecasts, picture."""
    pos = position("age-of-war", seed, rounds)
    state = pos.round.state
    env = render._env("es")
    for player in pos.players:
        model = door.report_model(campaign=CAMPAIGN, game=GAME, round_number=pos.number, player=player,
                                  state=state, events=pos.round.events, dice=dice_record(pos),
                                  next_commitment=None, deadline=pos.round.inputs.get("deadline"),
                                  defaulted=pos.round.inputs.get("defaulted", []), rerun=None, language="es")
        where = f"{pos}, {player}"
        text, page = render.render_text(model), render.render_html(model)
        if not common_whole():
            values = {"r": model, "d": model["dice"]}
            text = without(text, [render.render(f"common/{name}.txt.j2", "es", **values)
                                  for name in ("notices", "dice", "footer")])
            page = without(page, [render.render(f"common/{name}.html.j2", "es", **values)
                                  for name in ("notices", "picture", "dice", "footer")])
        yield f"{where}: report", text
        yield f"{where}: page", words_of_page(page)
        view = GAME.view(state, player)
        yield f"{where}: picture", words_of_picture(render.render(
            "age_of_war/picture.svg.j2", "es", picture=table_model(view, for_player(pos.round.events, player), player),
            round=pos.number))
        if state["over"]:
            continue
        form = door.order_form(door.Seat(CAMPAIGN, GAME, player, pos.number + 1, view, "es"))
        body = env.get_template("age_of_war/order_form.toml.j2").render(form=GAME.order_form(view, player))
        assert form.endswith(body + "\n")   # the common form: its envelope, then the game's
        yield f"{where}: form", form if common_whole() else body
        for targets in (["auto"], [*list(state["castles"])[:5], "auto"], list(state["castles"])):
            checked = GAME.check_orders(state, player, {"targets": targets})
            if checked.accepted:
                yield f"{where}: forecast of {targets}", forecast_text(GAME.name, checked.forecast, "es")


def test_a_spanish_players_reports_forms_forecasts_and_pictures_hold_no_english():
    compared, kinds = 0, set()
    for seed, rounds in BATTERY:
        for what, text in spanish_outputs(seed, rounds):
            assert english_left(text) == [], f"{what}:\n{text}"
            compared += 1
            kinds.add(what.rsplit(": ", 1)[1].split(" of ")[0])
    assert kinds == {"report", "page", "picture", "form", "forecast"} and compared > 500
    assert len(english_pieces()) > 80


def test_every_spanish_report_of_the_battery_says_its_game_in_the_rulebooks_words():
    told = set()
    for seed, rounds in BATTERY[::5]:
        for _what, text in spanish_outputs(seed, rounds):
            told |= {word for word in ("castillo", "clan", "tirada", "línea", "CONQUISTA", "rechazado",
                                       "tiro con arco", "caballería", "infantería", "boca abajo") if word in text}
    assert told == {"castillo", "clan", "tirada", "línea", "CONQUISTA", "rechazado", "tiro con arco",
                    "caballería", "infantería", "boca abajo"}


@pytest.mark.parametrize(("count", "english", "spanish"), [
    (1, "1 point, lines 10I", "1 punto, líneas 10I"),
    (2, "2 points, lines 10I", "2 puntos, líneas 10I"),
])
def test_a_count_of_one_is_singular_in_both_languages(count, english, spanish):
    for language, said in (("en", english), ("es", spanish)):
        text = render._env(language).from_string(
            "{% trans count=n, lines='10I' %}{{ count }} point, lines {{ lines }}{% pluralize %}"
            "{{ count }} points, lines {{ lines }}{% endtrans %}").render(n=count)
        assert text == said


def test_the_english_standings_say_one_castle_and_one_clan():
    state = give(give(new_game(["ann", "bob"]), "ann", "Kumamoto", secured=True), "bob", "Gifu")
    pos = position("age-of-war", 0, 0)
    model = door.report_model(campaign="war", game=GAME, round_number=1, player="ann", state=state, events=[],
                              dice=dice_record(pos), next_commitment=None, deadline=None, defaulted=[], rerun=None)
    text = render.render_text(model)
    assert "3 points, 1 castle, 1 clan" in text and "1 point, 1 castle, 0 clans" in text
    assert "1 point, lines D ; A ; C ; D (held by bob)" in text


def problem_cases():
    """A body and a state for every problem code of the table, with the code it must give."""
    over = {**new_game(["ann", "bob"]), "over": True}
    secured = give(give(new_game(), "ann", "Kumamoto", secured=True), "bob", "Gassantoda", "Takahashi",
                   secured=True)
    return [
        ("game-over", over, "ann", {"targets": ["auto"]}),
        ("not-a-player", new_game(), "zed", {"targets": ["auto"]}),
        ("unknown-order", new_game(), "ann", {"targets": ["auto"], "ataque": "Gifu"}),
        ("no-targets", new_game(), "ann", {}),
        ("targets-not-a-list", new_game(), "ann", {"targets": "Gifu"}),
        ("target-not-a-name", new_game(), "ann", {"targets": ["Gifu", 3]}),
        ("unknown-castle", new_game(), "ann", {"targets": ["Qwxz"]}),
        ("misspelt-castle", new_game(), "ann", {"targets": ["Gifo"]}),
        ("after-auto", new_game(), "ann", {"targets": ["auto", "Gifu"]}),
        ("too-many-targets", new_game(), "ann", {"targets": ["Gifu"] * 20}),
        ("listed-twice", new_game(), "ann", {"targets": ["Gifu", "Gifu"]}),
        ("castle-secured-yours", secured, "ann", {"targets": ["Kumamoto"]}),
        ("castle-secured", secured, "ann", {"targets": ["Takahashi"]}),
    ]


def test_every_age_of_war_problem_reads_in_spanish_with_its_values():
    translation, seen = languages.translations("es"), set()
    for code, state, player, body in problem_cases():
        problems = GAME.check_orders(state, player, body).problems
        found = [p for p in problems if p.code == code]
        assert found, (code, [p.code for p in problems])
        for p in found:
            template = PROBLEMS.table[code][1]
            spanish = _SENTENCES.format(translation.gettext(template), **p.values)
            assert spanish != p.message and english_left(spanish) == [], (code, spanish)
            for value in p.values.values():
                for item in value if isinstance(value, list) else [value]:
                    assert str(item) in spanish or f"{item:,}" in spanish, (code, item, spanish)
            seen.add(code)
    assert seen == set(PROBLEMS.table)


def test_english_players_mail_is_the_same_whether_a_fellow_player_reads_spanish(tmp_path):
    """One campaign played twice, ann reading Spanish in the second: bob's mail is byte for byte the same, and
    ann's is Spanish."""
    from pbem.campaign import Player
    from pbem.create import new_campaign
    from pbem.orders import Submission, store
    from pbem.rounds import resolve
    from tests.conftest import START

    def played(folder, ann_language):
        with clock.frozen_at(START):
            camp = new_campaign(folder, game_name="age-of-war", gm="gm@example.org", name="war",
                                players=[Player("ann", "ann@example.org", ann_language),
                                         Player("bob", "bob@example.org")],
                                secret=b"s" * 32, tokens={"ann": "ann-token", "bob": "bob-token"})
        for number in range(1, 6):
            if camp.is_over():
                break
            with clock.frozen_at(START + timedelta(days=number)):
                state = camp.state()
                for name in ("ann", "bob"):
                    store(camp, Submission(name, number, GAME.computer_orders(GAME.view(state, name), name)),
                          "test")
                resolve(camp)
        outbox = sorted((folder / "outbox").glob("*.eml"))
        return ({p.name: p.read_bytes() for p in outbox if p.name.endswith("-bob.eml")},
                [plain_text(p.read_bytes()) for p in outbox if p.name.startswith("r") and p.name.endswith("-ann.eml")])

    bob_english, ann_english = played(tmp_path / "en", "en")
    bob_beside_spanish, ann_spanish = played(tmp_path / "es", "es")
    assert len(bob_english) >= 5 and bob_english == bob_beside_spanish
    assert len(ann_spanish) == len(ann_english) >= 4
    for english, spanish in zip(ann_english, ann_spanish):
        assert "Standings" in english and "Clasificación" in spanish and "Standings" not in spanish
        assert "# En tu turno atacas un castillo" in spanish or "ha terminado" in spanish


def plain_text(mail: bytes) -> str:
    import email
    from email import policy

    message = email.message_from_bytes(mail, policy=policy.default)
    return message.get_body(preferencelist=("plain",)).get_content()
