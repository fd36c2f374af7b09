app_name = "classtable"
urlpatterns: list = []
