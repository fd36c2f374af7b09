from django.urls import path

from classtable import views, views_replay, views_room

app_name = "classtable"

urlpatterns = [
    path("", views_room.index, name="index"),
    path("open/", views_room.open_table, name="open"),
    path("<int:pk>/", views.table_page, name="table"),
    path("<int:pk>/poll", views.poll, name="poll"),
    path("<int:pk>/join/", views.join, name="join"),
    path("<int:pk>/leave/", views.leave, name="leave"),
    path("<int:pk>/draft/", views.draft, name="draft"),
    path("<int:pk>/confirm/", views.confirm, name="confirm"),
    path("<int:pk>/call/", views.call, name="call"),
    path("<int:pk>/control/", views_room.control, name="control"),
    path("<int:pk>/projector", views_room.projector, name="projector"),
    path("<int:pk>/bets-close/", views_room.close_bets, name="bets-close"),
    path("<int:pk>/deal/", views_room.deal, name="deal"),
    path("<int:pk>/go-on/", views_room.go_on, name="go-on"),
    path("<int:pk>/next-round/", views_room.next_round, name="next-round"),
    path("<int:pk>/end/", views_room.end, name="end"),
    path("<int:pk>/session.csv", views_room.session_csv, name="csv"),
    path("<int:pk>/replay/", views_replay.replay, name="replay"),
]
