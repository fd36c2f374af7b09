app_name = "auditions"
urlpatterns: list = []
