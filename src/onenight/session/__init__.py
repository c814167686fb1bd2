"""Game sessions: rooms, seats, host controls, the game's clock, chat and votes.

The package imports nothing itself, so that its bottom modules (``errors``, ``protocol``,
``events``) come without the hub: the Python client reads its error codes from here.
"""
