from django.urls import path

from lessons import views_drill

app_name = "drill"

urlpatterns = [
    path("", views_drill.drill, name="page"),
    path("answer/", views_drill.drill_answer, name="answer"),
]
