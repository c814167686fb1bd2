"""The bots' tests reuse the engine tests' random decks and games."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "engine"))
