"""TLS contexts for talking to mail servers: certificates checked, each context made once per process.

Loading the system's certificate authorities takes about 50 ms; a tick over many
campaigns would pay it for every connection. A server with a certificate of its
own making is trusted by naming it: ca_file = "/path/cert.pem" under [mail.imap]
or [mail.smtp].
"""
from __future__ import annotations

import ssl
from functools import lru_cache

from pbem.errors import UserError


@lru_cache(maxsize=8)
def client_context(ca_file: str | None = None) -> ssl.SSLContext:
    try:
        return ssl.create_default_context(cafile=ca_file)
    except (OSError, ssl.SSLError) as exc:
        raise UserError(f"ca_file = {ca_file!r}: cannot read the certificate authority: {exc}") from None


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def check_clear_text(section: str, config: dict) -> None:
    """A password is never sent without TLS, except to a server on this machine."""
    if config.get("security") == "none" and config.get("user") and config.get("host") not in LOOPBACK:
        raise UserError(f"[{section}] security = \"none\" would send the password in clear to {config['host']}; "
                        "that is allowed on loopback only: use \"tls\" or \"starttls\"")
