"""Order intake: an order file's text to checked, normalised orders of one player.

An order file is TOML. Its envelope (game, campaign, round, player, token,
nonce) is read here; the rest, the body, belongs to the game. Every problem is
reported, each naming its line or field, and nothing is stored unless all is well.
"""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem
from pbem import clock
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.files import write_atomic

MAX_BYTES = 64 * 1024
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


def describe(problem: Problem) -> str:
    where = f"line {problem.line}, " if problem.line else ""
    return f"{where}{problem.field}: {problem.message}"


def read_orders(campaign: Campaign, data: bytes, source: str, *, player: str | None = None,
                require_token: bool = False) -> Submission:
    """Check an order file against the campaign's open round; raise OrdersRejected with every problem."""
    text = _decode(data, source)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = _line_of_decode_error(str(exc))
        raise OrdersRejected(source, [Problem(NOT_UNDERSTOOD, "file", f"not valid TOML: {exc}", line)]) from None

    problems: list[Problem] = []
    game = campaign.game
    if "game" in document and document["game"] != game.name:
        problems.append(Problem(NOT_ALLOWED, "game", f"these orders are for {document['game']!r}, "
                                                      f"but campaign {campaign.name!r} plays {game.name!r}"))
    if "campaign" in document and document["campaign"] != campaign.name:
        problems.append(Problem(NOT_ALLOWED, "campaign", f"these orders are for campaign {document['campaign']!r}, "
                                                          f"not {campaign.name!r}"))
    named = document.get("player")
    if named is not None and not isinstance(named, str):
        problems.append(Problem(NOT_UNDERSTOOD, "player", "the player is a name in quotes"))
        named = None
    if player is not None and named is not None and named != player:
        problems.append(Problem(NOT_ALLOWED, "player", f"these orders are signed by {named!r}, not {player!r}"))
    who = player or named
    if who is None:
        problems.append(Problem(NOT_UNDERSTOOD, "player", "say whose orders these are: player = \"NAME\""))
    elif who not in campaign.player_names:
        problems.append(Problem(NOT_ALLOWED, "player", f"no player named {who!r} in this campaign "
                                                        f"(players: {', '.join(campaign.player_names)})"))
        who = None

    if require_token and who is not None:
        token = document.get("token")
        if not isinstance(token, str) or not token:
            problems.append(Problem(NOT_ALLOWED, "token", "orders by mail or inbox carry your secret token: "
                                                           "token = \"...\" (it was in your welcome message)"))
        elif not campaign.token_matches(who, token):
            problems.append(Problem(NOT_ALLOWED, "token", f"the token does not match player {who!r}"))

    nonce = document.get("nonce", "")
    if not isinstance(nonce, str) or not NONCE_PATTERN.match(nonce):
        problems.append(Problem(NOT_UNDERSTOOD, "nonce", "the nonce is up to 128 printable ASCII characters "
                                                         "without spaces, in quotes"))
        nonce = ""

    final = document.get("final", False)
    if not isinstance(final, bool):
        problems.append(Problem(NOT_UNDERSTOOD, "final", "final is true or false, without quotes"))
        final = False

    expected = campaign.open_round
    number = document.get("round")
    state = campaign.state()
    if game.is_over(state):
        problems.append(Problem(NOT_ALLOWED, "round", f"the game is over (after round {campaign.last_round}); "
                                                       "no more orders are taken"))
    elif not isinstance(number, int) or isinstance(number, bool):
        problems.append(Problem(NOT_UNDERSTOOD, "round", f"say which round these orders are for: round = {expected}"))
    elif number != expected:
        problems.append(Problem(NOT_ALLOWED, "round", f"these orders are for round {number}, "
                                                       f"but round {expected} is open"))

    checked = None
    if who is not None and not game.is_over(state):
        body = {key: value for key, value in document.items() if key not in ENVELOPE}
        checked = game.check_orders(state, who, body)
        problems.extend(checked.problems)
        if game.check_in_context is not None and not checked.problems:
            orders_in = {p: r["orders"] for p, r in campaign.pending_orders().items()}
            problems.extend(game.check_in_context(state, who, checked.orders, orders_in))

    if problems:
        raise OrdersRejected(source, [_locate(p, text) for p in problems])
    assert checked is not None and who is not None
    return Submission(player=who, round=expected, orders=checked.orders, nonce=nonce, forecast=checked.forecast,
                      final=final)


def normalised_text(campaign: Campaign, submission: Submission) -> str:
    """The order file as it will be executed, without the token."""
    lines = [f'game = "{campaign.game_name}"', f'campaign = "{campaign.name}"',
             f"round = {submission.round}", f'player = "{submission.player}"']
    if submission.nonce:
        lines.append(f'nonce = "{submission.nonce}"')
    if submission.final:
        lines.append("final = true")
    return "\n".join(lines) + "\n" + campaign.game.format_orders(submission.orders)


def store(campaign: Campaign, submission: Submission, source: str) -> None:
    """Keep accepted orders for the open round; a later submission replaces an earlier one."""
    record = {"round": submission.round, "player": submission.player, "orders": submission.orders,
              "nonce": submission.nonce, "final": submission.final, "received_at": clock.stamp(clock.now()),
              "source": source}
    write_atomic(campaign.orders_dir / f"{submission.player}.json",
                 json.dumps(record, sort_keys=True, indent=1) + "\n")


def _decode(data: bytes, source: str) -> str:
    if len(data) > MAX_BYTES:
        raise OrdersRejected(source, [Problem(NOT_UNDERSTOOD, "file", f"the file has {len(data):,} bytes; "
                                                                      f"order files are at most {MAX_BYTES:,}")])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise OrdersRejected(source, [Problem(NOT_UNDERSTOOD, "file", f"not UTF-8 text (byte {exc.start})")]) from None
    if not text.strip():
        raise OrdersRejected(source, [Problem(NOT_UNDERSTOOD, "file", "the file is empty; "
                                                                      "start from `pbem orders template`")])
    return text


def _line_of_decode_error(message: str) -> int | None:
    match = re.search(r"at line (\d+)", message)
    return int(match.group(1)) if match else None


def _locate(problem: Problem, text: str) -> Problem:
    """Give a problem the line where its field is written, when it has none.

    A field such as "war.moves[2].path" is looked for as a table header
    ([war] or the third [[war.moves]]) and then as a key below it.
    """
    if problem.line is not None:
        return problem
    segments = [(name, int(index) if index else None)
                for name, index in re.findall(r"([A-Za-z_][\w-]*)(?:\[(\d+)\])?", problem.field)]
    lines = text.splitlines()
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
                break
    if number is None:
        return problem
    return Problem(problem.reason, problem.field, problem.message, number)


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
    for player, key, data in game.briefings(campaign.state(), orders_in):
        message_key = f"brief-r{number:04d}-{player}-{key}"
        body = render.render(f"{render.template_folder(game.name)}/briefing.txt.j2", round=number, player=player,
                             data=data)
        if post(campaign, message_key, compose(campaign, player, f"Round {number}: news for you alone", body,
                                               key=message_key, moment=clock.now())):
            posted.append(message_key)
    return posted
