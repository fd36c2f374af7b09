app_name = "dealer"
urlpatterns: list = []
