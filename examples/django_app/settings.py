"""Settings of the example project: no database (sessions in signed cookies), Django's
Content-Security-Policy with a nonce, and the htmltemplates template backend."""

from pathlib import Path

from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent

SECRET_KEY = "django-insecure: the example's key, set your own"
DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]

INSTALLED_APPS = [
    "django.contrib.messages",
    "django.contrib.staticfiles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # html() writes the request's nonce on every <script> and <style> of the views
    "htmltemplates.integrations.django.HTMLTemplatesMiddleware",
]

ROOT_URLCONF = "examples.django_app.urls"

TEMPLATES = [
    # render(request, "examples.django_app.pages:home", context) calls pages.home(**context)
    {
        "BACKEND": "htmltemplates.integrations.django_backend.HTMLTemplates",
        # the nonce as the variable csp_nonce, for a template function that asks for it (the
        # middleware of htmltemplates writes it on <script> and <style> without it); Django's
        # check security.W027 (Django 6.1) warns at every start when no backend lists it
        "OPTIONS": {"context_processors": ["django.template.context_processors.csp"]},
    },
]

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
}

SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]

USE_TZ = True
