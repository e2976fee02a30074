"""A real headless Chromium (Debian's `chromium`) for the tests of the HTML reports: a page opened once per size,
its screenshot, its DOM as the browser built it and every network request it made.

A mail reader is a browser; what a page looks like, and whether it reaches out to the network, only a browser
says for sure. Each `load` is one short Chromium run (a shared machine: the tests launch it as few times as
they can) with its own profile folder, the browser's own background traffic turned off and every host name
made unresolvable, so that nothing at all leaves the machine.

API
    BrowserUnavailable              Chromium missing and not installable here; the message says what to install
    ensure_chromium() -> str        install `chromium` with apt-get if missing and allowed (root, or sudo without
                                    a password); returns what it found or did
    load(path, width, height, folder) -> Loaded     one run: screenshot, DOM and net log of the page at path
      .png (bytes), .dom (str), .requests: the URLs the page asked for (the browser's own, none with the
      flags below, are told apart by their initiator and left out), .seconds the run took
    png_pixels(png, rows) -> (width, height, pixels)  the first `rows` rows of an 8-bit RGB(A) PNG, decoded
                                    (zlib and the five PNG filters, nothing else needed)

Command line
    python tests/support/browser.py install
    python tests/support/browser.py shot PAGE.html [--width 390 --height 844] [--out FOLDER]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

PACKAGES = ("chromium",)
INSTALL_HINT = "install it with: sudo apt-get install chromium"
TIMEOUT = 60
# the browser's own traffic off (updates, sync, time queries, sign-in, safe browsing lists) and no host name
# resolving but loopback: a page that wants anything from the network is seen asking for it, and gets nothing
QUIET = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--no-pings", "--disable-domain-reliability",
         "--disable-breakpad", "--disable-client-side-phishing-detection", "--no-first-run",
         "--no-default-browser-check", "--disable-features=Translate,OptimizationHints,MediaRouter",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
BROWSER_OWN = "not an origin"   # the initiator the net log gives the requests the browser makes for itself


class BrowserUnavailable(Exception):
    """Chromium cannot be used on this machine; the message says what to install."""


def chromium_binary() -> str | None:
    return next((found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None)


def ensure_chromium() -> str:
    """Make Chromium available, installing Debian's package with apt-get when allowed."""
    if chromium_binary():
        return f"Chromium is installed ({chromium_binary()})"
    prefix = _as_root() if shutil.which("apt-get") else None
    if prefix is None:
        raise BrowserUnavailable(f"Chromium is not installed and cannot be installed here; {INSTALL_HINT}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    command = [*prefix, "apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:   # empty package lists on a fresh machine: update once and try again
        subprocess.run([*prefix, "apt-get", "update"], env=env, capture_output=True, text=True, check=False)
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not chromium_binary():
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-15:])
        raise BrowserUnavailable(f"apt-get could not install chromium:\n{tail}\n{INSTALL_HINT}")
    return f"installed chromium with apt-get ({chromium_binary()})"


def _as_root() -> list[str] | None:
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive"]
    return None


@dataclass
class Loaded:
    png: bytes
    dom: str
    requests: list[str]
    seconds: float


def load(path: Path, width: int, height: int, folder: Path, fragment: str = "") -> Loaded:
    """Open the page at `path` in headless Chromium at width x height: one run for its screenshot (the first
    screen, or the screen that begins at the element whose id is `fragment`), its DOM and its net log."""
    binary = chromium_binary()
    if binary is None:
        raise BrowserUnavailable(f"Chromium is not installed; {INSTALL_HINT}")
    folder.mkdir(parents=True, exist_ok=True)
    shot, net = folder / "shot.png", folder / "net.json"
    command = [binary, "--headless", "--disable-gpu", "--hide-scrollbars", *QUIET,
               f"--user-data-dir={folder / 'profile'}", f"--window-size={width},{height}",
               f"--screenshot={shot}", "--dump-dom", f"--log-net-log={net}",
               Path(path).resolve().as_uri() + (f"#{fragment}" if fragment else "")]
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")   # Chromium's sandbox refuses to run as root
    began = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    seconds = time.monotonic() - began
    if done.returncode != 0 or not shot.is_file():
        raise RuntimeError(f"chromium failed ({done.returncode}):\n" + "\n".join(done.stderr.splitlines()[-15:]))
    return Loaded(shot.read_bytes(), done.stdout, page_requests(net), seconds)


def page_requests(net_log: Path) -> list[str]:
    """Every URL a request was started for on a page's behalf, from Chromium's net log (--log-net-log)."""
    log = json.loads(net_log.read_text("utf-8"))
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    return sorted({event["params"]["url"] for event in log["events"]
                   if event["type"] == start and "url" in event.get("params", {})
                   and event["params"].get("initiator") != BROWSER_OWN})


def png_pixels(png: bytes, rows: int) -> tuple[int, int, list[bytes]]:
    """(width, height, the first `rows` rows' pixels) of an 8-bit RGB or RGBA PNG, without interlace."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, data, header = 8, [], None
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data.append(body)
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"a PNG this decoder does not read (depth {depth}, colour type {colour})")
    size = 3 if colour == 2 else 4
    stride = width * size
    raw = zlib.decompressobj().decompress(b"".join(data), (stride + 1) * min(rows, height))
    previous, pixels = bytearray(stride), []
    for y in range(min(rows, height)):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        _unfilter(kind, line, previous, size)
        pixels += [bytes(line[x:x + size]) for x in range(0, stride, size)]
        previous = line
    return width, height, pixels


def _unfilter(kind: int, line: bytearray, up: bytearray, size: int) -> None:
    """Undo one PNG row filter in place: None, Sub, Up, Average or Paeth."""
    if kind == 0:
        return
    for i in range(len(line)):
        left = line[i - size] if i >= size else 0
        above = up[i]
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + above) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + ((left + above) >> 1)) & 0xFF
        else:
            corner = up[i - size] if i >= size else 0
            p = left + above - corner
            pa, pb, pc = abs(p - left), abs(p - above), abs(p - corner)
            line[i] = (line[i] + (left if pa <= pb and pa <= pc else above if pb <= pc else corner)) & 0xFF


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Headless Chromium for pbem's HTML report tests")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("install", help="install Debian's chromium with apt-get if it is missing")
    shot = commands.add_parser("shot", help="screenshot a page and list the requests it made")
    shot.add_argument("page", type=Path)
    shot.add_argument("--width", type=int, default=390)
    shot.add_argument("--height", type=int, default=844)
    shot.add_argument("--out", type=Path, default=Path("browser-shot"))
    args = parser.parse_args(argv)
    try:
        if args.command == "install":
            print(ensure_chromium())
            return 0
        loaded = load(args.page, args.width, args.height, args.out)
    except BrowserUnavailable as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{args.out / 'shot.png'}: {len(loaded.png)} bytes in {loaded.seconds:.1f} s; "
          f"requests: {loaded.requests or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
