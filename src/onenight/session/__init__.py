"""Game sessions: rooms, seats, host controls, the game's clock, chat and votes.

The package imports none of its modules itself, so that its bottom modules (``errors``,
``protocol``, ``events``, ``limits``) come without the hub: the Python client reads its
error codes from here, the command line the server's limits."""
