"""Finding the order file inside a player's mail, wherever the player put it.

Players answer a report by replying to it, so their orders come as an
attachment (.toml or .txt), as the body, as an HTML-only body, or inside the
quoted copy of the order form with "> " before every line; in any charset and
transfer encoding, with greetings above and a signature below. This module
turns one raw message into the order file's text (or says why there is none);
checking the orders is the intake's job. Mail that is not a player writing
(auto-replies, bounces) is recognised, so that it gets no answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage, MIMEPart
from email.parser import BytesHeaderParser
from email.utils import collapse_rfc2231_value, parseaddr
from html.parser import HTMLParser

from pbem.tomlscan import after_string

TOML_LINE = re.compile(r"""^\s*(\[\[?[A-Za-z_"][^\]]*\]\]?\s*(#.*)?$|[A-Za-z_][\w.-]*\s*=|"[^"]+"\s*=)""")
QUOTE = re.compile(r"^\s*>\s?")
ATTRIBUTION = re.compile(r"^\s*(On .+ wrote:|Le .+ a écrit\s*:|Am .+ schrieb .+:|El .+ escribió:)\s*$")
AUTOMATIC_SENDERS = ("mailer-daemon", "postmaster")
HEAD_BYTES = 64 * 1024
ORIGINAL = re.compile(r"^\s*-{2,}\s*(Original Message|Forwarded message|Ursprüngliche Nachricht|Message d'origine)"
                      r"\s*-{2,}\s*$", re.IGNORECASE)
HEADER_BLOCK = re.compile(r"^\s*(From|De|Von|Van):\s", re.IGNORECASE)
SENT = re.compile(r"^\s*(Sent|Date|Envoyé|Gesendet|Verzonden):\s", re.IGNORECASE)
SMART_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
                              "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u2032": "'"})
QUOTE_MARK = "\x00quote"


@dataclass
class MailOrders:
    sender: str
    message_id: str | None
    subject: str
    text: str | None            # the order file, or None
    found_in: str | None        # "attachment", "body", "quoted reply", "html"
    automatic: bool = False     # an auto-reply or a bounce: never answered
    references: str = ""        # the thread it belongs to, for threading the answer
    first_line: int = 1         # where the order file starts in the part it came from, as the player counts
    data: bytes | None = None   # an attachment's bytes, undecoded where it named no charset
    message: EmailMessage | None = field(default=None, repr=False, compare=False)   # the parsed mail, read whole


def read_mail(raw: bytes) -> MailOrders:
    message = message_from_bytes(raw, policy=policy.default)
    found = envelope(message)
    found.message = message
    if found.automatic:
        return found
    where, data = _from_attachment(message)
    if data is not None:
        found.data, found.found_in = data, where
        found.text = data.decode("utf-8", errors="replace")
        return found
    for finder in (_from_plain_body, _from_html_body):
        where, text, first = finder(message)
        if text:
            found.text, found.found_in, found.first_line = text, where, first
            break
    return found


MAX_HEADER_BYTES = 16 * 1024    # one header field, unfolded: a long thread's References stays well below
MAX_HEAD_BYTES = 256 * 1024     # the whole head


def oversized_head(raw: bytes) -> str | None:
    """Why the mail's head is too big to be worth parsing, or None. Python's header parser slows with a
    field's parameters and parts (a 25 KB Content-Type of 5,000 parameters cost 3 s), so the size of each
    field is measured in one pass first, of every part's head alike."""
    for head in _heads(raw):
        if len(head) > MAX_HEAD_BYTES:
            return f"a head of {len(head):,} bytes"
        field = 0
        for line in head.split(b"\n"):
            field = field + len(line) if line[:1] in (b" ", b"\t") else len(line)
            if field > MAX_HEADER_BYTES:
                return f"a header field of more than {MAX_HEADER_BYTES:,} bytes"
    return None


def _heads(raw: bytes):
    """The mail's head, and the head of every MIME part (each follows a line that starts with "--")."""
    text = raw.replace(b"\r\n", b"\n")
    yield text.split(b"\n\n", 1)[0]
    at = text.find(b"\n--")
    while at != -1:
        start = text.find(b"\n", at + 1)
        if start == -1:
            return
        yield text[start + 1:].split(b"\n\n", 1)[0]
        at = text.find(b"\n--", start)


def read_headers(raw: bytes) -> MailOrders:
    """Who sent a mail and what it answers, from its head alone (a mail too large to read whole)."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0][:HEAD_BYTES]
    return envelope(BytesHeaderParser(policy=policy.default).parsebytes(head))


def envelope(message: EmailMessage) -> MailOrders:
    """A mail's sender, identity and thread, its orders not yet looked for."""
    sender = parseaddr(header(message, "From"))[1]
    return MailOrders(sender=sender, message_id=header(message, "Message-ID") or None,
                      subject=header(message, "Subject"), text=None, found_in=None,
                      automatic=is_automatic(message, sender),
                      references=" ".join(header(message, "References").split()))


def header(message: EmailMessage, name: str) -> str:
    """A header's text; as it was written when it cannot be decoded (an encoded line break in a name, ...)."""
    try:
        return str(message.get(name, ""))
    except (ValueError, TypeError, IndexError, AttributeError):
        for key, value in message.raw_items():
            if key.lower() == name.lower():
                return " ".join(str(value).split())
        return ""


def is_automatic(message: EmailMessage, sender: str) -> bool:
    """An auto-reply, a bounce or list traffic: answering it could start a storm of mail."""
    if message.get("Auto-Submitted", "no").strip().lower() != "no":
        return True
    if message.get("X-Autoreply") or message.get("X-Autorespond"):
        return True
    if message.get("Precedence", "").strip().lower() in ("bulk", "junk", "list", "auto_reply"):
        return True
    if message.get_content_type() == "multipart/report":
        return True
    return sender.split("@")[0].lower() in AUTOMATIC_SENDERS


def orders_in_text(text: str) -> tuple[str | None, str | None, int]:
    """The order file in a body: the unquoted lines if they hold orders, else the quoted ones; and the line of
    the body it starts at, so that a problem is told at the line the player sees."""
    everything = text.replace("\r\n", "\n").lstrip("\ufeff").split("\n")
    lines = _without_signature(everything)
    own = [line for line in lines if not QUOTE.match(line) and not ATTRIBUTION.match(line)]
    block = _toml_block(own)
    if block:
        return "body", block, _line_of(everything, block, quoted=False)
    quoted = [QUOTE.sub("", line, count=1) for line in lines if QUOTE.match(line)]
    block = _toml_block(_without_signature(quoted))
    return ("quoted reply", block, _line_of(everything, block, quoted=True)) if block else (None, None, 1)


def _line_of(lines: list[str], block: str, quoted: bool) -> int:
    """The number of the body's line (from 1) where the block's first line is."""
    first = block.split("\n", 1)[0].strip()
    for number, line in enumerate(lines, start=1):
        seen = QUOTE.sub("", line, count=1) if quoted and QUOTE.match(line) else line
        if seen.translate(SMART_QUOTES).strip() == first and (QUOTE.match(line) is not None) == quoted:
            return number
    return 1


def _toml_block(lines: list[str]) -> str | None:
    """From the first line that reads as TOML to the last: greetings and sign-offs left out."""
    lines = [line.translate(SMART_QUOTES) for line in lines]   # phones and word processors "improve" quotes
    marks = [i for i, line in enumerate(lines) if TOML_LINE.match(line)]
    if not marks:
        return None
    end = _block_end(lines, _string_end(lines, marks[0], marks[-1]))
    return "\n".join(lines[marks[0]:end + 1]).strip() + "\n"


def _string_end(lines: list[str], first: int, last: int) -> int:
    """The block's last line: `last`, or later where a multi-line string begun by then runs on (a text in a
    player's own words, orders = \"\"\"...\"\"\", whose lines read as no TOML)."""
    text, end = "\n".join(lines[first:]), last
    i, line = 0, first
    while i < len(text) and line <= end:
        char = text[i]
        if char == "#":
            newline = text.find("\n", i)
            i = len(text) if newline < 0 else newline
            continue
        if char in "\"'":
            after = after_string(text, i)
            line += text.count("\n", i, after)
            end = max(end, line)
            i = after
            continue
        line += char == "\n"
        i += 1
    return end


def _block_end(lines: list[str], last: int) -> int:
    """A value that goes on over several lines (an array) ends at its closing bracket."""
    depth = 0
    for i in range(last, len(lines)):
        depth += lines[i].count("[") - lines[i].count("]")
        if depth <= 0:
            return i
    return last


def _without_signature(lines: list[str]) -> list[str]:
    """The lines above a signature, or above the original that Outlook-like clients copy in unquoted."""
    for i, line in enumerate(lines):
        if line.rstrip() in ("--", "-- ") or line.strip().startswith("___") or ORIGINAL.match(line):
            return lines[:i]
        if HEADER_BLOCK.match(line) and any(SENT.match(later) for later in lines[i + 1:i + 4]):
            return lines[:i]
    return lines


def _from_attachment(message: EmailMessage) -> tuple[str | None, bytes | None]:
    """An attached order file as bytes: in UTF-8 when its part names another charset that reads; as it came
    when it names none (an editor's UTF-8, or UTF-16, which the order reader then names)."""
    for part in message.iter_attachments() if message.is_multipart() else []:
        name = (part.get_filename() or "").lower()
        if name.endswith((".toml", ".txt")):
            payload = part.get_payload(decode=True)   # bytes, or None for a part that is itself multipart
            data = payload if isinstance(payload, bytes) else b""
            charset = part.get_content_charset()
            if charset and charset.lower().replace("_", "-") not in ("utf-8", "us-ascii", "ascii"):
                try:
                    data = data.decode(charset).encode("utf-8")
                except (LookupError, UnicodeDecodeError):
                    pass   # left as it came: the order reader says what it cannot read
            return "attachment", data
    return None, None


def body_text(mail: MailOrders) -> str:
    """The text of a mail read whole: its plain body, or its HTML body as text; "" when it has neither."""
    message = mail.message
    if message is None:
        return ""
    body = message.get_body(preferencelist=("plain",))
    if body is not None:
        return _text_of(body)
    body = message.get_body(preferencelist=("html",))
    return html_to_text(_text_of(body)) if body is not None else ""


def _from_plain_body(message: EmailMessage) -> tuple[str | None, str | None, int]:
    body = message.get_body(preferencelist=("plain",))
    if body is None:
        return None, None, 1
    return orders_in_text(_text_of(body))


def _from_html_body(message: EmailMessage) -> tuple[str | None, str | None, int]:
    body = message.get_body(preferencelist=("html",))
    if body is None:
        return None, None, 1
    where, text, first = orders_in_text(html_to_text(_text_of(body)))
    return ("html", text, first) if text else (None, None, 1)


def _parameter(part: MIMEPart, name: str) -> str:
    """A Content-Type parameter in lower case, "" when absent (an RFC 2231 value, which the default policy already
    decodes, collapsed all the same)."""
    return collapse_rfc2231_value(part.get_param(name, "")).lower()


def _text_of(part: MIMEPart) -> str:
    try:
        text = part.get_content()
    except (LookupError, UnicodeDecodeError):  # an unknown or lying charset: read it as Latin-1, never fail
        payload = part.get_payload(decode=True)
        text = (payload if isinstance(payload, bytes) else b"").decode("latin-1")
    if part.get_content_subtype() == "plain" and _parameter(part, "format") == "flowed":
        text = unflow(text, delete_space=_parameter(part, "delsp") == "yes")
    return text


def unflow(text: str, delete_space: bool = False) -> str:
    """Undo format=flowed (RFC 3676): a line ending in a space goes on in the next line of the same quote depth."""
    result: list[str] = []
    carry = None   # (depth, text so far) of a paragraph still flowing
    for line in text.replace("\r\n", "\n").split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):   # space-stuffing
            content = content[1:]
        if carry is not None and carry[0] == depth:
            content = carry[1] + content
        elif carry is not None:
            result.append(">" * carry[0] + (" " if carry[0] else "") + carry[1])
        carry = None
        if content.endswith(" ") and content != "-- ":
            carry = (depth, content[:-1] if delete_space else content)
            continue
        result.append(">" * depth + (" " if depth else "") + content)
    if carry is not None:
        result.append(">" * carry[0] + (" " if carry[0] else "") + carry[1])
    return "\n".join(result)


class _Text(HTMLParser):
    BREAKS = {"br", "p", "div", "tr", "li", "pre", "blockquote", "h1", "h2", "h3"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "head"):
            self.skipping += 1
        elif tag in self.BREAKS:
            self.parts.append("\n")
        if tag == "blockquote":
            self.parts.append(f"{QUOTE_MARK}+\n")

    def handle_endtag(self, tag):
        if tag in ("style", "script", "head"):
            self.skipping = max(0, self.skipping - 1)
        elif tag in self.BREAKS:
            self.parts.append("\n")
        if tag == "blockquote":
            self.parts.append(f"\n{QUOTE_MARK}-\n")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    lines, depth = [], 0
    for line in "".join(parser.parts).replace("\xa0", " ").split("\n"):
        if line.startswith(QUOTE_MARK):   # a blockquote, as a mail client shows it: "> " before each line
            depth = max(0, depth + (1 if line.endswith("+") else -1))
        else:
            lines.append("> " * depth + line if depth and line.strip() else line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
