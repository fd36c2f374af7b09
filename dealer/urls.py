from django.urls import path

from dealer import views

app_name = "dealer"
urlpatterns = [
    path("", views.table, name="table"),
    path("open/", views.open_table, name="open"),
    path("round/<int:round_id>/", views.round_page, name="round"),
    path("round/<int:round_id>/act/", views.act, name="act"),
    path("session/<int:session_id>/next/", views.next_round, name="next"),
    path("session/<int:session_id>/close/", views.close, name="close"),
]
