"""Learner accounts: sign-up (with an optional class join code), joining a class later, and recovery.

Log-in, log-out and password change are Django's own views with this app's
templates; repeated failed log-ins are throttled by django-axes (settings).
A forgotten password is reset through a one-time link an instructor made
(``reset_link``), or, when the site can send e-mail (``EMAIL_URL``), through
Django's own password-reset views (``email_reset_only``), which send at most a
few e-mails an hour to one address (``PasswordResetView``), after the response
(``PasswordResetForm``). Sign-ups and joins are limited per client address and
hour (``accounts.services.signup_count``, ``join_count``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from http import HTTPStatus

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model, login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, SetPasswordForm, UserCreationForm
from django.contrib.sites.shortcuts import get_current_site
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from accounts.services import (
    LINK_MALFORMED,
    TOKEN_PATTERN,
    JoinError,
    ResetLinkError,
    TooManyRequests,
    classroom_for_code,
    classroom_join,
    join_count,
    learner_logins_unlock,
    reset_email_request,
    reset_link_for_token,
    reset_link_use,
    signup_count,
    token_normalise,
)
from common.background import run_after_response
from common.client_ip import client_ip

BACKEND = "django.contrib.auth.backends.ModelBackend"
EMAIL_HELP_WITH_RESET = gettext_lazy(
    "Optional. Forgot your password later? We can e-mail you a reset link, and an instructor of "
    "your class can make you one too."
)
PASSWORD_RESET_DONE = gettext_lazy("Your new password is set. Log in with it.")
USERNAME_TAKEN = gettext_lazy("A user with that username already exists.")
USERNAME_MAX_LENGTH = get_user_model()._meta.get_field("username").max_length


class LoginForm(AuthenticationForm):
    """Django's log-in form, refusing a username longer than any account's before anything is looked up.

    (Its own length check is only the widget's; a 300-character name reached django-axes, whose
    column holds 255, and made a 500 on PostgreSQL.)
    """

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username", "")
        if len(username) > USERNAME_MAX_LENGTH:
            raise forms.ValidationError(
                self.error_messages["invalid_login"],
                code="invalid_login",
                params={"username": self.username_field.verbose_name},
            )
        return username


class LoginView(auth_views.LoginView):
    """Django's log-in view; its page links to the reset by e-mail only where the site sends e-mail."""

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "password_reset_by_email": email_reset_enabled()}


class RefusedFormIs400:
    """For Django's own form views: a form that is refused answers 400 with its messages, as this app's
    own forms do (Django answers 200)."""

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=HTTPStatus.BAD_REQUEST)


class PasswordChangeView(RefusedFormIs400, auth_views.PasswordChangeView):
    """Django's password change; a refused form is a 400."""


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's form, sending its e-mails after the response (``common.background``).

    The accounts an address reaches are looked up in the request, one query whether there are
    any or not (``recipients``); the links are made, rendered and sent by a background thread once
    the response is sent, so the answer takes the same time with an account or without, however
    slow the mail relay.
    A mail lost with its process (a worker killed) can be asked for again.
    """

    @cached_property
    def recipients(self) -> list:
        """The accounts a reset e-mail goes to (Django's rule: active, with a usable password)."""
        return list(super().get_users(self.cleaned_data["email"]))

    def get_users(self, email):
        return iter(self.recipients)

    def save(self, domain_override=None, request=None, **options) -> None:  # type: ignore[override]
        if not domain_override:
            domain_override = get_current_site(request).domain
        if self.recipients:
            run_after_response(super().save, domain_override=domain_override, **options)


class PasswordResetView(RefusedFormIs400, auth_views.PasswordResetView):
    """Django's form that e-mails a reset link, within the limits of ``reset_email_request`` (429),
    counted against the address the mail goes to; an address that is not one is a 400."""

    form_class = PasswordResetForm

    def form_valid(self, form):
        recipients = form.recipients
        to = recipients[0].email if recipients else form.cleaned_data["email"]
        try:
            reset_email_request(email=to, client=client_ip(self.request))
        except TooManyRequests as refused:
            return too_many(self.request, self.template_name, self.get_context_data(form=form), refused)
        return super().form_valid(form)


class PasswordResetConfirmView(RefusedFormIs400, auth_views.PasswordResetConfirmView):
    """Django's view for the link in the reset e-mail; a link that no longer works answers 410, not 200,
    and a refused new password 400. The new password clears the learner's failed log-ins, as a
    reset link does."""

    def form_valid(self, form):
        response = super().form_valid(form)
        learner_logins_unlock(user=form.user)
        return response

    def render_to_response(self, context, **response_kwargs):
        if not context.get("validlink"):
            response_kwargs["status"] = HTTPStatus.GONE
        return super().render_to_response(context, **response_kwargs)


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        label=gettext_lazy("Email"),
        help_text=gettext_lazy(
            "Optional. Forgot your password later? An instructor of your class can make you a reset link."
        ),
    )
    join_code = forms.CharField(
        required=False,
        max_length=20,
        label=gettext_lazy("Class join code"),
        help_text=gettext_lazy(
            "Optional: the code your instructor gave you. You can also join a class later."
        ),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if email_reset_enabled():
            self.fields["email"].help_text = EMAIL_HELP_WITH_RESET

    def clean_join_code(self) -> str:
        try:
            self.classroom = classroom_for_code(self.cleaned_data.get("join_code", ""))
        except JoinError as refused:
            raise forms.ValidationError(refused.message) from refused
        return self.cleaned_data.get("join_code", "")


class JoinForm(forms.Form):
    join_code = forms.CharField(max_length=20, label=gettext_lazy("Class join code"))


def signup(request) -> HttpResponse:
    """Create a learner account, join the class of the code if one was given, and log in.

    A sign-up counts against the client address's sign-ups of the hour (and, with a code, its
    joins): over either limit it is a 429 and no account is made.
    """
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    status = HTTPStatus.OK
    if request.method == "POST":
        user = None
        if form.is_valid():
            try:
                signup_count(client=client_ip(request), joins=form.classroom is not None)
            except TooManyRequests as refused:
                return too_many(request, "registration/signup.html", {"form": form}, refused)
            try:
                with transaction.atomic():
                    user = form.save()
                    if form.classroom is not None:
                        classroom_join(user=user, code=form.classroom.join_code)
            except IntegrityError:
                # Another sign-up took the name between the form's check and this insert.
                form.add_error("username", USERNAME_TAKEN)
                user = None
        if user is not None:
            login(request, user, backend=BACKEND)
            if form.classroom is not None:
                messages.success(
                    request, _("Welcome! You are in the class %(name)s.") % {"name": form.classroom.name}
                )
            else:
                messages.success(request, _("Welcome! Start with lesson 1 whenever you are ready."))
            return redirect("home")
        status = HTTPStatus.BAD_REQUEST
    elif request.method != "GET":
        return HttpResponse(status=HTTPStatus.METHOD_NOT_ALLOWED)
    return render(request, "registration/signup.html", {"form": form}, status=status)


@login_required
def join(request) -> HttpResponse:
    """Join a class with its code (a learner may be in no class at all, or in several).

    A join counts against the client address's joins of the hour (a refused code does not count):
    over the limit it is a 429.
    """
    form = JoinForm(request.POST or None)
    status = HTTPStatus.OK
    if request.method == "POST":
        if form.is_valid():
            try:
                with transaction.atomic():
                    join_count(client=client_ip(request))
                    classroom = classroom_join(user=request.user, code=form.cleaned_data["join_code"])
            except TooManyRequests as refused:
                return too_many(
                    request, "registration/join.html", {"form": form, **_join_context(request)}, refused
                )
            except JoinError as refused:
                form.add_error("join_code", refused.message)
            else:
                messages.success(request, _("You joined the class %(name)s.") % {"name": classroom.name})
                return redirect("home")
        status = HTTPStatus.BAD_REQUEST
    elif request.method != "GET":
        return HttpResponse(status=HTTPStatus.METHOD_NOT_ALLOWED)
    return render(request, "registration/join.html", {"form": form, **_join_context(request)}, status=status)


def _join_context(request) -> dict:
    return {
        "classes": [
            membership.classroom for membership in request.user.memberships.select_related("classroom")
        ]
    }


def too_many(request, template: str, context: dict, refused: TooManyRequests) -> HttpResponse:
    """A form's page with the refusal among the form's errors (``context["form"]``): a 429 with
    ``Retry-After``."""
    context["form"].add_error(None, refused.message)
    response = render(request, template, context, status=refused.status)
    response["Retry-After"] = str(refused.retry_after)
    return response


# --- Recovery ----------------------------------------------------------------------------


def email_reset_enabled() -> bool:
    """Whether the site can send e-mail, so Django's password-reset-by-e-mail pages exist."""
    return bool(settings.PASSWORD_RESET_BY_EMAIL)


def email_reset_only(view: Callable) -> Callable:
    """A password-reset-by-e-mail view: a 404 when the site sends no e-mail (``EMAIL_URL`` unset)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not email_reset_enabled():
            raise Http404(_("This site sends no e-mail. Ask an instructor of your class for a reset link."))
        return view(request, *args, **kwargs)

    return wrapper


class ResetCodeForm(forms.Form):
    code = forms.CharField(
        max_length=40,
        label=gettext_lazy("Reset code"),
        help_text=gettext_lazy(
            "Twenty letters and digits, e.g. ABCD-EFGH-JKMN-PQRS-TUVW; small letters work too."
        ),
    )

    def clean_code(self) -> str:
        code = token_normalise(self.cleaned_data["code"])
        if not TOKEN_PATTERN.fullmatch(code):
            raise forms.ValidationError(LINK_MALFORMED)
        return code


@require_http_methods(["GET"])
def reset_code(request) -> HttpResponse:
    """Where a learner types the code of a reset link by hand; it leads to that link's page."""
    form = ResetCodeForm(request.GET or None)
    if form.is_bound and form.is_valid():
        return redirect("reset-link", token=form.cleaned_data["code"])
    status = HTTPStatus.BAD_REQUEST if form.is_bound else HTTPStatus.OK
    context = {"form": form, "password_reset_by_email": email_reset_enabled()}
    return render(request, "registration/reset_code.html", context, status=status)


@never_cache
@sensitive_post_parameters("new_password1", "new_password2")
@require_http_methods(["GET", "POST"])
def reset_link(request, token: str) -> HttpResponse:
    """A learner sets a new password through the one-time link an instructor made (no log-in needed).

    A malformed, unknown, used, expired or replaced link gets a page saying so, with its 4xx status.
    """
    try:
        link = reset_link_for_token(token)
    except ResetLinkError as refused:
        return _reset_link_refused(request, refused)
    form = SetPasswordForm(link.user, request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                reset_link_use(token=token, password=form.cleaned_data["new_password1"])
            except ResetLinkError as refused:  # a doubled submit: the other one set the password
                return _reset_link_refused(request, refused)
            if request.user.is_authenticated:
                logout(request)
            messages.success(request, PASSWORD_RESET_DONE)
            return redirect("login")
        status = HTTPStatus.BAD_REQUEST
    else:
        status = HTTPStatus.OK
    context = {"form": form, "learner": link.user, "expires_at": link.expires_at}
    return render(request, "registration/reset_link.html", context, status=status)


def _reset_link_refused(request, refused: ResetLinkError) -> HttpResponse:
    return render(
        request, "registration/reset_link_refused.html", {"message": refused.message}, status=refused.status
    )
