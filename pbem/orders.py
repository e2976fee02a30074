"""Order intake: an order file's text to checked, normalised orders of one player.

An order file is TOML. Its envelope (game, campaign, round, player, token,
nonce) is read here; the rest, the body, belongs to the game. Every problem is
reported, each naming its line or field, and nothing is stored unless all is well.
"""
from __future__ import annotations

import json
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field, replace

import tomli_w

from engine import Problem, shown
from pbem import clock, door
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.files import write_atomic
from pbem.languages import ENGLISH
from pbem.problems import PROBLEMS, problem
from pbem.tokens import TOKEN_PLACEHOLDER, hash_token
from pbem.tomlscan import after_string, shape

MAX_BYTES = 64 * 1024
MAX_DEPTH = 16              # lists and tables within each other
MAX_KEY_PARTS = 32          # parts of one dotted key (a.b.c has 3); tomllib's time grows with their square
MAX_KEY_CHARACTERS = 4096   # one bare word: no key or value of an order file comes near
MAX_PROBLEMS = 50           # reported of one file; more says nothing new and costs time
MAX_PROBLEM_CHARACTERS = 300
ENVELOPE = ("game", "campaign", "round", "player", "token", "nonce", "final")
NONCE_PATTERN = re.compile(r"^[\x21-\x7e]{0,128}$")


@dataclass
class Submission:
    """Orders accepted for one player and round, as they will be executed."""

    player: str
    round: int
    orders: dict
    nonce: str = ""
    forecast: list[dict] = field(default_factory=list)
    final: bool = False   # "these are my last orders this round": where the campaign asks for it, resolve early


class OrdersRejected(UserError):
    """Order file refused; `problems` holds every reason, each naming its place."""

    def __init__(self, source: str, problems: list[Problem]):
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: orders rejected ({len(problems)} problem{'s' if len(problems) != 1 else ''})",
                         [describe(p) for p in problems])


def describe(problem: Problem, language: str = ENGLISH, game=None) -> str:
    """One line for the player, in the player's language: never a control character from the file, never a
    page long. The sentence is the problem's table's (the shell's, or the game's), translated."""
    from pbem import render

    message = problem.message
    if language != ENGLISH:
        table = problem_table(problem, game)
        if table is not None:
            message = table.sentence(problem.code, problem.values, render.gettext(language))
    field = problem.field
    if not field.strip() or ": " in field or any(unicodedata.category(char)[0] == "C" for char in field):
        field = shown(field)   # a key "" or "a: b" would read as no field, or as two
    text = render.said("common/problem_line.txt.j2", "problem", language, line=problem.line, field=field,
                       message=message)
    text = "".join(char if char == " " or unicodedata.category(char)[0] not in "CZ" else shown(char)[1:-1]
                   for char in text)
    return text if len(text) <= MAX_PROBLEM_CHARACTERS else text[:MAX_PROBLEM_CHARACTERS] + "..."


def problem_table(problem: Problem, game=None):
    """The table a problem's sentence is from: the shell's (pbem/problems.py) when it has the code with these
    values, else the game's (Game.problems), if it keeps one."""
    if PROBLEMS.has(problem.code, problem.values):
        return PROBLEMS
    table = getattr(game, "problems", None)
    return table if table is not None and table.has(problem.code, problem.values) else None


def read_orders(campaign: Campaign, data: bytes, source: str, *, player: str | None = None,
                require_token: bool = False, first_line: int = 1) -> Submission:
    """Check an order file against the campaign's open round; raise OrdersRejected with every problem.

    The envelope is checked part by part, each part adding its problems, so that a file with several
    mistakes is answered with all of them at once; the body goes to the game once the player is known."""
    try:
        text = _decode(data, source)
        return _read_document(campaign, text, parse_document(text, source), source, player, require_token)
    except OrdersRejected as rejection:
        raise _counted_from(rejection, first_line) from None


def _counted_from(rejection: OrdersRejected, first_line: int) -> OrdersRejected:
    """The rejection with its lines counted as the player counts them in the part the orders came from."""
    if first_line == 1:
        return rejection
    return OrdersRejected(rejection.source, [replace(p, line=p.line + first_line - 1) if p.line else p
                                             for p in rejection.problems])


def _read_document(campaign: Campaign, text: str, document: dict, source: str, player: str | None,
                   require_token: bool) -> Submission:
    problems: list[Problem] = []
    game = campaign.game
    state = campaign.state()
    _check_campaign(campaign, document, problems)
    who = _check_player(campaign, document, player, problems)
    if require_token and who is not None:
        _check_token(campaign, document, who, problems)
    nonce, final = _check_nonce_and_final(document, problems)
    if nonce and hash_token(nonce) in campaign.token_hashes():
        problems.append(problem("nonce", "nonce-is-token"))
        nonce = ""
    _check_round(campaign, document, state, problems)
    checked = None
    if who is not None and not game.is_over(state):
        body = {key: value for key, value in document.items() if key not in ENVELOPE}
        orders_in = {p: r["orders"] for p, r in campaign.pending_orders().items()}
        checked, found = door.checked_orders(door.seat(campaign, who), body, orders_in)
        problems.extend(found)
    if problems:
        raise OrdersRejected(source, _shown_problems(_without_tokens(campaign, document, problems), text))
    # no problems: the player is known, and the game's check gave the orders (Checked: problems, or orders)
    assert checked is not None and checked.orders is not None and who is not None
    return Submission(player=who, round=campaign.open_round, orders=checked.orders, nonce=nonce,
                      forecast=checked.forecast, final=final)


def parse_document(text: str, source: str) -> dict:
    """The TOML document, or a rejection naming the line of the syntax error (or the nesting too deep). What
    the text would cost the parser is bounded first (pbem.tomlscan)."""
    measured = shape(text)
    if measured.dotted_parts > MAX_KEY_PARTS:
        raise OrdersRejected(source, [problem("file", "key-too-dotted", parts=measured.dotted_parts,
                                              limit=MAX_KEY_PARTS)])
    if measured.key_characters > MAX_KEY_CHARACTERS:
        raise OrdersRejected(source, [problem("file", "key-too-long", limit=MAX_KEY_CHARACTERS)])
    if measured.nesting > MAX_DEPTH:
        raise OrdersRejected(source, [problem("file", "too-deep", depth=MAX_DEPTH)])
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = _line_of_decode_error(str(exc))
        odd = _odd_space(text, line)
        found = problem("file", "odd-space", character=odd) if odd else problem("file", "toml-syntax", error=str(exc))
        raise OrdersRejected(source, [replace(found, line=line)]) from None
    except RecursionError:
        document = None
    if document is None or _depth(document) > MAX_DEPTH:
        raise OrdersRejected(source, [problem("file", "too-deep", depth=MAX_DEPTH)])
    return document


def _check_campaign(campaign: Campaign, document: dict, problems: list[Problem]) -> None:
    """A file that names a game or a campaign must name this one."""
    game = campaign.game
    if "game" in document and document["game"] != game.name:
        problems.append(problem("game", "wrong-game", written=shown(document["game"]), campaign=shown(campaign.name),
                                game=shown(game.name)))
    if "campaign" in document and document["campaign"] != campaign.name:
        problems.append(problem("campaign", "wrong-campaign", written=shown(document["campaign"]),
                                campaign=shown(campaign.name)))


def _check_player(campaign: Campaign, document: dict, player: str | None, problems: list[Problem]) -> str | None:
    """The player the orders are for (the one given, or the one the file names), if a player of the campaign."""
    named = document.get("player")
    if named is not None and not isinstance(named, str):
        problems.append(problem("player", "player-not-a-name"))
        named = None
    if player is not None and named is not None and named != player:
        problems.append(problem("player", "signed-by-another", written=shown(named), player=shown(player)))
    who = player or named
    if who is None:
        problems.append(problem("player", "no-player"))
    elif who not in campaign.player_names:
        problems.append(problem("player", "unknown-player", written=shown(who), players=list(campaign.player_names)))
        who = None
    return who


def _check_token(campaign: Campaign, document: dict, who: str, problems: list[Problem]) -> None:
    token = document.get("token")
    if not isinstance(token, str) or not token:
        problems.append(problem("token", "no-token"))
    elif token.strip().upper() == TOKEN_PLACEHOLDER and not campaign.token_matches(who, token):
        problems.append(problem("token", "token-placeholder"))
    elif not campaign.token_matches(who, token):
        problems.append(problem("token", "wrong-token", player=shown(who)))


def _check_nonce_and_final(document: dict, problems: list[Problem]) -> tuple[str, bool]:
    """The nonce and the final flag as given, or their defaults where they are wrong."""
    nonce = document.get("nonce", "")
    if not isinstance(nonce, str) or not NONCE_PATTERN.match(nonce):
        problems.append(problem("nonce", "bad-nonce"))
        nonce = ""
    final = document.get("final", False)
    if not isinstance(final, bool):
        problems.append(problem("final", "bad-final"))
        final = False
    return nonce, final


def _check_round(campaign: Campaign, document: dict, state: dict, problems: list[Problem]) -> None:
    """Orders are for the open round, and only while the game goes on."""
    expected = campaign.open_round
    number = document.get("round")
    if campaign.game.is_over(state):
        problems.append(problem("round", "game-over", round=campaign.last_round))
    elif not isinstance(number, int) or isinstance(number, bool):
        problems.append(problem("round", "no-round", round=expected))
    elif number != expected:
        problems.append(problem("round", "wrong-round", given=number, open=expected))
    elif campaign.beacon and (closing := campaign.closing()) is not None and clock.now() >= closing:
        problems.append(problem("round", "round-closed", round=expected, closed=clock.stamp(closing)))


def _without_tokens(campaign: Campaign, document: dict, problems: list[Problem]) -> list[Problem]:
    """The problems with every text of the file that is a token put out of sight: a token written in the wrong
    place (player = "<token>") must not be quoted back into the log, the mail record or a reply."""
    hashes = campaign.token_hashes()
    tokens = [text for text in _texts(document) if hash_token(text) in hashes]
    if not tokens:
        return problems

    def hidden(value):
        if isinstance(value, str):
            for token in tokens:
                value = value.replace(token, "(a token)")
            return value
        if isinstance(value, list):
            return [hidden(item) for item in value]
        return value

    return [replace(p, field=hidden(p.field), message=hidden(p.message),
                    values={key: hidden(value) for key, value in p.values.items()}) for p in problems]


def _texts(document: dict) -> set[str]:
    """Every key and text value of the file that could be a token (found without recursion)."""
    found: set[str] = set()
    stack: list[dict | list] = [document]
    while stack:
        value = stack.pop()
        items = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
        for key, child in items:
            for text in (key, child):
                if isinstance(text, str) and 8 <= len(text) <= 128:
                    found.add(text)
            if isinstance(child, (dict, list)):
                stack.append(child)
    return found


def _shown_problems(problems: list[Problem], text: str) -> list[Problem]:
    """The first MAX_PROBLEMS problems, each at its line, and one more that says how many were left out."""
    shown_problems = [locate_problem(p, text) for p in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        # the summary takes the reason of the first problem it stands for
        shown_problems.append(replace(problem("file", "more-problems", count=len(problems) - MAX_PROBLEMS),
                                      reason=problems[MAX_PROBLEMS].reason))
    return shown_problems


def normalised_text(campaign: Campaign, submission: Submission) -> str:
    """The order file as it will be executed, without the token."""
    envelope = {"game": campaign.game_name, "campaign": campaign.name, "round": submission.round,
                "player": submission.player}
    if submission.nonce:
        envelope["nonce"] = submission.nonce
    if submission.final:
        envelope["final"] = True
    return tomli_w.dumps(envelope) + campaign.game.format_orders(submission.orders)


def _depth(document) -> int:
    """How deeply lists and tables nest, counted without recursion (the file may be hostile)."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def store(campaign: Campaign, submission: Submission, source: str) -> None:
    """Keep accepted orders for the open round; a later submission replaces an earlier one."""
    record = {"round": submission.round, "player": submission.player, "orders": submission.orders,
              "nonce": submission.nonce, "final": submission.final, "received_at": clock.stamp(clock.now()),
              "source": source}
    write_atomic(campaign.orders_dir / f"{submission.player}.json",
                 json.dumps(record, sort_keys=True, indent=1) + "\n")


def _decode(data: bytes, source: str) -> str:
    if len(data) > MAX_BYTES:
        raise OrdersRejected(source, [problem("file", "too-big", size=len(data), limit=MAX_BYTES)])
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(data) > 3 and data.count(b"\x00") * 3 > len(data)):
        raise OrdersRejected(source, [problem("file", "utf-16")])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise OrdersRejected(source, [problem("file", "not-utf8", byte=exc.start)]) from None
    if not text.strip():
        raise OrdersRejected(source, [problem("file", "empty-file")])
    return text


ODD_SPACES = {"\u00a0": "a no-break space (U+00A0)", "\u2007": "a figure space (U+2007)",
              "\u202f": "a narrow no-break space (U+202F)", "\u200b": "a zero-width space (U+200B)",
              "\ufeff": "a zero-width no-break space (U+FEFF)", "\u3000": "an ideographic space (U+3000)"}


def _odd_space(text: str, line: int | None) -> str | None:
    """The look-alike of a space on the line TOML could not read (word processors and phones put them in)."""
    lines = text.splitlines()
    if line is None or not 1 <= line <= len(lines):
        return None
    return next((name for char, name in ODD_SPACES.items() if char in lines[line - 1]), None)


def _line_of_decode_error(message: str) -> int | None:
    match = re.search(r"at line (\d+)", message)
    return int(match.group(1)) if match else None


def locate_problem(problem: Problem, text: str) -> Problem:
    """Give a problem the line where its field is written, when it has none.

    A field such as "war.moves[2].path" is looked for as a table header
    ([war] or the third [[war.moves]]) and then as a key below it.
    """
    if problem.line is not None:
        return problem
    segments = [(name, int(index) if index else None)
                for name, index in re.findall(r"([A-Za-z_][\w-]*)(?:\[(\d+)\])?", problem.field)]
    lines = text.splitlines()
    if not segments:
        # a key that must be quoted in TOML ("" or "a b"): found as written, or not at all
        quoted = f'"{problem.field}"'
        number = next((i + 1 for i, line in enumerate(lines) if line.lstrip().startswith(quoted)), None)
        return replace(problem, line=number)
    start, rest = 0, segments
    for depth in range(len(segments), 0, -1):
        path = r"\s*\.\s*".join(re.escape(name) for name, _ in segments[:depth])
        header = re.compile(rf"^\s*\[\[?\s*{path}\s*\]\]?\s*(#.*)?$")
        hits = [i for i, line in enumerate(lines) if header.match(line)]
        nth = segments[depth - 1][1] or 0
        if len(hits) > nth:
            start, rest = hits[nth], segments[depth:]
            break
    number = start + 1 if start or not rest else None
    if rest:
        key = re.compile(rf'^\s*"?{re.escape(rest[0][0])}"?\s*=')
        for offset, line in enumerate(lines[start:], start=start):
            if offset > start and line.lstrip().startswith("[") and number is not None:
                break
            if key.match(line):
                number = offset + 1
                if rest[0][1] is not None:   # an entry of a list: its own line, where the list runs over several
                    number = _element_line(lines, offset, rest[0][1]) or number
                break
    if number is None:
        return problem
    return replace(problem, line=number)


def _element_line(lines: list[str], at: int, wanted: int) -> int | None:
    """The line (from 1) on which entry `wanted` of the array assigned on line `at` starts, or None. Strings,
    comments and nested arrays and tables are stepped over as TOML writes them."""
    text = "\n".join(lines[at:at + 2000])
    start = text.find("=")
    start = text.find("[", start) if start >= 0 else -1
    if start < 0 or text[text.find("=") + 1:start].strip():
        return None
    depth, entry, waiting, line, i = 0, 0, True, at + 1, start
    while i < len(text):
        char = text[i]
        if char == "\n":
            line += 1
        elif char == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif depth == 1 and waiting and char not in " \t\r,]":
            if entry == wanted:
                return line
            waiting = False
        if char in "\"'":
            end = after_string(text, i)
            line += text.count("\n", i, end)
            i = end
            continue
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return None
        elif char == "," and depth == 1:
            entry, waiting = entry + 1, True
        i += 1
    return None


def deliver_briefings(campaign: Campaign) -> list[str]:
    """Post the private news that the orders in so far give a player (once each); the keys posted."""
    from pbem import render
    from pbem.outbox import compose, post

    game = campaign.game
    if game.briefings is None:
        return []
    number = campaign.open_round
    orders_in = {p: r["orders"] for p, r in campaign.pending_orders().items()}
    posted = []
    for player in campaign.player_names:
        place = door.seat(campaign, player)
        for key, data in door.briefings(place, orders_in):
            message_key = f"brief-r{number:04d}-{player}-{key}"
            body = render.render(f"{render.template_folder(game.name)}/briefing.txt.j2", place.language,
                                 round=number, player=player, data=data)
            subject = render.subject("briefing", place.language, round=number)
            if post(campaign, message_key, compose(campaign, player, subject, body, key=message_key,
                                                   moment=clock.now())):
                posted.append(message_key)
    return posted
