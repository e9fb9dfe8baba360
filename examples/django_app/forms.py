"""The order form: a plain Django form, rendered by Django inside the templates."""

from django import forms


class OrderForm(forms.Form):
    item = forms.CharField(max_length=40)
    quantity = forms.IntegerField(min_value=1, max_value=10, initial=1)
