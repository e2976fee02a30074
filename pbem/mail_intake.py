"""Taking one mail from the campaign's mailbox: orders, a request, or something to set aside.

The mail is kept raw in received/ before anything else happens, and the
outcome is recorded beside it; a mail whose outcome is recorded (seen again
after a crash, or delivered twice) is not taken a second time. Its key comes
from its Message-ID and sender, so a second copy has the same key.

What a mail is, in this order:
  - larger than MAX_MESSAGE_BYTES: not read and not kept (it stays in the done
    folder on the server); a player who sent it is told;
  - an auto-reply, bounce or list mail: set aside, never answered;
  - tagged with another campaign's name ("[feud]" in the subject), or untagged
    with orders naming another campaign: left alone for that campaign;
  - orders: checked with the player's token. A token that matches, from an
    address that is not the player's, is accepted only where the campaign
    says `accept_unregistered = true` under [mail]; the player hears of it at
    the registered address either way;
  - from a player's address, with a subject that asks for something ("report",
    "form", "status", "help"): answered;
  - from a player's address, with neither: answered with help;
  - anything else: set aside unanswered (spam gets no reply).

Every answer goes to the player's registered address, never to the sender,
so a forged From cannot draw mail to a stranger. From is forged as easily,
so the round's answers to one player are counted in shares, by what the mail
they answer proved (SHARES), and no mail a forger can write spends the share
of the mail only the player can write:
  - accepted orders and a stored press or private message (the player's
    token, from the registered address): always answered;
  - the player's token, from the registered address, in mail refused for
    something else (mistyped orders, a press too long): MAX_REPLIES a round;
  - the player's token from any other address: MAX_STRANGER_REPLIES;
  - mail that asks for no token (report, json, form, status, help, a mail
    too large to read, which campaign one was for): MAX_REQUEST_REPLIES;
  - mail in the player's name whose token fails (wrong, missing, the order
    form's placeholder, in orders, press or a private message) and a roll
    asked for from the player's address: MAX_UNPROVEN_REPLIES from the
    registered address, and as many from all other addresses together;
  - a roll from the GM's address without the GM's token: one "roll refused"
    a round to the GM, quoting nothing of the mail (neither its subject nor
    its body, nor threaded under it).
Mail past its share is taken as any other (kept, recorded, logged), and only
not answered: so a loop of mail ends too. The token is read from the mail's
own `token = "..."` lines, so that orders too mistyped to be read still prove
the player's.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass
from datetime import timedelta
from itertools import islice

from pbem import clock, door, render
from pbem.campaign import LEFT_FILE, Campaign
from pbem.faults import crash_point
from pbem.files import write_atomic
from pbem.inbox import accept, claimed_player, rejection_text
from pbem.mailorders import MailOrders, oversized_head, read_headers, read_mail
from pbem.orders import OrdersRejected, read_orders
from pbem.outbox import compose, post, posted
from pbem.records import read_record

MAX_REPLIES = 10          # a round's answers to mail with the player's token from the player's address
MAX_REQUEST_REPLIES = 10  # ... to mail asking for no token: requests, help
MAX_UNPROVEN_REPLIES = 1  # ... to mail whose token fails, from the player's address (and from all others)
UNCLAIMED_HOURS = 12   # mail left for another campaign this long: its sender, if a player here, is asked which
MAX_LEFT_NOTED = 500   # mail left for others that is noted and counted; more is left on the server unnoted
MAX_STRANGER_REPLIES = 3   # a round's answers to mail with the player's token from addresses not the player's
# share: (what its answers' outbox keys add after mail-rNNNN-PLAYER-, the most a round, None for no limit)
SHARES = {"always": ("ok-", None), "token": ("", MAX_REPLIES), "token elsewhere": ("x-", MAX_STRANGER_REPLIES),
          "request": ("q-", MAX_REQUEST_REPLIES), "unproven": ("u-", MAX_UNPROVEN_REPLIES),
          "unproven elsewhere": ("s-", MAX_UNPROVEN_REPLIES)}
TOKEN_LINES = re.compile(r"""^[ \t]*token[ \t]*=[ \t]*(?:"([^"\n]{1,200})"|'([^'\n]{1,200})')""", re.MULTILINE)
MAX_TOKEN_LINES = 5   # token lines of one mail compared with the player's token
MAX_MESSAGE_BYTES = 10 * 1024 * 1024   # orders with a phone's photo attached still fit
TAG = re.compile(r"\[([A-Za-z][A-Za-z0-9_-]{0,31})\]")
CAMPAIGN_LINE = re.compile(r'^\s*campaign\s*=\s*"([^"]*)"', re.MULTILINE)
MESSAGE_ID = re.compile(r"^<[\x21-\x3b\x3d\x3f-\x7e]{1,250}>$")
REPLY_PREFIX = re.compile(r"^\s*((re|fwd?|aw|wg|sv|vs|tr)\s*:\s*)+", re.IGNORECASE)
REQUESTS = ("report", "json", "form", "status", "help")

TAKEN = ("accepted", "rejected", "request", "help", "press", "roll", "set aside")   # outcomes: the mail is moved aside


@dataclass
class MailOutcome:
    key: str
    action: str             # one of TAKEN, or "other campaign" (left on the server), "seen before"
    player: str | None = None
    detail: str = ""

    @property
    def taken(self) -> bool:
        return self.action != "other campaign"


def mail_key(raw: bytes) -> str:
    """The same for every copy of one message: its Message-ID and sender, or its bytes when it has no ID (or
    a head too big to read)."""
    if oversized_head(raw):
        return hashlib.sha256(b"raw:" + raw).hexdigest()[:24]
    head = read_headers(raw)
    basis = f"id:{head.message_id}\nfrom:{head.sender}".encode() if head.message_id else b"raw:" + raw
    return hashlib.sha256(basis).hexdigest()[:24]


def take_raw(campaign: Campaign, raw: bytes) -> MailOutcome:
    """Keep the raw mail, take it, record the outcome; a mail with a recorded outcome is only reported."""
    key = mail_key(raw)
    folder = campaign.folder / "received"
    record = folder / f"mail-{key}.json"
    if record.is_file():
        return MailOutcome(key, "seen before", read_record(record).get("player"))
    oversized = oversized_head(raw)
    if oversized:   # not read: strangers could make every fetch slow; a player's mail client never does this
        outcome = MailOutcome(key, "set aside", None, f"{oversized}; not read")
    elif len(raw) > MAX_MESSAGE_BYTES:
        outcome = too_large(campaign, raw, key)
    else:
        try:
            mail, failure = read_mail(raw), None
        except Exception as exc:  # one strange mail must not block the others: set aside, tell the GM
            mail, failure = None, exc
        if mail is not None and _for_another_campaign(campaign, mail):
            return left_for_another(campaign, mail, key)
        kept = folder / f"mail-{key}.eml"
        if not kept.exists():
            write_atomic(kept, raw)
        crash_point("mail-kept")
        try:
            if failure is not None:
                raise failure
            assert mail is not None   # read, since reading it did not fail
            outcome = take_mail(campaign, mail, key)
        except Exception as exc:
            outcome = MailOutcome(key, "set aside", None, f"could not be taken ({type(exc).__name__}: {exc}); "
                                                          f"kept as received/mail-{key}.eml")
    write_atomic(record, json.dumps(asdict(outcome), sort_keys=True) + "\n")
    crash_point("mail-recorded")
    campaign.log(f"mail {key}: {outcome.action}" + (f" ({outcome.player})" if outcome.player else "")
                 + (f": {outcome.detail}" if outcome.detail else ""))
    return outcome


def too_large(campaign: Campaign, raw: bytes, key: str) -> MailOutcome:
    """Not read, not kept; a player is told, so that orders sent with a photo attached are not lost in silence."""
    mail = read_headers(raw)
    player = registered_player(campaign, mail.sender)
    if player and not mail.automatic:
        language = campaign.language_of(player)
        _reply(campaign, player, mail, key, render.subject("too_large", language), render.render(
            "common/too_large.txt.j2", language, size=len(raw), limit=MAX_MESSAGE_BYTES), share="request")
    return MailOutcome(key, "set aside", player, f"{len(raw):,} bytes, more than an order mail may have")


def _for_another_campaign(campaign: Campaign, mail: MailOrders) -> bool:
    """Mail another campaign sharing the mailbox will take: an order file that names another campaign, whatever
    the subject says; else a subject whose tags are all others' ("[orders]", "[EXTERNAL]" and the campaign's own
    name in capitals do not hide a tag that is ours, and tags are compared without case)."""
    named = CAMPAIGN_LINE.search(mail.text or "")
    if named:
        return named.group(1).lower() != campaign.name.lower()
    tags = [tag.lower() for tag in TAG.findall(mail.subject)]
    return bool(tags) and campaign.name.lower() not in tags


def forget_taken_elsewhere(campaign: Campaign, still_there: set[str]) -> None:
    """After a whole fetch: mail another campaign has taken since is no longer counted as left."""
    path = campaign.folder / LEFT_FILE
    if path.is_file():
        left = read_record(path)
        kept = {key: entry for key, entry in left.items() if key in still_there}
        if kept != left:
            write_atomic(path, json.dumps(kept, sort_keys=True, indent=1) + "\n")


def left_for_another(campaign: Campaign, mail: MailOrders, key: str) -> MailOutcome:
    """Left on the server for another campaign. Each is noted in LEFT_FILE (pbem status counts them); when one
    is still there UNCLAIMED_HOURS later and its sender plays here, the sender is asked once which campaign it
    is for, since no campaign may ever take it."""
    path = campaign.folder / LEFT_FILE
    left = read_record(path) if path.is_file() else {}
    now = clock.now()
    entry = left.get(key)
    if entry is None and len(left) >= MAX_LEFT_NOTED:   # a stranger's flood must not grow it (or its rewrites)
        return MailOutcome(key, "other campaign", None, mail.subject[:80])
    if entry is None:
        left[key] = {"first_seen": clock.stamp(now), "subject": mail.subject[:80], "asked": False}
        write_atomic(path, json.dumps(left, sort_keys=True, indent=1) + "\n")
        return MailOutcome(key, "other campaign", None, mail.subject[:80])
    player = registered_player(campaign, mail.sender)
    waited = now - clock.parse(entry["first_seen"]) >= timedelta(hours=campaign.mail.get("unclaimed_hours",
                                                                                          UNCLAIMED_HOURS))
    if player and waited and not entry["asked"] and not mail.automatic:
        language = campaign.language_of(player)
        _reply(campaign, player, mail, key, render.subject("which_campaign", language), render.render(
            "common/which_campaign.txt.j2", language, campaign=campaign.name, subject=mail.subject[:80]),
               share="request")
        entry["asked"] = True
        write_atomic(path, json.dumps(left, sort_keys=True, indent=1) + "\n")
    return MailOutcome(key, "other campaign", player, mail.subject[:80])


def take_mail(campaign: Campaign, mail: MailOrders, key: str) -> MailOutcome:
    if mail.automatic:
        return MailOutcome(key, "set aside", None, f"automatic mail from {mail.sender or 'nobody'}")
    sender = registered_player(campaign, mail.sender)
    said = None if carries_orders(mail) else press_request(mail.subject)
    if said is not None:   # "[tag] press", "[tag] to NAME": before orders, as its token line reads as TOML
        if sender is None:   # a stranger's mail is never published, nor answered
            return MailOutcome(key, "set aside", None, f"{said[0]} from {mail.sender or 'nobody'}, not a player")
        return take_press(campaign, mail, key, sender, *said)
    asked = None if carries_orders(mail) else roll_request(mail.subject)
    if asked is not None:   # "[tag] roll 3d6 for the siege": the GM's alone
        return take_roll(campaign, mail, key, sender, asked)
    if mail.text is not None:
        return take_orders(campaign, mail, key, sender)
    if sender is None:
        return MailOutcome(key, "set aside", None, f"no orders, from {mail.sender or 'nobody'}, not a player")
    request = asked_for(mail.subject)
    if request is None or request == "help":
        language = campaign.language_of(sender)
        _reply(campaign, sender, mail, key, render.subject("mail_help", language),
               render.render("common/mail_help.txt.j2", language, campaign=campaign.name, found=request == "help"),
               share="request")
        return MailOutcome(key, "help", sender, "no orders found" if request is None else "asked for help")
    subject, body, attachments = answer(campaign, sender, request)
    _reply(campaign, sender, mail, key, subject, body, share="request", attachments=attachments)
    return MailOutcome(key, "request", sender, f"asked for {request}")


def carries_orders(mail: MailOrders) -> bool:
    """Whether the player's own lines hold an order file (its round and player): orders are taken as orders,
    whatever the subject says ("[war] to the GM: my orders" is no private message)."""
    text = mail.text if mail.found_in != "quoted reply" else None
    return text is not None and all(re.search(rf"^\s*{key}\s*=", text, re.MULTILINE) for key in ("round", "player"))


def press_request(subject: str) -> tuple[str, str | None] | None:
    """The press request a subject makes ("[war] press", "[war] press anonymous", "[war] to bob"), or None."""
    from pbem.press import request_of

    return request_of(REPLY_PREFIX.sub("", TAG.sub(" ", subject)).split())


def take_press(campaign: Campaign, mail: MailOrders, key: str, sender: str, request: str,
               value: str | None) -> MailOutcome:
    """A player's press or private message, from the player's registered address: stored for the open round
    when its token is the player's and the campaign allows it, and answered either way; a private message is
    relayed at once, from the campaign's address, naming the sender's player and no address."""
    from pbem import press
    from pbem.mailorders import body_text

    language = campaign.language_of(sender)
    kind = "press" if request == "press" else "private_message"
    tokens, text = press.body_parts(body_text(mail))
    text = press.cleaned(text)
    recipient = value if kind == "private_message" else None
    refusal = press.refusal(campaign, kind, sender, value, tokens, text, key)
    values = {"kind": kind, "round": campaign.open_round, "recipient": recipient, "campaign": campaign.name,
              "limit": press.MAX_CHARACTERS, "lines": press.MAX_LINES, "most": press.MAX_PER_ROUND,
              "players": [name for name in campaign.player_names if name != sender]}
    if refusal is not None:
        proven = bool(tokens) and all(campaign.token_matches(sender, token) for token in tokens)
        _reply(campaign, sender, mail, key, render.subject("press_refused", language),
               render.render("common/press_answer.txt.j2", language, refusal=refusal, **values),
               share="token" if proven else "unproven")
        return MailOutcome(key, "rejected", sender, f"{kind}: {refusal}")
    anonymous = kind == "press" and value == "anonymous"
    press.store(campaign, kind, key, text, sender=sender, recipient=recipient, anonymous=anonymous)
    if recipient is not None:
        relay_key = f"relay-r{campaign.open_round:04d}-{recipient}-{key}"
        if not posted(campaign, relay_key):
            to_language = campaign.language_of(recipient)
            post(campaign, relay_key, compose(
                campaign, recipient, render.subject("private_message", to_language, player=sender),
                render.render("common/private_message.txt.j2", to_language, player=sender, text=text,
                              campaign=campaign.name, round=campaign.open_round),
                key=relay_key, moment=clock.now()))
    _reply(campaign, sender, mail, key, render.subject("press_stored", language, round=campaign.open_round),
           render.render("common/press_answer.txt.j2", language, refusal=None, anonymous=anonymous, text=text,
                         **values), share="always")
    return MailOutcome(key, "press", sender, f"{kind}" + (f" to {recipient}" if recipient else "")
                       + (" (anonymous)" if anonymous else "") + f", round {campaign.open_round}")


def roll_request(subject: str) -> str | None:
    """What a subject asks to roll ("[war] roll 3d6 for the siege of Nagashima" gives "3d6 for the siege of
    Nagashima"; "" when nothing follows), or None when it asks for no roll."""
    words = REPLY_PREFIX.sub("", TAG.sub(" ", subject)).split()
    if not words or words[0].lower().strip(".:!?") != "roll":
        return None
    return " ".join(words[1:])


GM_TOKEN_LINE = re.compile(r'^\s*token\s*=\s*"([^"\n]{1,200})"\s*$', re.MULTILINE)


def gm_token_in(mail: MailOrders) -> str | None:
    """The token a roll mail's text carries (token = "..." on a line of its own), or None."""
    found = GM_TOKEN_LINE.search(mail.text or "")
    return found.group(1) if found else None


def take_roll(campaign: Campaign, mail: MailOrders, key: str, sender: str | None, asked: str) -> MailOutcome:
    """A roll on demand by mail (pbem/roll.py): from the GM's registered address, rolled and answered to the GM
    with the result; a player is told that only the game master may, and a stranger is not answered."""
    from pbem import roll
    from pbem.errors import BeaconUnavailable, UserError
    from pbem.outbox import compose_to_gm

    if mail.sender.strip().lower() != campaign.gm.strip().lower():
        if sender is None:
            return MailOutcome(key, "set aside", None, f"roll from {mail.sender or 'nobody'}, not the game master")
        language = campaign.language_of(sender)
        _reply(campaign, sender, mail, key, render.subject("roll_refused", language),
               render.render("common/roll_refused.txt.j2", language, campaign=campaign.name, asked=asked[:200]),
               share="unproven")
        return MailOutcome(key, "rejected", sender, "roll: only the game master may roll on demand")
    if campaign.gm_token_matches(gm_token_in(mail)) is False:   # the address alone can be forged
        return refuse_unproven_roll(campaign, key)
    number = campaign.open_round
    answer_key = f"gm-r{number:04d}-roll-{key}"
    expression, _, purpose = asked.partition(" ")
    purpose = purpose.strip()
    if purpose.lower().startswith("for "):
        purpose = purpose[4:]
    try:
        made, new = roll.request(campaign, expression, purpose, key=key)
    except (UserError, BeaconUnavailable) as exc:
        subject = "roll refused"
        body = (f"Nothing was rolled for your mail \"{mail.subject[:200]}\": {exc}\n"
                + f"\nWrite the subject as [{campaign.name}] roll 3d6 for the siege of Nagashima "
                  f"(expressions: {roll.EXAMPLES}).\n")
        outcome = MailOutcome(key, "rejected", sender, f"roll: {exc}"[:300])
    else:
        subject = f"rolled: {roll.line(made, number)}"[:200]
        body = (("Rolled " if new else "Rolled before, from the same mail or for the same purpose, not again: ")
                + roll.line(made, number) + "\n\n"
                + f"Every player's report of round {number} will show it with every die; pbem verify and the\n"
                  "players' checker recompute it from the round's seed once it is revealed.\n")
        outcome = MailOutcome(key, "roll", sender, roll.line(made, number))
    message_id = mail.message_id if mail.message_id and MESSAGE_ID.match(mail.message_id) else None
    post(campaign, answer_key, compose_to_gm(campaign, subject, body, key=answer_key, moment=clock.now(),
                                             in_reply_to=message_id, references=_references(mail)))
    return outcome


def refuse_unproven_roll(campaign: Campaign, key: str) -> MailOutcome:
    """A roll in the GM's name without the GM's token: the GM is told once a round, in a mail that quotes nothing
    of the one it answers (which anyone may have written, to have the campaign's address carry it); later ones
    are only logged."""
    from pbem.outbox import compose_to_gm

    answer_key = f"gm-r{campaign.open_round:04d}-roll-refused"
    detail = "roll: the mail does not carry the GM's token"
    if posted(campaign, answer_key):
        return MailOutcome(key, "rejected", None, detail + "; not answered, the GM was told once this round")
    body = ("Nothing was rolled for a mail in your name that asked for a roll: a roll by mail needs your GM token "
            "in its body, on a line of its own:\n\n    token = \"YOUR-GM-TOKEN\"\n\n(pbem new showed it; "
            f"`pbem gm-token {campaign.name}` makes a new one). If you sent no such mail, someone wrote in your "
            "name. This is said once a round: later such mail is logged (pbem's log.txt), not answered.\n")
    post(campaign, answer_key, compose_to_gm(campaign, "roll refused", body, key=answer_key, moment=clock.now()))
    return MailOutcome(key, "rejected", None, detail)


def take_orders(campaign: Campaign, mail: MailOrders, key: str, sender: str | None) -> MailOutcome:
    assert mail.text is not None   # take_mail gives it only a mail that carries an order file
    data = mail.data if mail.data is not None else mail.text.encode("utf-8")
    where = f"found in the {mail.found_in}"
    try:
        submission = read_orders(campaign, data, where, require_token=True, first_line=mail.first_line)
    except OrdersRejected as rejection:
        player = claimed_player(campaign, data) or sender
        if player:
            notes = [] if player == sender else [_not_from_you(campaign, player)]
            language = campaign.language_of(player)
            _reply(campaign, player, mail, key, render.subject("orders_rejected", language),
                   rejection_text(campaign, where, rejection.problems, notes, language, mail.found_in),
                   share=share_of(carries_token_of(campaign, player, data), player == sender))
        return MailOutcome(key, "rejected", player, "; ".join(rejection.details)[:300])
    player = submission.player
    notes = []
    if sender != player:
        if not campaign.mail.get("accept_unregistered", False):
            language = campaign.language_of(player)
            _reply(campaign, player, mail, key, render.subject("orders_rejected", language), rejection_text(
                campaign, where, [], [_not_from_you(campaign, player), {"kind": "registered address only",
                                                                         "gm": campaign.gm}],
                language, mail.found_in), share="token elsewhere")
            return MailOutcome(key, "rejected", player, f"right token from {mail.sender}, not the registered address")
        notes.append(_not_from_you(campaign, player, taken=True))
    body = accept(campaign, submission, f"mail:{key}", notes)
    _reply(campaign, player, mail, key,
           render.subject("orders_accepted", campaign.language_of(player), round=submission.round), body,
           share="always")
    return MailOutcome(key, "accepted", player, f"round {submission.round}, {where}")


def carries_token_of(campaign: Campaign, player: str, data: bytes | str) -> bool:
    """Whether one of the mail's `token = "..."` lines holds the player's token: the one proof that From cannot
    give. Read from the lines themselves, so that orders too mistyped to be read still prove it."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    lines = islice(TOKEN_LINES.finditer(text), MAX_TOKEN_LINES)
    return any(campaign.token_matches(player, found.group(1) or found.group(2)) for found in lines)


def share_of(proven: bool, own_address: bool) -> str:
    """The share (SHARES) the answer to a refused mail in a player's name is counted in."""
    if proven:
        return "token" if own_address else "token elsewhere"
    return "unproven" if own_address else "unproven elsewhere"


def _not_from_you(campaign: Campaign, player: str, taken: bool = False) -> dict:
    """The note (common/ack.txt.j2) that orders in the player's name came from elsewhere: it names the registered
    address, never the sender's, which may be another player's who must not be told to this one."""
    return {"kind": "not from you, taken" if taken else "not from you", "registered": campaign.player(player).email}


def registered_player(campaign: Campaign, address: str) -> str | None:
    address = address.strip().lower()
    for player in campaign.players:
        if player.email.lower() == address:
            return player.name
    return None


def asked_for(subject: str) -> str | None:
    """The request a subject makes: "[war] report", "Re: status", "form please"."""
    words = REPLY_PREFIX.sub("", TAG.sub(" ", subject)).split()
    word = words[0].lower().strip(".:!?") if words else ""
    return word if word in REQUESTS else None


def answer(campaign: Campaign, player: str, request: str) -> tuple[str, str, list]:
    """(subject, body, attachments) of the answer to a request."""
    from pbem.rounds import json_attachment, report_text
    from pbem.status import campaign_status, format_status

    number, language = campaign.last_round, campaign.language_of(player)
    if request == "report":
        return render.subject("report_again", language, round=number), report_text(campaign, player, number,
                                                                                    "text"), []
    if request == "json":
        data = report_text(campaign, player, number, "json").encode("utf-8")
        body = render.render("common/json_answer.txt.j2", language, round=number, campaign=campaign.name)
        return render.subject("json_report", language, round=number), body, [
            json_attachment(campaign, player, number, data)]
    if request == "form":
        if campaign.is_over():
            return render.subject("no_order_form", language), render.render("common/game_over.txt.j2", language), []
        return render.subject("order_form", language, round=campaign.open_round), door.order_form(
            door.seat(campaign, player)), []
    info = door.status_answer(door.seat(campaign, player), campaign_status(campaign))
    return render.subject("status", language), format_status(info, language) + "\n", []


def _reply(campaign: Campaign, player: str, mail: MailOrders, key: str, subject: str, body: str, *, share: str,
           attachments: list | None = None) -> bool:
    """Answer a mail at the player's registered address, threaded under it, unless the round's `share` of
    answers to the player (SHARES, the module's docstring) is used up: then the log says so."""
    mark, limit = SHARES[share]
    prefix = f"mail-r{campaign.open_round:04d}-{player}-"
    reply_key = prefix + mark + key
    if posted(campaign, reply_key):
        return False
    if limit is not None and answers_in(campaign, prefix, mark) >= limit:
        campaign.log(f"mail {key}: no answer to {player}; {limit} answer(s) this round already to mail of the "
                     f"kind \"{share}\"")
        return False
    message_id = mail.message_id if mail.message_id and MESSAGE_ID.match(mail.message_id) else None
    return post(campaign, reply_key, compose(campaign, player, subject, body, key=reply_key, moment=clock.now(),
                                             in_reply_to=message_id, references=_references(mail),
                                             attachments=attachments))


def answers_in(campaign: Campaign, prefix: str, mark: str) -> int:
    """The answers of one share in the outbox and sent: those keyed prefix + mark (the share keyed by the
    prefix alone, "token", is what no other share's mark follows)."""
    others = tuple(prefix + other for other, _ in SHARES.values() if other)
    names = (path.name for box in ("outbox", "sent") for path in (campaign.folder / box).glob(prefix + mark + "*.eml"))
    return sum(1 for name in names if mark or not name.startswith(others))


def _references(mail: MailOrders) -> list[str]:
    return [ref for ref in (mail.references or "").split() if MESSAGE_ID.match(ref)]
