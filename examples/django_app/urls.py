"""The example's URLs."""

from django.urls import path
from django.views.generic import TemplateView

from . import views

urlpatterns = [
    path("", TemplateView.as_view(template_name="examples.django_app.pages:home"), name="home"),
    path("order/", views.order, name="order"),
    path("catalogue/", views.catalogue, name="catalogue"),
    path("hello/<str:name>/", views.hello, name="hello"),
]
