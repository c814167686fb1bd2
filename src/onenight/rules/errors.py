"""The engine's errors: every refusal is typed and carries a one-line reason."""

from __future__ import annotations


class RulesError(Exception):
    """Base class: something the rules do not allow. The message is the reason."""


class InvalidSetup(RulesError):
    """An edition, player list or deck that the rules do not allow."""


class IllegalAction(RulesError):
    """A choice that is not legal now, or not this seat's to make. Nothing changed."""
