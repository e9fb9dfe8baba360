// The Refresh button of the entries section: fetch the section's fragment (GET /entries, the
// same component the page renders) and swap it in, as htmx's hx-get + hx-swap="outerHTML" would.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-refresh]");
  const section = button && button.closest("[data-refresh-url]");
  if (!section) return;
  const response = await fetch(section.dataset.refreshUrl);
  if (response.ok) section.outerHTML = await response.text();
});
