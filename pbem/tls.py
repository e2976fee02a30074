"""The one TLS context for talking to mail servers: certificates checked, made once per process.

Loading the system's certificate authorities takes about 50 ms; a tick over many
campaigns would pay it for every connection.
"""
from __future__ import annotations

import ssl
from functools import lru_cache


@lru_cache(maxsize=1)
def client_context() -> ssl.SSLContext:
    return ssl.create_default_context()
