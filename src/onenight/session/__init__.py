"""Game sessions: rooms, seats, host controls, the game's clock, chat and votes.

The package imports none of its modules itself: the command line reads the server's
limits (:mod:`.limits`) without loading the hub and everything under it."""
