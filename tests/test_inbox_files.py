"""The inbox takes regular files only, never through a symbolic link, and judges the size before reading: a link
to secrets.toml, to the process's environment or to /etc/passwd, a FIFO, a huge sparse file are each refused in a
line, set aside in inbox/refused/ without being read, and the other order files are taken as usual."""
from __future__ import annotations

import os

from conftest import TOKENS, order_file, run


def test_links_fifos_and_huge_files_are_refused_unread_and_the_real_orders_are_taken(campaign):
    inbox = campaign.folder / "inbox"
    os.symlink(campaign.folder / "secrets.toml", inbox / "a-secrets.toml")
    os.symlink("/proc/self/environ", inbox / "b-environ.toml")
    os.symlink("/etc/passwd", inbox / "c-passwd.toml")
    os.mkfifo(inbox / "d-fifo.toml")
    with open(inbox / "e-huge.toml", "wb") as handle:
        handle.truncate(2 * 1024**3)   # 2 GB, sparse: reading or copying it is what must not happen
    order_file(inbox, "ann", 1, ["Gifu"], token=TOKENS["ann"])
    result = run("inbox", campaign.folder)
    assert result.code == 2
    refused = sorted(p.name for p in (inbox / "refused").iterdir())
    assert refused == ["a-secrets.toml", "b-environ.toml", "c-passwd.toml", "d-fifo.toml", "e-huge.toml"]
    assert (inbox / "refused" / "a-secrets.toml").is_symlink()
    assert "ann" in campaign.pending_orders()
    secret = (campaign.folder / "secrets.toml").read_text()
    kept = b"".join(p.read_bytes() for p in (campaign.folder / "received").iterdir())
    assert b"dice_secret" not in kept and secret.encode() not in kept and b"root:" not in kept
    assert sum(p.stat().st_size for p in (campaign.folder / "received").iterdir()) < 10_000
    log = (campaign.folder / "log.txt").read_text()
    assert log.count("inbox: refused") == 5 and "a symbolic link" in log and "not a regular file" in log
    assert "2,147,483,648 bytes" in log
    assert run("inbox", campaign.folder).code == 0   # what was set aside is not looked at again
