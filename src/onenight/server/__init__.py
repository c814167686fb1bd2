"""The game server: ``run()`` serves the app (:mod:`.app`) with uvicorn.

The command line that calls it is :mod:`.command` (``onenight serve`` and ``python -m
onenight.server``). Importing the package loads neither FastAPI nor the hub, so that the
``onenight`` command starts quickly for its other subcommands."""

from __future__ import annotations

from onenight.session.limits import Limits

WS_MAX_SIZE = 64 * 1024  #: frames above this close the connection (1009); 4 KiB is the limit
GRACEFUL_SECONDS = 5  #: how long a stopping server waits for its connections


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    bus: str = "memory://",
    log_format: str = "text",
    limits: Limits | None = None,
) -> None:
    """Serve HTTP and WebSocket on ``host:port``, storing in ``db`` (default SQLite) and
    publishing frames on ``bus`` (``memory://`` or ``redis://…``).

    On SIGTERM or Ctrl-C uvicorn stops accepting, closes every WebSocket with code 1012
    ("service restart": clients reconnect and ``resume``) and exits within
    GRACEFUL_SECONDS."""
    import uvicorn

    from .app import create_app
    from .collector import tune
    from .ops import configure_logging

    configure_logging(log_format)
    app = create_app(db, bus, limits)
    tune()  # after the imports and the app: they are frozen
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        # No permessage-deflate: compressed sizes would tell what padded night frames
        # hold, and compressing every frame costs the server more CPU than anything else.
        ws_per_message_deflate=False,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )


__all__ = ["run"]
