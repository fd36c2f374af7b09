from django.urls import path

from lessons import views_drill, views_payout

app_name = "drill"

urlpatterns = [
    path("", views_drill.drill, name="page"),
    path("answer/", views_drill.drill_answer, name="answer"),
    path("payout/", views_payout.payout, name="payout"),
    path("payout/answer/", views_payout.payout_answer, name="payout-answer"),
]
