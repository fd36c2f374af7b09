"""Top-level URLs."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import language
from accounts import views as accounts_views
from accounts.views import email_reset_only
from config import views as config_views
from lessons import views as lesson_views

# Django's own 400 handler runs the CSRF check, which reads the form again (a 500 for an unreadable form).
handler400 = "config.views.bad_request"
# An unreachable database is a 503 with Retry-After (config.views.server_error), anything else Django's 500.
handler500 = "config.views.server_error"

urlpatterns = [
    path("", lesson_views.home, name="home"),
    path(
        "accounts/login/",
        accounts_views.LoginView.as_view(
            authentication_form=accounts_views.LoginForm, redirect_authenticated_user=True
        ),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts_views.signup, name="signup"),
    path("accounts/join/", accounts_views.join, name="join"),
    path("accounts/password/", accounts_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    # A one-time link an instructor made (no e-mail needed).
    path("accounts/recover/", accounts_views.reset_code, name="reset-code"),
    path("accounts/recover/<str:token>/", accounts_views.reset_link, name="reset-link"),
    # Django's reset by e-mail: a 404 unless EMAIL_URL is set (accounts.views.email_reset_only).
    path(
        "accounts/password/reset/",
        email_reset_only(accounts_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        email_reset_only(auth_views.PasswordResetDoneView.as_view()),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        email_reset_only(accounts_views.PasswordResetConfirmView.as_view()),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/complete/",
        email_reset_only(auth_views.PasswordResetCompleteView.as_view()),
        name="password_reset_complete",
    ),
    path("lessons/", include("lessons.urls")),
    path("drill/", include("lessons.urls_drill")),
    path("table/", include("table.urls")),
    path("class-table/", include("classtable.urls")),
    path("dealer/", include("dealer.urls")),
    path("audition/", include("auditions.urls")),
    path("admin/", admin.site.urls),
    path("ping", config_views.ping, name="ping"),
    path("i18n/setlang/", language.set_language, name="set_language"),
]
