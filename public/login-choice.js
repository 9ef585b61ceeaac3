// Right after the prerendered sign-in form (index.html, scripts/prerender-login.ts), before the first
// paint: signed in (a token kept, or the cookie session's marker), nobody sees the form; else the form in
// the stored language and mode, with the company's stored name and logo. main.tsx takes it over.
(function () {
  try {
    var root = document.getElementById('root');
    if (JSON.parse(localStorage.getItem('bd.token') || 'null') || /(?:^|;\s*)bd_signed_in=1/.test(document.cookie)) {
      root.replaceChildren();
      root.removeAttribute('data-prerendered');
      return;
    }
    var ui = JSON.parse(localStorage.getItem('bd.ui') || '{}');
    var variant = (ui.language || 'en') + '-' + (ui.mode === 'dark' ? 'dark' : 'light');
    var template = document.getElementById('bd-login-' + variant);
    if (template && root.getAttribute('data-prerendered') !== variant) root.replaceChildren(template.content.cloneNode(true));
    var compact = root.querySelector('[data-testid=toggle-compact]');
    if (compact && ui.compact) compact.setAttribute('aria-pressed', 'true');
    var settings = JSON.parse(localStorage.getItem('bd.settings') || 'null');
    var name = root.querySelector('[data-bd=company-name]');
    if (settings && name && settings.companyName && settings.companyName.trim()) name.textContent = settings.companyName.trim();
    var logo = root.querySelector('[data-bd=company-logo]');
    if (settings && logo && settings.logo) logo.setAttribute('src', settings.logo);
  } catch (e) {}
})();
