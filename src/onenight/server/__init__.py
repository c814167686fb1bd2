"""The game server: ``run()`` serves the app (:mod:`.app`) with uvicorn.

The command line that calls it is :mod:`.command` (``onenight serve`` and ``python -m
onenight.server``). Importing the package loads neither FastAPI nor the hub, so that the
``onenight`` command starts quickly for its other subcommands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from onenight.session.limits import Limits

from .voice import IceConfig

if TYPE_CHECKING:
    from .guard import Origins

WS_MAX_SIZE = 64 * 1024  #: frames above this close the connection (1009); 4 KiB is the limit
GRACEFUL_SECONDS = 5  #: how long a stopping server waits for its connections


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    bus: str = "memory://",
    log_format: str = "text",
    limits: Limits | None = None,
    ice: IceConfig | None = None,
    origins: Origins | None = None,
    metrics_address: tuple[str, int] | None = ("127.0.0.1", 18000),
) -> None:
    """Serve HTTP and WebSocket on ``host:port``, storing in ``db`` (default SQLite) and
    publishing frames on ``bus`` (``memory://`` or ``redis://…``); ``ice``: the voice's
    ICE servers (:class:`.voice.IceConfig`); ``origins``: the sites besides its own whose
    pages may use it (:class:`.guard.Origins`); ``metrics_address``: where ``/metrics``
    listens (:mod:`.exposition`; None: nowhere), never on ``host:port``.

    Once it listens (not before: the address works when it is shown), it prints on stdout
    the address to open, and on a wildcard host the machine's network addresses too
    (:mod:`.address`); the logs go to stderr.

    On SIGTERM or Ctrl-C uvicorn stops accepting, closes every WebSocket with code 1012
    ("service restart": clients reconnect and ``resume``) and exits within
    GRACEFUL_SECONDS."""
    import contextlib
    import logging
    import sys

    import uvicorn

    from .address import where_to_open
    from .app import create_app
    from .collector import tune
    from .connections import open_files_for, protocol
    from .exposition import serve as serve_metrics
    from .ops import configure_logging

    configure_logging(log_format)
    log = logging.getLogger("onenight.server")
    app = create_app(db, bus, limits, ice, origins)
    tune()  # after the imports and the app: they are frozen

    limits = limits or Limits()
    send_timeout = limits.send_timeout

    class Server(uvicorn.Server):
        metrics_listener: Any = None

        async def startup(self, sockets: list[Any] | None = None) -> None:
            await super().startup(sockets)
            if self.started and metrics_address is not None:
                try:
                    self.metrics_listener = await serve_metrics(
                        app.hub, app.state.metrics, *metrics_address
                    )
                except OSError as exc:  # the game goes on without its metrics
                    log.error("metrics: cannot listen on %s:%s: %s", *metrics_address, exc)
            if self.started:
                socks = [s for srv in self.servers for s in srv.sockets]
                for sock in socks:
                    unread_timeout(sock, send_timeout)
                listening = [(s.family, *s.getsockname()[:2]) for s in socks]
                print(where_to_open(host, listening), flush=True)

        async def shutdown(self, sockets: list[Any] | None = None) -> None:
            if self.metrics_listener is not None:
                self.metrics_listener.close()
            await super().shutdown(sockets)

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        # No permessage-deflate: compressed sizes would tell what padded night frames
        # hold, and compressing every frame costs the server more CPU than anything else.
        ws_per_message_deflate=False,
        log_level="warning",
        # No "server: uvicorn" on every answer: it tells nothing a player needs, and the
        # client's first load is counted in bytes, headers included.
        server_header=False,
        lifespan="on",
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )
    # uvicorn's HTTP protocol, with a bound on each request's head and the HTTP
    # connections an address holds (connections.py: uvicorn has neither).
    config.http = protocol(config, limits.header_seconds, limits.http_connections_per_address)
    open_files_for(limits.max_websockets + 100)  # and the pages', the store's, the bus's
    server = Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(3)  # as uvicorn.run: the port was taken, or the app failed to start


def unread_timeout(sock: Any, seconds: float) -> None:
    """How long what the server sent may stay unacknowledged or unsent because the client
    reads nothing (a full window), before the system drops the connection: Linux's
    ``TCP_USER_TIMEOUT``, set on the listening socket and inherited by every connection
    it accepts. Without it a WebSocket that never reads holds its socket (and the frames
    waiting for it) for ever: the server's own send waits, and no close can get out.
    Elsewhere (no such option) nothing is set."""
    import socket

    option = getattr(socket, "TCP_USER_TIMEOUT", None)
    if option is None or seconds <= 0 or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return
    sock.setsockopt(socket.IPPROTO_TCP, option, int(seconds * 1000))


__all__ = ["run"]
