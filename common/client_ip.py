"""The client's address, read through trusted proxies only: for the log-in lock-out (django-axes)
and the limit on password-reset e-mails.

Behind the TLS proxy the README recommends (or Docker's bridge), every request
comes from the proxy's address, so a lock-out per (username, address) became
a lock-out per username: five wrong passwords from one pupil locked another
out on every device. ``X-Forwarded-For`` names the client, but anyone can
send that header; it is believed only when the connection comes from a proxy
named in ``TRUSTED_PROXIES`` (addresses or networks, e.g. ``172.16.0.0/12``).
The list is then read from the right, skipping trusted proxies; the first
address that is not one of them is the client. With no proxy configured the
connection's own address is used, as before.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The address to count failed log-ins and reset e-mails against."""
    remote = request.META.get("REMOTE_ADDR", "")
    if not _trusted(remote):
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for address in reversed([part for part in forwarded if part]):
        if not _trusted(address):
            return address if _parsed(address) is not None else remote
    return remote


def _trusted(address: str) -> bool:
    ip = _parsed(address)
    networks = _networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))
    return ip is not None and any(ip in network for network in networks)


def _parsed(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(address)
    except ValueError:
        return None


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies if proxy)
