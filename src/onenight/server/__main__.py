"""``python -m onenight.server [OPTIONS]``: ``onenight serve`` (:mod:`.command`)."""

from __future__ import annotations

from .command import main

if __name__ == "__main__":
    main()
