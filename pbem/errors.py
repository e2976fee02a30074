"""The two kinds of failure the CLI distinguishes by exit code."""
from __future__ import annotations


class UserError(Exception):
    """Input was rejected (exit code 2). The message says what, where, and how to fix it."""

    exit_code = 2

    def __init__(self, message: str, details: list[str] | None = None):
        super().__init__(message)
        self.details = details or []

    def __str__(self) -> str:
        return "\n".join([self.args[0], *("  " + line for line in self.details)])


class CampaignLocked(UserError):
    """Another pbem process is working on the campaign."""

    exit_code = 1


class CampaignDamaged(Exception):
    """The campaign folder does not match its own records (exit code 1)."""

    exit_code = 1


class MailServerFailed(Exception):
    """A mail server could not be reached or failed; nothing was lost, a later run tries again (exit code 1)."""

    exit_code = 1


class BeaconUnavailable(Exception):
    """The beacon round a round's dice need could not be had, or did not check; the round waits (exit code 1)."""

    exit_code = 1


class BeaconNotYet(BeaconUnavailable):
    """The beacon round a round's dice need is still to be published: the round waits for it, as it should."""

    def __init__(self, number: int, due: str) -> None:
        super().__init__(f"beacon round {number} is not published before {due}")
        self.number, self.due = number, due
