from django.urls import path

from table import views

app_name = "table"

urlpatterns = [
    path("", views.play, name="play"),
    path("round/draft/", views.round_draft, name="round-draft"),
    path("round/confirm/", views.round_confirm, name="round-confirm"),
    path("round/deal/", views.round_deal, name="round-deal"),
    path("round/call/", views.round_call, name="round-call"),
    path("coach/", views.seat_coach, name="seat-coach"),
    path("face-down/", views.seat_face_down, name="seat-face-down"),
    path("results/", views.results, name="results"),
    path("odds/", views.odds, name="odds"),
    path("reset/", views.balance_reset, name="balance-reset"),
    path("preset/", views.seat_preset, name="seat-preset"),
]
