"""The example's views: a form with messages, a streamed page, a plain page."""

from __future__ import annotations

import time
from collections.abc import Iterator
from decimal import Decimal

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.shortcuts import redirect

from htmltemplates.integrations.django import TemplateReturnValue, render_html, stream_html, view

from . import pages
from .forms import OrderForm

CATALOGUE_SIZE = 500


@view
def order(request: HttpRequest) -> TemplateReturnValue | HttpResponseBase:
    """GET: the form. POST: a message and a redirect when the order is valid; the form again
    with Django's error messages (status 400) when it is not."""
    form = OrderForm(request.POST if request.method == "POST" else None)
    if request.method != "POST":
        return pages.order(request, form)
    if not form.is_valid():
        return pages.order(request, form), 400
    item, quantity = form.cleaned_data["item"], form.cleaned_data["quantity"]
    messages.success(request, f"Thank you! {quantity} of {item} ordered.")
    return redirect("order")


def products(delay: float = 0.0) -> Iterator[tuple[str, Decimal]]:
    """The catalogue, as a database cursor would give it: one row at a time."""
    yield "<script>alert('a product named by a visitor')</script>", Decimal("0.99")
    for number in range(1, CATALOGUE_SIZE):
        if delay and number % 100 == 0:
            time.sleep(delay)
        yield f"Product {number}", Decimal(number) / 4


def catalogue(request: HttpRequest) -> StreamingHttpResponse:
    """The catalogue, sent in chunks as its rows are rendered."""
    delay = 0.05 if request.GET.get("slow") else 0.0
    return stream_html(request, pages.catalogue(request, products(delay)))


def hello(request: HttpRequest, name: str) -> HttpResponse:
    return render_html(request, pages.hello(request, name))
