// Applies the stored look before the first paint so a dark reload never flashes white.
(function () {
  try {
    var ui = JSON.parse(localStorage.getItem('bd.ui') || '{}');
    var el = document.documentElement;
    if (ui.color) el.setAttribute('data-color', ui.color);
    if (ui.mode) el.setAttribute('data-mode', ui.mode);
    if (ui.compact) el.setAttribute('data-density', 'compact');
    if (ui.language) el.setAttribute('lang', ui.language);
    // No token kept (the login screen's start-up): its two requests (SPEC.md §1) leave now, while the
    // app's code downloads and evaluates, instead of after it (tests/bench/client.bench.ts).
    // src/app/api/early-requests.ts takes them only if it would send the very same headers.
    if (!JSON.parse(localStorage.getItem('bd.token') || 'null')) {
      var headers = { 'x-lang': ui.localLanguage || 'en-US' };
      window.bdBootRequests = {};
      ['/api/v1/auth/check-auth', '/api/v1/setting'].forEach(function (url) {
        // 60 s: HTTP_TIMEOUT_MS (src/shared/constants.ts).
        var response = fetch(url, { headers: headers, credentials: 'include', signal: AbortSignal.timeout(60000) });
        response.catch(function () {});
        window.bdBootRequests[url] = { headers: headers, response: response };
      });
    }
  } catch (e) {}
})();
