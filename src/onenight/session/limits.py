"""Abuse limits: what one server process allows (rooms, idle time, rates).

The rates are token buckets (:mod:`onenight.cluster.buckets`): room creations and joins per IP
address, kept by the cluster (one process's buckets in memory, or one bucket per address
in Redis shared by every process), and messages per WebSocket connection.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one server process allows."""

    max_rooms: int = 20_000  #: open rooms in this process
    idle: float = 7200.0  #: seconds without an event before a room outside a game closes
    creates_per_minute: float = 10.0  #: room creations per IP address
    joins_per_minute: float = 60.0  #: joins (and resumes) per IP address
    #: look-ups of rooms that do not exist (or have closed) per IP address: a room's
    #: status, its lobby, its result, a join or a resume; once they are spent, every
    #: look-up from that address waits (a known code must not answer differently)
    guesses_per_minute: float = 10.0
    message_rate: float = 20.0  #: messages a second a connection may keep up (0: no limit)
    message_burst: float = 40.0  #: and in a burst
    #: (the same rate and burst bound each member over all its connections: .rates)
    #: messages a second from one address over all its connections (bursts of twice)
    address_message_rate: float = 200.0
    #: chat lines and whispers a minute per member, over all its connections and every
    #: process (bursts of half that); an address: eight times that
    talk_per_minute: float = 60.0
    #: messages a second one room is served in this process (bursts of twice that):
    #: more wait their turn (.rates.Rates.room_wait); 0: no bound
    room_message_rate: float = 100.0
    #: WebSockets one address may hold open to this process at once (0: no limit)
    connections_per_address: int = 64
    #: WebSockets this process holds from all addresses together (then HTTP 503; 0: no limit)
    max_websockets: int = 10_000
    #: HTTP connections one address may hold open to this process (then 429; 0: no limit)
    http_connections_per_address: int = 256
    #: seconds a request's head (request line and headers) may take to arrive (then 408)
    header_seconds: float = 10.0
    #: seconds a request body may take to arrive whole (then HTTP 408)
    body_seconds: float = 10.0
    #: seconds what the server sent may wait unread by a client (a WebSocket that never
    #: reads, a phone gone) before the system closes the connection (TCP_USER_TIMEOUT)
    send_timeout: float = 60.0
    #: a room moves to the process holding most of its members (several processes)
    follow_members: bool = True
