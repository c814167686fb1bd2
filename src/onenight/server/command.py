"""The ``serve`` command line, defined once: ``onenight serve`` and ``python -m
onenight.server`` (what tests and benchmarks start) take the same options.

Every option can also be set by an environment variable, ``ONENIGHT_`` and its name in
capitals (``ONENIGHT_DB``, ``ONENIGHT_CREATES_PER_MINUTE``, …); an option on the command
line wins. The limits' defaults are those of :class:`~onenight.session.limits.Limits`."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from onenight.session.limits import Limits

DEFAULT = Limits()


def _option(name: str, help: str) -> Any:
    return typer.Option(envvar=f"ONENIGHT_{name}", help=help)


def serve(
    host: Annotated[
        str, _option("HOST", 'Interface to listen on (0.0.0.0 or "::" for every interface).')
    ] = "127.0.0.1",
    port: Annotated[int, _option("PORT", "TCP port.")] = 8000,
    db: Annotated[
        str | None,
        _option(
            "DB",
            "Database URL (default: SQLite file onenight.db in the current folder; or "
            "postgresql+asyncpg://…).",
        ),
    ] = None,
    bus: Annotated[
        str, _option("BUS", "Pub/sub URL: memory:// (one process) or redis://host:6379/0.")
    ] = "memory://",
    log_format: Annotated[
        str, _option("LOG_FORMAT", "text or json (one JSON object a line).")
    ] = "text",
    max_rooms: Annotated[
        int, _option("MAX_ROOMS", "Open rooms this process allows.")
    ] = DEFAULT.max_rooms,
    idle: Annotated[float, _option("IDLE", "Seconds before an idle room closes.")] = DEFAULT.idle,
    creates_per_minute: Annotated[
        float, _option("CREATES_PER_MINUTE", "New rooms per IP (0: no limit).")
    ] = DEFAULT.creates_per_minute,
    joins_per_minute: Annotated[
        float, _option("JOINS_PER_MINUTE", "Joins per IP (0: no limit).")
    ] = DEFAULT.joins_per_minute,
    guesses_per_minute: Annotated[
        float,
        _option(
            "GUESSES_PER_MINUTE",
            "Look-ups of room codes that find no room, per IP (then every look-up from it "
            "waits; 0: no limit).",
        ),
    ] = DEFAULT.guesses_per_minute,
    message_rate: Annotated[
        float, _option("MESSAGE_RATE", "WebSocket messages a second per connection (0: no limit).")
    ] = DEFAULT.message_rate,
    address_message_rate: Annotated[
        float,
        _option(
            "ADDRESS_MESSAGE_RATE",
            "WebSocket messages a second from one IP address, over all its connections "
            "(bursts of twice that; 0: no limit).",
        ),
    ] = DEFAULT.address_message_rate,
    talk_per_minute: Annotated[
        float,
        _option(
            "TALK_PER_MINUTE",
            "Chat lines and whispers a minute per member, over all its connections and "
            "processes (an address: 8 times that; 0: no limit).",
        ),
    ] = DEFAULT.talk_per_minute,
    room_message_rate: Annotated[
        float,
        _option(
            "ROOM_MESSAGE_RATE",
            "WebSocket messages a second one room is served (bursts of twice that); more "
            "wait their turn, so a busy room slows itself, not the others (0: no bound).",
        ),
    ] = DEFAULT.room_message_rate,
    connections_per_address: Annotated[
        int,
        _option(
            "CONNECTIONS_PER_ADDRESS", "WebSockets one IP address may hold open (0: no limit)."
        ),
    ] = DEFAULT.connections_per_address,
    max_websockets: Annotated[
        int,
        _option(
            "MAX_WEBSOCKETS",
            "WebSockets this process holds from all addresses (then 503; 0: no limit).",
        ),
    ] = DEFAULT.max_websockets,
    http_connections_per_address: Annotated[
        int,
        _option(
            "HTTP_CONNECTIONS_PER_ADDRESS",
            "HTTP connections one IP address may hold open (then 429; 0: no limit; a trusted "
            "proxy's are not counted).",
        ),
    ] = DEFAULT.http_connections_per_address,
    header_timeout: Annotated[
        float,
        _option(
            "HEADER_TIMEOUT",
            "Seconds a request's head (request line and headers) may take to arrive (then 408; "
            "0: no limit).",
        ),
    ] = DEFAULT.header_seconds,
    body_timeout: Annotated[
        float, _option("BODY_TIMEOUT", "Seconds a request body may take to arrive (then 408).")
    ] = DEFAULT.body_seconds,
    send_timeout: Annotated[
        float,
        _option(
            "SEND_TIMEOUT",
            "Seconds data sent may wait unread by a client before its connection is closed.",
        ),
    ] = DEFAULT.send_timeout,
    allowed_origins: Annotated[
        str | None,
        _option(
            "ALLOWED_ORIGINS",
            "Origins besides the server's own (the Host it is reached by) whose pages may use "
            "the WebSocket and the API, comma-separated (https://play.example.org).",
        ),
    ] = None,
    ice_servers: Annotated[
        str | None,
        _option(
            "ICE_SERVERS",
            "Voice: STUN/TURN URLs, comma-separated (stun:host:3478,turn:host:3478). "
            "None is needed on a LAN.",
        ),
    ] = None,
    turn_secret: Annotated[
        str | None,
        _option("TURN_SECRET", "Voice: coturn's static-auth-secret, to mint TURN credentials."),
    ] = None,
    metrics_address: Annotated[
        str,
        _option(
            "METRICS_ADDRESS",
            "Where /metrics listens, apart from the players' port: HOST:PORT, HOST alone "
            "(the port is --port plus 10000), or off. Loopback by default: never expose it.",
        ),
    ] = "127.0.0.1",
    plugins: Annotated[
        str | None,
        _option(
            "PLUGINS",
            "Modules to import first, comma-separated: each may register bot levels "
            "(onenight.research.example_plugin seats the 'honest' research agent).",
        ),
    ] = None,
) -> None:
    """Run the game server (HTTP API + WebSocket). Every option can also be set by an
    environment variable, ONENIGHT_ and its name (ONENIGHT_DB, ONENIGHT_BUS, …)."""
    from onenight import server
    from onenight.server.guard import Origins
    from onenight.server.voice import IceConfig

    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        typer.echo(
            f"onenight serve needs the server's packages ({exc.name} is missing): "
            "pip install 'onenight[server]'",
            err=True,
        )
        raise typer.Exit(2) from None

    try:
        ice = IceConfig.parse(ice_servers, turn_secret)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--ice-servers") from None
    load_plugins(plugins)
    from onenight.server.exposition import parse_address

    try:
        metrics_at = parse_address(metrics_address, port)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--metrics-address") from None
    try:
        origins = Origins.parse(allowed_origins)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--allowed-origins") from None
    limits = Limits(
        max_rooms=max_rooms,
        idle=idle,
        creates_per_minute=creates_per_minute,
        joins_per_minute=joins_per_minute,
        guesses_per_minute=guesses_per_minute,
        message_rate=message_rate,
        address_message_rate=address_message_rate,
        talk_per_minute=talk_per_minute,
        room_message_rate=room_message_rate,
        connections_per_address=connections_per_address,
        max_websockets=max_websockets,
        http_connections_per_address=http_connections_per_address,
        header_seconds=header_timeout,
        body_seconds=body_timeout,
        send_timeout=send_timeout,
    )
    server.run(
        host=host,
        port=port,
        db=db,
        bus=bus,
        log_format=log_format,
        limits=limits,
        ice=ice,
        origins=origins,
        metrics_address=metrics_at,
    )


def load_plugins(names: str | None) -> None:
    """Import each plugin module (what it registers, such as bot levels, holds in this
    process: start every process of a cluster with the same plugins)."""
    import importlib

    for name in (n.strip() for n in (names or "").split(",")):
        if not name:
            continue
        try:
            importlib.import_module(name)
        except ImportError as exc:
            hint = "--plugins"
            raise typer.BadParameter(f"cannot import {name}: {exc}", param_hint=hint) from None


def main() -> None:
    """``python -m onenight.server``: the ``serve`` command alone."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    app.command()(serve)
    app(prog_name="python -m onenight.server")
