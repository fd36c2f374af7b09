"""Top-level URLs."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from lessons import views as lesson_views

urlpatterns = [
    path("", lesson_views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("lessons/", include("lessons.urls")),
    path("drill/", include("lessons.urls_drill")),
    path("table/", include("table.urls")),
    path("admin/", admin.site.urls),
]
