"""Real mail servers on loopback for end-to-end tests: Dovecot (IMAP + LMTP) and an SMTP server.

Fakes agree with whatever the code under test already believes; a real IMAP server does not.
Everything listens on 127.0.0.1 on free ephemeral ports and lives in a folder the caller gives
(config, passwd-file, log, Maildirs). The system's /etc/dovecot and ports 143/993 are never used.

API
    ServersUnavailable                  Dovecot missing (or not 2.3); the message says what to install
    ServerFailed                        a server did not start; the message has Dovecot's log tail
    ensure_dovecot() -> str             install dovecot-imapd + dovecot-lmtpd with apt-get if missing and
                                        allowed (root, or sudo without a password); returns what it did
    MailServers(folder, users, tls=False)   users are addresses ("ann@example.org"); the IMAP login is the
                                        address. tls=True: a self-signed certificate (.ca_file trusts it),
                                        IMAPS on .imaps_port and STARTTLS in Dovecot; STARTTLS and AUTH
                                        (the IMAP passwords) in the SMTP server
      .start() -> MailServers, .stop(), also a context manager; stop() leaves no process behind
      .host, .imap_port, .lmtp_port, .smtp_port
      .password(address) -> str         "pw-" + local part
      .add_user(address)                also while running (then it takes up to 1 s, see there)
      .stop_imap(), .start_imap()       Dovecot down and up again, same ports, mailboxes kept
      .deliver(raw, to, mail_from="")   straight into the mailboxes over LMTP (smtplib errors if refused)
      .messages(address, folder="INBOX") -> list[bytes]   read over IMAP, in arrival order
      .smtp_refuse                      None, or a reply such as "451 4.3.0 try again later" given at
                                        RCPT and DATA; may be changed while running
      .smtp_accepted                    [(mail_from, rcpt_tos, raw bytes)] for every message accepted
      .users, .mail_dir, .log_path, .config_path, .dovecot_pid   for looking inside

In the folder: dovecot.conf, users (the passwd-file, {PLAIN} passwords), dovecot.log,
dovecot.stderr (Dovecot's own start-up complaints), mail/ (see below). Wrong passwords are
refused without Dovecot's usual delays (auth_failure_delay = 0, no anvil penalty). Stopping
ends Dovecot's processes with SIGTERM, so each logs "Killed with signal 15": expected.

The SMTP server (aiosmtpd, in a thread) refuses unknown recipients with 550 at RCPT and hands
each accepted message to Dovecot over LMTP. While Dovecot is stopped it still accepts mail, as a
real relay would, and keeps it in a queue that start_imap() delivers.

Root and ordinary users
    As root, Dovecot runs as a system install would (master as root, login processes as
    dovenull) but mail is stored as `nobody`, since Dovecot refuses uid 0, and the auth process
    runs as root to read the passwd-file. Mail processes must reach the Maildirs as `nobody`:
    when the folder sits under a directory closed to others (pytest's /tmp/pytest-of-root is
    0700), the Maildirs go in the private run directory instead (see .mail_dir) and are gone
    after stop(). As an ordinary user every Dovecot process runs as that user, without chroots,
    and the Maildirs are always in <folder>/mail.

    Dovecot's sockets go in that short private run directory under the system temp dir (removed
    by stop()), because Unix socket paths are limited to 108 bytes and pytest folders are long.

Dovecot 2.3 configuration syntax only (Debian 12, Ubuntu 22.04/24.04). Dovecot 2.4 changed many
settings; with 2.4 ServersUnavailable says so.

Command line
    python tests/support/mailservers.py install
    python tests/support/mailservers.py run --user ann@example.org --user gm@example.org [--folder DIR]
"""
from __future__ import annotations

import argparse
import contextlib
import grp
import os
import pwd
import re
import shutil
import signal
import smtplib
import socket
import ssl
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Self

from aiosmtpd.controller import Controller
from imapclient import IMAPClient

HOST = "127.0.0.1"
PACKAGES = ("dovecot-imapd", "dovecot-lmtpd", "openssl")   # openssl makes the certificate of the TLS tests
INSTALL_HINT = "install them with: sudo apt-get install dovecot-imapd dovecot-lmtpd openssl"
LIBEXEC_DIRS = ("/usr/lib/dovecot", "/usr/libexec/dovecot", "/usr/local/libexec/dovecot")
START_TIMEOUT = 10.0
POLICY_RC = Path("/usr/sbin/policy-rc.d")   # asked by Debian's maintainer scripts before starting services


class ServersUnavailable(Exception):
    """Dovecot cannot be used on this machine; the message says what to install."""


class ServerFailed(RuntimeError):
    """Dovecot or the SMTP server did not start; the message includes the log's tail."""


# -- finding and installing Dovecot ---------------------------------------------------------------

def dovecot_binary() -> str | None:
    extra = os.pathsep.join(["/usr/sbin", "/usr/local/sbin"])
    return shutil.which("dovecot", path=os.environ.get("PATH", "") + os.pathsep + extra)


def missing_parts() -> list[str]:
    """What the mail tests miss: Dovecot's master, imap and lmtp, and openssl for the certificate."""
    missing = [] if dovecot_binary() else ["dovecot"]
    libexec = next((Path(d) for d in LIBEXEC_DIRS if (Path(d) / "imap-login").exists()), None)
    for program in ("imap", "lmtp"):
        if libexec is None or not (libexec / program).exists():
            missing.append(program)
    if not shutil.which("openssl"):
        missing.append("openssl")
    return missing


def dovecot_version() -> str:
    """The installed version; ServersUnavailable for anything but 2.3, whose syntax we write."""
    out = subprocess.run([dovecot_binary(), "--version"], check=False, capture_output=True, text=True).stdout
    version = out.split()[0] if out.split() else "?"
    if not version.startswith("2.3."):
        raise ServersUnavailable(
            f"Dovecot {version} is installed, but tests/support/mailservers.py writes Dovecot 2.3 configuration"
            " (as shipped by Debian 12 and Ubuntu 22.04/24.04); install Dovecot 2.3 or port the config")
    return version


def available() -> str:
    """Dovecot's version if it can be used now, else ServersUnavailable (never installs anything)."""
    missing = missing_parts()
    if missing:
        raise ServersUnavailable(f"the mail servers are not installed (missing: {', '.join(missing)}); {INSTALL_HINT}")
    return dovecot_version()


def ensure_dovecot() -> str:
    """Make Dovecot's IMAP and LMTP servers available, installing them with apt-get when allowed.

    Returns what it found or did; ServersUnavailable when that is not enough.
    """
    if missing_parts() and shutil.which("apt-get"):
        prefix = _as_root()
        if prefix is not None:
            _apt_install(PACKAGES, prefix)
            return f"installed {' '.join(PACKAGES)} with apt-get: Dovecot {available()} ({dovecot_binary()})"
    return f"Dovecot {available()} is installed ({dovecot_binary()})"


def _as_root() -> list[str] | None:
    """How to run a command as root: directly, through sudo without a password, or not at all."""
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return ["sudo", "-n"]
    return None


def _apt_install(packages, prefix: list[str]) -> None:
    """apt-get install, after an apt-get update only if the first try fails (empty lists)."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    prefix = [*prefix, "env", "DEBIAN_FRONTEND=noninteractive"] if prefix else []
    command = [*prefix, "apt-get", "install", "-y", "--no-install-recommends", *packages]
    with _no_service_starts() if not prefix else contextlib.nullcontext():
        done = subprocess.run(command, check=False, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            subprocess.run([*prefix, "apt-get", "update"], check=False, env=env, capture_output=True, text=True)
            done = subprocess.run(command, check=False, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-15:])
        raise ServersUnavailable(f"apt-get could not install {' '.join(packages)}:\n{tail}\n{INSTALL_HINT}")


@contextlib.contextmanager
def _no_service_starts():
    """Keep the package's own system dovecot service from starting during the install.

    Debian's invoke-rc.d and deb-systemd-invoke ask /usr/sbin/policy-rc.d; exit code 101 means
    "do not start". An existing policy is left alone; ours is removed afterwards.
    """
    policy = POLICY_RC
    if policy.exists():
        yield
        return
    policy.write_text("#!/bin/sh\n# written by pbem tests/support/mailservers.py during apt-get install\nexit 101\n")
    policy.chmod(0o755)
    try:
        yield
    finally:
        policy.unlink(missing_ok=True)


# -- small helpers ------------------------------------------------------------------------------

def free_ports(count: int) -> list[int]:
    """Distinct ports the kernel says are free now (all bound at once, so never the same twice)."""
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(socket.socket()) for _ in range(count)]
        for sock in socks:
            sock.bind((HOST, 0))
        return [sock.getsockname()[1] for sock in socks]


def greets(port: int, prefix: bytes, goodbye: bytes) -> bool:
    """True once a server on the port answers with a greeting starting with prefix."""
    try:
        with socket.create_connection((HOST, port), timeout=1) as sock:
            if sock.recv(len(prefix)) != prefix:
                return False
            sock.sendall(goodbye)   # politely, so that the log shows no errors
            while sock.recv(1024):
                pass
            return True
    except OSError:
        return False


def tail(path: Path, lines: int = 25) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def end_process_group(proc: subprocess.Popen) -> None:
    """End a process started with start_new_session=True and every process it started.

    Dovecot's children share its process group. The whole group gets SIGTERM at once: a master
    told alone waits a second for its children to go.
    """
    with contextlib.suppress(ProcessLookupError):
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:   # until the group is empty: ProcessLookupError
            os.killpg(proc.pid, 0)
            time.sleep(0.01)
        os.killpg(proc.pid, signal.SIGKILL)


def crlf(raw: bytes) -> bytes:
    """Line ends as SMTP and LMTP want them; smtplib sends bytes untouched."""
    return re.sub(rb"\r?\n", b"\r\n", raw)


# -- the servers ----------------------------------------------------------------------------------

class _Relay:
    """aiosmtpd handler: recipients must be known users; accepted mail goes on to Dovecot."""

    def __init__(self, servers: MailServers):
        self.servers = servers

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.servers.smtp_refuse:
            return self.servers.smtp_refuse
        if address.lower() not in self.servers.users:
            return f"550 5.1.1 <{address}>: no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.servers.smtp_refuse:
            return self.servers.smtp_refuse
        try:
            self.servers._relay(envelope.original_content, envelope.rcpt_tos, envelope.mail_from or "")
        except (OSError, smtplib.SMTPException) as exc:
            return f"451 4.3.0 could not hand the message to the mailboxes: {exc}"
        self.servers.smtp_accepted.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
        return "250 OK delivered"


class MailServers:
    """Dovecot (IMAP + LMTP) and an SMTP relay into it, for one test, in one folder."""

    host = HOST

    def __init__(self, folder: Path, users=(), tls: bool = False):
        self.folder = Path(folder).resolve()
        self.tls = tls   # a self-signed certificate: IMAPS and STARTTLS in Dovecot, STARTTLS and AUTH in SMTP
        self.ca_file = self.folder / "cert.pem"   # the certificate, which is its own authority
        self.key_file = self.folder / "key.pem"
        self.imaps_port = None
        self.config_path = self.folder / "dovecot.conf"
        self.users_path = self.folder / "users"
        self.log_path = self.folder / "dovecot.log"
        self.mail_dir = self.folder / "mail"   # or elsewhere, see _choose_mail_dir
        self.users: list[str] = []
        for address in users:
            self._remember(address)
        self.root = os.geteuid() == 0
        self.imap_port = self.lmtp_port = self.smtp_port = None
        self.smtp_refuse: str | None = None
        self.smtp_accepted: list[tuple[str, list[str], bytes]] = []
        self._dovecot: subprocess.Popen | None = None
        self._smtp: Controller | None = None
        self._run_dir: Path | None = None
        self._queue: list[tuple[bytes, list[str], str]] = []   # SMTP mail waiting for Dovecot
        self._lock = threading.Lock()   # Dovecot's state as the SMTP server's thread sees it

    # -- life cycle

    def start(self) -> Self:
        available()
        self.folder.mkdir(parents=True, exist_ok=True)
        self._run_dir = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
        self._run_dir.chmod(0o755)   # services running as dovecot/dovenull reach their sockets
        try:
            self.mail_dir = self._choose_mail_dir()
            self._prepare_mail_dir()
            self._write_users()
            if self.tls:
                self._make_certificate()
            for attempt in (1, 2):   # a free port may be taken by someone else before Dovecot binds it
                self.imap_port, self.lmtp_port, self.imaps_port = free_ports(3)
                self._write_config()
                try:
                    self._start_dovecot()
                    break
                except ServerFailed as exc:
                    if attempt == 2 or "in use" not in str(exc):
                        raise
            self._start_smtp()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop everything; no process is left behind. Safe to call twice."""
        if self._smtp is not None:
            self._smtp.stop()
            self._smtp = None
        self.stop_imap()
        if self._run_dir is not None:
            shutil.rmtree(self._run_dir, ignore_errors=True)
            self._run_dir = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def stop_imap(self) -> None:
        """Dovecot down (IMAP and LMTP); from now on the SMTP server queues what it accepts."""
        with self._lock:
            proc, self._dovecot = self._dovecot, None
        if proc is not None:
            end_process_group(proc)

    def start_imap(self) -> None:
        """Dovecot up again on the same ports with the same mailboxes; queued SMTP mail is delivered."""
        with self._lock:   # the SMTP server waits meanwhile, so queued mail arrives first
            if self._dovecot is None:
                self._start_dovecot()
            while self._queue:
                self.deliver(*self._queue[0])
                self._queue.pop(0)

    @property
    def dovecot_pid(self) -> int | None:
        """The Dovecot master's process id (also its process group), None while stopped."""
        return self._dovecot.pid if self._dovecot else None

    # -- users and mail

    def _authenticate(self, server, session, envelope, mechanism, auth_data):
        """SMTP AUTH (with tls=True): a user's address and password, as in Dovecot."""
        from aiosmtpd.smtp import AuthResult, LoginPassword

        ok = (isinstance(auth_data, LoginPassword) and auth_data.login.decode().lower() in self.users
              and auth_data.password.decode() == self.password(auth_data.login.decode()))
        return AuthResult(success=ok)

    def password(self, address: str) -> str:
        return "pw-" + address.lower().split("@")[0]

    def add_user(self, address: str) -> None:
        """A new mailbox; while Dovecot runs this takes up to a second, until Dovecot sees it."""
        self._remember(address)
        if self.users_path.exists():
            self._write_users()
        if self._dovecot is not None:
            # Dovecot looks at the passwd-file at most once per second of the clock, so the
            # next lookup in a later second finds the new user.
            time.sleep(1.01 - time.time() % 1)

    def deliver(self, raw: bytes, to: list[str], mail_from: str = "") -> None:
        """Put a message into each recipient's INBOX over LMTP; smtplib's errors if refused.

        One transaction per recipient, because after DATA an LMTP server answers once per
        recipient and smtplib reads only one answer.
        """
        data = crlf(raw)
        with smtplib.LMTP(HOST, self.lmtp_port, timeout=10) as lmtp:
            for address in to:
                lmtp.sendmail(mail_from, [address], data)

    def messages(self, address: str, folder: str = "INBOX") -> list[bytes]:
        """Every message in the mailbox, as IMAP serves it, oldest first."""
        with IMAPClient(HOST, port=self.imap_port, ssl=False, timeout=10) as imap:
            imap.login(address, self.password(address))
            imap.select_folder(folder, readonly=True)
            uids = sorted(imap.search("ALL"))
            if not uids:
                return []
            fetched = imap.fetch(uids, ["BODY.PEEK[]"])
            return [fetched[uid][b"BODY[]"] for uid in uids]

    # -- internals

    def _remember(self, address: str) -> None:
        address = address.lower()
        if "@" not in address or ":" in address:
            raise ValueError(f"not a mail address: {address!r}")
        if address not in self.users:
            self.users.append(address)

    def _relay(self, raw: bytes, to: list[str], mail_from: str) -> None:
        """What the SMTP server does with a message: deliver it, or queue it while Dovecot is down."""
        with self._lock:
            if self._dovecot is None:
                self._queue.append((raw, list(to), mail_from))
            else:
                self.deliver(raw, to, mail_from)

    def _mail_owner(self) -> tuple[int, int]:
        if not self.root:
            return os.getuid(), os.getgid()
        try:
            nobody = pwd.getpwnam("nobody")
            return nobody.pw_uid, nobody.pw_gid
        except KeyError:
            return 65534, 65534

    def _choose_mail_dir(self) -> Path:
        """The Maildirs' parent: in the folder, unless the mail user (nobody, as root) could not get there."""
        inside = self.folder / "mail"
        if not self.root or all(d.stat().st_mode & stat.S_IXOTH for d in (self.folder, *self.folder.parents)):
            return inside
        return self._run_dir / "mail"

    def _prepare_mail_dir(self) -> None:
        self.mail_dir.mkdir(exist_ok=True)
        if self.root:
            os.chown(self.mail_dir, *self._mail_owner())
        self.mail_dir.chmod(0o700)

    def _write_users(self) -> None:
        """The passwd-file, replaced in one step so Dovecot never reads half of it."""
        uid, gid = self._mail_owner()
        lines = []
        for address in self.users:
            home = self.mail_dir / address
            lines.append(f"{address}:{{PLAIN}}{self.password(address)}:{uid}:{gid}::{home}::\n")
        partial = self.users_path.with_name(".users.new")
        partial.write_text("".join(lines))
        partial.chmod(0o600)
        os.replace(partial, self.users_path)

    def _write_config(self) -> None:
        run, users = self._run_dir, self.users_path
        if self.root:
            # Mail is stored as nobody (Dovecot refuses uid 0, see the passwd-file); auth reads
            # the passwd-file as root, because the caller's folder may be closed to others.
            who = "service auth {\n  user = root\n}\n"
            no_chroot = ""
        else:
            # Every process runs as the current user; chroots need root, so none.
            me, group = pwd.getpwuid(os.getuid()).pw_name, _group_name(os.getgid())
            who = (f"default_internal_user = {me}\ndefault_internal_group = {group}\n"
                   f"default_login_user = {me}\nservice ipc {{\n  chroot =\n}}\n")
            no_chroot = "  chroot =\n"
        ssl = (f"ssl = yes\nssl_cert = <{self.ca_file}\nssl_key = <{self.key_file}" if self.tls else "ssl = no")
        self.config_path.write_text(f"""\
# A private Dovecot 2.3 for pbem's end-to-end tests, written by tests/support/mailservers.py.
base_dir = {run}
state_dir = {run}/state
instance_name = pbem-tests
protocols = imap lmtp
listen = {HOST}
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_verbose = yes
auth_failure_delay = 0
log_path = {self.log_path}
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:~/Maildir
mail_fsync = never
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu {users}
}}
userdb {{
  driver = passwd-file
  args = username_format=%Lu {users}
}}
service imap-login {{
{no_chroot}  inet_listener imap {{
    address = {HOST}
    port = {self.imap_port}
  }}
  inet_listener imaps {{
    address = {HOST}
    port = {self.imaps_port if self.tls else 0}
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = {HOST}
    port = {self.lmtp_port}
  }}
}}
# No penalty for failed logins: tests try wrong passwords and then right ones at once.
service anvil {{
{no_chroot}  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
{who}""")

    def _start_dovecot(self) -> None:
        """Run the master in the foreground, in a session of its own, until IMAP and LMTP both greet."""
        (self._run_dir / "state").mkdir(exist_ok=True)
        stderr_path = self.folder / "dovecot.stderr"
        with open(stderr_path, "ab") as stderr:
            proc = subprocess.Popen([dovecot_binary(), "-F", "-c", str(self.config_path)], stdin=subprocess.DEVNULL,
                                    stdout=stderr, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while not (greets(self.imap_port, b"* OK", b"a LOGOUT\r\n") and greets(self.lmtp_port, b"220 ", b"QUIT\r\n")):
            if proc.poll() is not None or time.monotonic() > deadline:
                why = (f"exited with code {proc.returncode}" if proc.poll() is not None
                       else f"did not answer within {START_TIMEOUT:.0f} s")
                end_process_group(proc)
                raise ServerFailed(f"Dovecot {why} (IMAP port {self.imap_port}, LMTP port {self.lmtp_port}).\n"
                                   f"{stderr_path}:\n{tail(stderr_path)}\n{self.log_path}:\n{tail(self.log_path)}")
            time.sleep(0.005)
        self._dovecot = proc

    def _make_certificate(self) -> None:
        """A self-signed certificate for 127.0.0.1 and localhost, valid for two days (EC: quick to make)."""
        done = subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
             "-keyout", str(self.key_file), "-out", str(self.ca_file)], capture_output=True, text=True)
        if done.returncode != 0:
            raise ServerFailed(f"openssl could not make a test certificate: {done.stderr[-500:]}")

    def _start_smtp(self) -> None:
        extra = {}
        if self.tls:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(self.ca_file, self.key_file)
            extra = {"tls_context": context, "authenticator": self._authenticate, "auth_require_tls": True}
        for attempt in (1, 2):
            (self.smtp_port,) = free_ports(1)
            controller = Controller(_Relay(self), hostname=HOST, port=self.smtp_port, ready_timeout=5, **extra)
            try:
                controller.start()
            except Exception as exc:   # aiosmtpd re-raises whatever stopped its thread
                if attempt == 2:
                    raise ServerFailed(f"the SMTP server did not start on port {self.smtp_port}: {exc}") from exc
                continue
            self._smtp = controller
            return


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


# -- command line ---------------------------------------------------------------------------------

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tests/support/mailservers.py", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("install", help="install Dovecot's IMAP and LMTP servers if missing (needs root)")
    run = commands.add_parser("run", help="start Dovecot and the SMTP server until Ctrl-C")
    run.add_argument("--user", action="append", default=[], metavar="ADDRESS", help="a mailbox (repeatable)")
    run.add_argument("--folder", type=Path, help="where config, log and mail go (default: a new temp folder)")
    args = parser.parse_args(argv)

    if args.command == "install":
        try:
            print(ensure_dovecot())
        except ServersUnavailable as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0

    folder = args.folder or Path(tempfile.mkdtemp(prefix="pbem-mail-"))
    servers = MailServers(folder, args.user or ["gm@example.org"])
    # Ctrl-C and kill both end in `finally`, which stops the servers (SIGINT even if inherited as ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        servers.start()
    except ServersUnavailable as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        print(f"folder {servers.folder}")
        print(f"IMAP   {servers.host}:{servers.imap_port}  (plain, no TLS; login = full address)")
        print(f"LMTP   {servers.host}:{servers.lmtp_port}")
        print(f"SMTP   {servers.host}:{servers.smtp_port}")
        for address in servers.users:
            print(f"user   {address}  password {servers.password(address)}")
        print("Ctrl-C stops them.", flush=True)
        while True:
            signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        servers.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
