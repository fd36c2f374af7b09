"""Writes of classes and memberships (joining a class, leaving it, a class's join code), of reset links,
and the limits per hour on reset e-mails, sign-ups and joins."""

from __future__ import annotations

import hashlib
import ipaddress
import math
import re
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from http import HTTPStatus

from axes.utils import reset as axes_reset  # type: ignore[import-untyped]
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import scoping
from accounts.models import (
    JOIN_CODE_ALPHABET,
    RESET_LINK_HOURS,
    Classroom,
    CountedRequest,
    Membership,
    ResetLink,
    join_code_expiry,
    new_join_code,
)
from common.errors import AppError

JOIN_CODE_UNKNOWN = _("There is no class with that join code. Check it with your instructor.")
JOIN_CODE_EXPIRED = _("That join code has expired. Ask your instructor for the new one.")
ALREADY_MEMBER = _("You are already in that class.")


class JoinError(AppError):
    """A join code or membership the class refuses."""


def classroom_regenerate_code(*, classroom: Classroom) -> Classroom:
    """A new join code, valid for the usual time; the old one stops working."""
    classroom.join_code = new_join_code()
    classroom.join_code_expires_at = join_code_expiry()
    classroom.save(update_fields=["join_code", "join_code_expires_at"])
    return classroom


def classroom_for_code(code: str) -> Classroom | None:
    """The class a join code names (case and spaces do not matter), or ``None`` for an empty code.

    :raises JoinError: for an unknown or expired code.
    """
    normalised = "".join(code.split()).upper()
    if not normalised:
        return None
    classroom = Classroom.objects.filter(join_code=normalised).first()
    if classroom is None:
        raise JoinError(JOIN_CODE_UNKNOWN)
    if classroom.join_code_expires_at <= timezone.now():
        raise JoinError(JOIN_CODE_EXPIRED)
    return classroom


def classroom_join(*, user, code: str) -> Classroom:
    """Join the class with this code.

    :raises JoinError: for an empty, unknown or expired code, or a class the learner is already in.
    """
    classroom = classroom_for_code(code)
    if classroom is None:
        raise JoinError(JOIN_CODE_UNKNOWN)
    _, created = Membership.objects.get_or_create(user=user, classroom=classroom)
    if not created:
        raise JoinError(ALREADY_MEMBER)
    return classroom


@transaction.atomic
def memberships_remove(*, actor, memberships: QuerySet) -> int:
    """Take learners out of classes: those of ``memberships`` in classes ``actor`` teaches; how many.

    Only the memberships go: a learner keeps their account, chips, progress and records, and may
    join again with the class's code. Memberships of other instructors' classes are left alone.
    """
    own = scoping.classes_for(actor, Classroom.objects.all()) if actor.is_staff else Classroom.objects.none()
    removed, _ = Membership.objects.filter(pk__in=memberships.values("pk"), classroom__in=own).delete()
    return removed


# --- Password-reset links made by an instructor ---------------------------------------

NOT_YOUR_LEARNER = _("You can make a reset link only for a learner of one of your classes.")
NOT_A_LEARNER = _("Reset links are for learners only, not for instructors or administrators.")
LEARNER_INACTIVE = _("This account is deactivated: a reset link would not let the learner log in.")
LINK_MALFORMED = _(
    "This is not a complete reset link or code. Copy the whole link, or ask your instructor for a new one."
)
LINK_UNKNOWN = _(
    "This reset link does not exist. Check that you copied it whole, or ask your instructor for a new one."
)
LINK_USED = _("This reset link has already been used. Ask your instructor for a new one.")
LINK_EXPIRED = _("This reset link has expired. Ask your instructor for a new one.")
LINK_VOIDED = _("This reset link was replaced by a newer one. Use the newest link, or ask your instructor.")

#: A token is 20 characters of the join codes' alphabet (no 0/O, 1/I/L; about 99 bits), shown in
#: groups of four, so a learner can type it from the board: ABCD-EFGH-JKMN-PQRS-TUVW.
TOKEN_LENGTH = 20
TOKEN_GROUP = 4
TOKEN_PATTERN = re.compile(f"[{JOIN_CODE_ALPHABET}]{{{TOKEN_LENGTH}}}")


class ResetLinkError(AppError):
    """A reset link that cannot be made or used; ``status`` says why (403, 400, 404 or 410)."""


def new_token() -> str:
    """A fresh token, grouped for reading: ``ABCD-EFGH-JKMN-PQRS-TUVW``."""
    raw = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(TOKEN_LENGTH))
    return "-".join(raw[start : start + TOKEN_GROUP] for start in range(0, TOKEN_LENGTH, TOKEN_GROUP))


def token_normalise(token: str) -> str:
    """A token as typed, without its hyphens and spaces and in capitals (``abcd efgh…`` is ``ABCDEFGH…``)."""
    return "".join(token.replace("-", " ").split()).upper()


def token_hash(token: str) -> str:
    """The SHA-256 hex digest of a (normalised) token: what the database keeps instead of the token."""
    return hashlib.sha256(token_normalise(token).encode()).hexdigest()


def reset_link_check_maker(*, actor, learner) -> None:
    """Whether ``actor`` may make a reset link for ``learner``.

    :raises ResetLinkError: for an account outside the actor's classes (404: whether it exists is
        not the actor's to learn), an instructor or administrator account (403), or a deactivated
        account (409).
    """
    users = get_user_model()._default_manager.filter(pk=learner.pk)
    if not actor.is_staff or not scoping.learners_for(actor, users).exists():
        raise ResetLinkError(NOT_YOUR_LEARNER, HTTPStatus.NOT_FOUND)
    if learner.is_staff or learner.is_superuser:
        raise ResetLinkError(NOT_A_LEARNER, HTTPStatus.FORBIDDEN)
    if not learner.is_active:
        raise ResetLinkError(LEARNER_INACTIVE, HTTPStatus.CONFLICT)


@transaction.atomic
def reset_link_make(*, actor, learner) -> tuple[ResetLink, str]:
    """A new one-time reset link for ``learner``, made by ``actor``: the record and its token.

    The token is returned here once and stored only as its hash. The learner's earlier unused
    links are voided (the learner's row is locked first, so two makers take turns).

    :raises ResetLinkError: as ``reset_link_check_maker``.
    """
    learner = get_user_model()._default_manager.select_for_update().get(pk=learner.pk)
    reset_link_check_maker(actor=actor, learner=learner)
    now = timezone.now()
    ResetLink.objects.filter(user=learner, used_at=None, voided_at=None).update(voided_at=now)
    token = new_token()
    link = ResetLink.objects.create(
        user=learner,
        created_by=actor,
        token_hash=token_hash(token),
        expires_at=now + timedelta(hours=RESET_LINK_HOURS),
    )
    return link, token


def reset_link_for_token(token: str, *, lock: bool = False) -> ResetLink:
    """The link a token opens, if it can still be used (with ``lock``: its row locked, inside a transaction).

    :raises ResetLinkError: malformed (400), unknown (404), used, expired or voided (410).
    """
    if len(token) > 2 * TOKEN_LENGTH or not TOKEN_PATTERN.fullmatch(token_normalise(token)):
        raise ResetLinkError(LINK_MALFORMED, HTTPStatus.BAD_REQUEST)
    links = ResetLink.objects.filter(token_hash=token_hash(token))
    if lock:
        links = links.select_for_update()
    link = links.first()
    if link is None or not link.user.is_active:
        raise ResetLinkError(LINK_UNKNOWN, HTTPStatus.NOT_FOUND)
    if link.used_at is not None:
        raise ResetLinkError(LINK_USED, HTTPStatus.GONE)
    if link.voided_at is not None:
        raise ResetLinkError(LINK_VOIDED, HTTPStatus.GONE)
    if link.expires_at <= timezone.now():
        raise ResetLinkError(LINK_EXPIRED, HTTPStatus.GONE)
    return link


@transaction.atomic
def reset_link_use(*, token: str, password: str):
    """Set the learner's new password through the link, once: the learner whose password changed.

    Locks the learner's row, then the link's (the order ``reset_link_make`` takes them in), and
    checks the link again under the lock: of two requests racing with one link, exactly one sets
    the password and the other finds it used. The new password changes the session hash, which
    ends every session the learner had; failed log-ins counted against the learner are cleared.

    :raises ResetLinkError: as ``reset_link_for_token``.
    """
    user_id = reset_link_for_token(token).user_id
    user = get_user_model()._default_manager.select_for_update().get(pk=user_id)
    link = reset_link_for_token(token, lock=True)
    link.used_at = timezone.now()
    link.save(update_fields=["used_at"])
    user.set_password(password)
    user.save(update_fields=["password"])
    learner_logins_unlock(user=user)
    return user


def learner_logins_unlock(*, user) -> int:
    """Clear the failed log-ins counted against ``user`` (django-axes), from every address; how many.

    After a new password is set, by a reset link or by the link of a reset e-mail, the learner can
    log in with it at once.
    """
    return int(axes_reset(username=user.get_username()) or 0)


# --- Requests counted per hour: reset e-mails, sign-ups and class joins -----------------

#: How long a counted request counts against its limits.
COUNTED_WINDOW = timedelta(hours=1)
RESET_EMAIL_WINDOW = COUNTED_WINDOW
TOO_MANY_FOR_ADDRESS = _(
    "A reset link was asked for this address too often in the last hour. Look for the e-mails already "
    "sent (the spam folder too), or try again in %(wait)s."
)
TOO_MANY_FROM_CLIENT = _(
    "Too many reset links were asked for from your network in the last hour. Try again in %(wait)s, "
    "or ask an instructor of your class for a reset link."
)
TOO_MANY_SIGNUPS = _(
    "Too many accounts were made from your network in the last hour. Try again in %(wait)s, or ask "
    "your instructor."
)
TOO_MANY_JOINS = _(
    "Too many learners joined a class from your network in the last hour. Try again in %(wait)s, or "
    "ask your instructor."
)


class TooManyRequests(AppError):
    """Too many requests of one kind within the hour, from one client or to one address (429).

    ``retry_after``: seconds until one more would be accepted.
    """

    status = HTTPStatus.TOO_MANY_REQUESTS

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


#: The name it had when it counted reset e-mails only.
ResetEmailRefused = TooManyRequests


@dataclass(frozen=True)
class Limit:
    """At most ``most`` requests of ``kind`` an hour with this ``client`` address, or to this address
    (``address_digest``, see ``address_digest``); ``message`` says so, with a ``%(wait)s``."""

    kind: str
    most: int
    message: str | Promise
    client: str | None = None
    address_digest: str = ""


#: An arbitrary, fixed key for pg_advisory_xact_lock: "PB" "mail".
RESET_EMAIL_LOCK_KEY = 0x5042_6D61_696C


def address_digest(email: str) -> str:
    """The SHA-256 hex digest of an e-mail address as Django's reset matches it to accounts.

    Case-folded after NFKC normalisation (as ``PasswordResetForm`` compares), so every spelling that
    reaches one mailbox (``MIA@`` , ``mia@ſchool``, with U+017F) counts as that one address.
    """
    return hashlib.sha256(unicodedata.normalize("NFKC", email.strip()).casefold().encode()).hexdigest()


def client_address(client: str) -> str | None:
    """``client`` as a canonical IP address, or ``None`` when it is not one (nothing is counted for it)."""
    try:
        return str(ipaddress.ip_address(client))
    except ValueError:
        return None


@transaction.atomic
def requests_count(*, limits: Sequence[Limit], now: datetime | None = None) -> None:
    """Count one request against each of ``limits``, or refuse it if any is reached.

    Requests are counted one at a time (on PostgreSQL under a transaction-level advisory lock;
    SQLite writes one at a time anyway), so a burst of simultaneous requests cannot slip past a
    limit. A refused request is not kept, so a flood neither fills the table nor postpones the
    next accepted one; rows older than the hour are deleted. A limit on a client that is not an
    address (``client=None``) or on no address does not count. One row is kept per kind.

    :raises TooManyRequests: for the first limit reached, with the wait until it frees up.
    """
    now = now or timezone.now()
    since = now - COUNTED_WINDOW
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RESET_EMAIL_LOCK_KEY])
    CountedRequest.objects.filter(requested_at__lt=since).delete()
    recent = CountedRequest.objects.filter(requested_at__gte=since)
    rows: dict[str, dict[str, str]] = {}
    for limit in limits:
        row = rows.setdefault(limit.kind, {})
        if limit.address_digest:
            counted = recent.filter(kind=limit.kind, address_digest=limit.address_digest)
            row["address_digest"] = limit.address_digest
        elif limit.client is not None:
            counted = recent.filter(kind=limit.kind, client=limit.client)
            row["client"] = limit.client
        else:
            continue
        latest = list(counted.order_by("-requested_at").values_list("requested_at", flat=True)[: limit.most])
        if len(latest) >= limit.most:
            oldest = latest[-1] if latest else now  # a limit of 0 refuses all, for the whole hour
            seconds = max(1, math.ceil((oldest + COUNTED_WINDOW - now).total_seconds()))
            minutes = math.ceil(seconds / 60)
            wait = ngettext("%(minutes)d minute", "%(minutes)d minutes", minutes) % {"minutes": minutes}
            raise TooManyRequests(str(limit.message) % {"wait": wait}, retry_after=seconds)
    CountedRequest.objects.bulk_create(
        CountedRequest(kind=kind, requested_at=now, **fields) for kind, fields in rows.items() if fields
    )


def reset_email_request(*, email: str, client: str, now: datetime | None = None) -> None:
    """Count a request for a reset e-mail to ``email`` from ``client``, or refuse it.

    ``email`` is the address the mail goes to: the account's stored address where one has it (the
    view passes that), else the address as typed; both are counted case-folded (``address_digest``),
    so no spelling of one mailbox escapes the limit. At most ``RESET_EMAILS_PER_ADDRESS`` e-mails an
    hour go to one address (whether an account has it or not, so the answer tells nothing about
    accounts), and ``RESET_EMAILS_PER_CLIENT`` are asked for from one client address.

    :raises TooManyRequests: over either limit.
    """
    kind = CountedRequest.Kind.RESET_EMAIL
    limits = [
        Limit(
            kind,
            settings.RESET_EMAILS_PER_ADDRESS,
            TOO_MANY_FOR_ADDRESS,
            address_digest=address_digest(email),
        ),
        Limit(kind, settings.RESET_EMAILS_PER_CLIENT, TOO_MANY_FROM_CLIENT, client=client_address(client)),
    ]
    requests_count(limits=limits, now=now)


def signup_count(*, client: str, joins: bool, now: datetime | None = None) -> None:
    """Count a sign-up from ``client`` (and, with ``joins``, its joining a class), or refuse it.

    At most ``SIGNUPS_PER_CLIENT`` accounts an hour are made from one client address, and
    ``JOINS_PER_CLIENT`` class joins (with a sign-up's join code or on the join page) happen from it.

    :raises TooManyRequests: over either limit.
    """
    address = client_address(client)
    limits = [
        Limit(CountedRequest.Kind.SIGNUP, settings.SIGNUPS_PER_CLIENT, TOO_MANY_SIGNUPS, client=address)
    ]
    if joins:
        limits.append(
            Limit(CountedRequest.Kind.JOIN, settings.JOINS_PER_CLIENT, TOO_MANY_JOINS, client=address)
        )
    requests_count(limits=limits, now=now)


def join_count(*, client: str, now: datetime | None = None) -> None:
    """Count a class join from ``client`` (on the join page), or refuse it (``JOINS_PER_CLIENT`` an hour).

    :raises TooManyRequests: over the limit.
    """
    limit = Limit(
        CountedRequest.Kind.JOIN, settings.JOINS_PER_CLIENT, TOO_MANY_JOINS, client=client_address(client)
    )
    requests_count(limits=[limit], now=now)
