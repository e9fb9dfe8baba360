"""The framework integrations: one module per framework (install the extra of the same name).
Outside this package only ``i18n``'s choice of a locale reads a framework (Flask's or Django's).

- ``htmltemplates.integrations.flask`` and ``htmltemplates.integrations.quart``: the extension
  ``HTMLTemplates``, ``@view``, ``stream_html()`` and the helpers;
- ``htmltemplates.integrations.django``: ``render_html()``, ``stream_html()``, ``@view``,
  the CSP middleware and the helpers; ``htmltemplates.integrations.django_backend``: the
  template backend;
- ``htmltemplates.integrations.starlette``: ``TemplateResponse``,
  ``StreamingTemplateResponse``, ``CSPMiddleware``, ``static_url()``;
  ``htmltemplates.integrations.fastapi``: ``TemplateRoute``, and Starlette's names.

What they share, and no framework needs, is in ``_core.py``. docs/integrations.md says what
each one offers. This package imports none of them.
"""
