"""Where to open the server: the lines ``onenight serve`` prints once it listens.

On a wildcard address (``--host 0.0.0.0`` or ``::``) the server answers on every interface,
and the address a phone or a TV on the same network must open is the machine's own; it is
found with the standard library alone: the address the system would send from (a UDP
socket "connected" to a documentation address sends nothing) and those of the host name.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

#: Addresses no packet is ever sent to (RFC 5737, RFC 3849): a route lookup only.
_PROBE = {socket.AF_INET: "192.0.2.1", socket.AF_INET6: "2001:db8::1"}


def _usable(address: str) -> bool:
    """An address another device can reach: not loopback, link-local or unspecified
    (a link-local IPv6 address would need its interface in the URL)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses(family: socket.AddressFamily) -> list[str]:
    """This machine's addresses in ``family`` that others on its network can reach, the one
    the system routes from first."""
    found: list[str] = []
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((_PROBE[family], 9))
            found.append(s.getsockname()[0])
    except OSError:
        pass  # no route: no network, or none in this family
    try:
        for *_, addr in socket.getaddrinfo(socket.gethostname(), None, family):
            found.append(str(addr[0]))
    except OSError:
        pass
    return list(dict.fromkeys(a for a in found if _usable(a)))


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def where_to_open(host: str, listening: Iterable[tuple[socket.AddressFamily, str, int]]) -> str:
    """The lines to print for a server started with ``--host host`` and listening on
    ``listening`` (family, address, port: what its sockets are bound to)."""
    listening = list(listening)
    port = listening[0][2]  # the one port (a --port 0 is the one the system chose)
    wildcard = [f for f, address, _ in listening if ipaddress.ip_address(address).is_unspecified]
    if not wildcard:
        return f"onenight is listening: open {url(host, port)} in a browser."
    local = "127.0.0.1" if socket.AF_INET in wildcard else "::1"
    lines = [f"onenight is listening: open {url(local, port)} in a browser on this computer."]
    lan = [a for family in wildcard for a in lan_addresses(family)]
    if lan:
        lines.append("Phones, tablets and TVs on the same network open:")
        lines += [f"  {url(a, port)}" for a in lan]
    else:
        lines.append("No network address found: other devices cannot reach this computer.")
    return "\n".join(lines)
