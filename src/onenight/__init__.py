"""onenight: One Night Werewolf — rules engine, online play, bots."""

__version__ = "0.1.0"
