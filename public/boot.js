// Applies the stored look before the first paint so a dark reload never flashes white.
(function () {
  try {
    var ui = JSON.parse(localStorage.getItem('bd.ui') || '{}');
    var el = document.documentElement;
    if (ui.color) el.setAttribute('data-color', ui.color);
    if (ui.mode) el.setAttribute('data-mode', ui.mode);
    if (ui.compact) el.setAttribute('data-density', 'compact');
    if (ui.language) el.setAttribute('lang', ui.language);
  } catch (e) {}
})();
