"""A minimal Django project on htmltemplates: pages through the template backend, a form with
its CSRF input and messages, a streamed page, a strict Content-Security-Policy with nonces.

Run it with ``python examples/django_app/manage.py runserver`` from the repository root.
"""
