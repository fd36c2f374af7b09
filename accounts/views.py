"""Learner accounts: sign-up (with an optional class join code) and joining a class later.

Log-in, log-out and password change are Django's own views with this app's
templates; repeated failed log-ins are throttled by django-axes (settings).
"""

from __future__ import annotations

from http import HTTPStatus

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.services import JoinError, classroom_for_code, classroom_join

BACKEND = "django.contrib.auth.backends.ModelBackend"
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


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        label=gettext_lazy("Email"),
        help_text=gettext_lazy("Optional; only used to reset a forgotten password."),
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

    def clean_join_code(self) -> str:
        try:
            self.classroom = classroom_for_code(self.cleaned_data.get("join_code", ""))
        except JoinError as refused:
            raise forms.ValidationError(refused.message) from refused
        return self.cleaned_data.get("join_code", "")


class JoinForm(forms.Form):
    join_code = forms.CharField(max_length=20, label=gettext_lazy("Class join code"))


def signup(request) -> HttpResponse:
    """Create a learner account, join the class of the code if one was given, and log in."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    status = HTTPStatus.OK
    if request.method == "POST":
        user = None
        if form.is_valid():
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
    """Join a class with its code (a learner may be in no class at all, or in several)."""
    form = JoinForm(request.POST or None)
    status = HTTPStatus.OK
    if request.method == "POST":
        if form.is_valid():
            try:
                classroom = classroom_join(user=request.user, code=form.cleaned_data["join_code"])
            except JoinError as refused:
                form.add_error("join_code", refused.message)
            else:
                messages.success(request, _("You joined the class %(name)s.") % {"name": classroom.name})
                return redirect("home")
        status = HTTPStatus.BAD_REQUEST
    elif request.method != "GET":
        return HttpResponse(status=HTTPStatus.METHOD_NOT_ALLOWED)
    classes = [membership.classroom for membership in request.user.memberships.select_related("classroom")]
    return render(request, "registration/join.html", {"form": form, "classes": classes}, status=status)
