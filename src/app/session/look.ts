import { subscribe } from 'valtio';
import { auth } from '../state/auth.ts';
import { settings, pageTitle } from '../state/settings.ts';
import { ui } from '../state/ui.ts';
import { applyLook, resolveColor } from '../theme/look.ts';

/** Re-resolves the colour from the user and the settings (user theme wins, SPEC.md §3). */
export function syncColor(): void {
  ui.color = resolveColor(auth.user?.theme, settings.record?.theme);
}

/** The signed-in user's own mode is applied at start-up and sign-in (SPEC.md §7 check-auth). */
export function adoptUserMode(): void {
  const mode = auth.user?.mode;
  if (mode === 'light' || mode === 'dark') ui.mode = mode;
}

function applyDocument(): void {
  applyLook({ color: ui.color, mode: ui.mode, compact: ui.compact });
  document.title = pageTitle(settings.record);
  setFavicon(settings.record?.logo);
}

let defaultIcon: string | null = null;

/** SPEC.md §1: the favicon is the settings logo; the app icon when there is none. */
function setFavicon(logo: string | null | undefined): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  defaultIcon ??= link.getAttribute('href') ?? '/favicon.svg';
  const href = logo || defaultIcon;
  if (link.getAttribute('href') !== href) {
    link.href = href;
    link.removeAttribute('type');
  }
}

/** Keeps <html> attributes, title and favicon in step with the stores for the app's lifetime. */
export function startLookSync(): () => void {
  syncColor();
  applyDocument();
  const stops = [
    subscribe(ui, applyDocument),
    subscribe(settings, () => {
      syncColor();
      applyDocument();
    }),
    subscribe(auth, syncColor),
  ];
  return () => stops.forEach((stop) => stop());
}
