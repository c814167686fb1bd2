"""``python -m onenight.server --host H --port P --db URL`` (what tests and benchmarks use)."""

from __future__ import annotations

import argparse

from onenight.session.limits import Limits

from . import run


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m onenight.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None)
    parser.add_argument("--bus", default="memory://")
    parser.add_argument("--log-format", default="text", choices=["text", "json"])
    default = Limits()
    parser.add_argument("--max-rooms", type=int, default=default.max_rooms)
    parser.add_argument("--idle", type=float, default=default.idle)
    parser.add_argument("--creates-per-minute", type=float, default=default.creates_per_minute)
    parser.add_argument("--joins-per-minute", type=float, default=default.joins_per_minute)
    parser.add_argument("--message-rate", type=float, default=default.message_rate)
    args = parser.parse_args()
    limits = Limits(
        args.max_rooms,
        args.idle,
        args.creates_per_minute,
        args.joins_per_minute,
        args.message_rate,
    )
    run(args.host, args.port, args.db, args.bus, args.log_format, limits)


if __name__ == "__main__":
    main()
