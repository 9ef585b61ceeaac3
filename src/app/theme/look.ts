import { THEME_COLORS, type ThemeColor } from '../../shared/constants.ts';
import { PALETTES } from './palettes.ts';

export type Look = { color: ThemeColor; mode: 'light' | 'dark'; compact: boolean };

export const DEFAULT_COLOR: ThemeColor = 'purple';

const isColor = (value: unknown): value is ThemeColor => typeof value === 'string' && (THEME_COLORS as readonly string[]).includes(value);

/** A user's theme overrides the setting theme; purple when neither is a known colour (SPEC.md §3). */
export function resolveColor(userTheme: unknown, settingTheme: unknown): ThemeColor {
  if (isColor(userTheme)) return userTheme;
  if (isColor(settingTheme)) return settingTheme;
  return DEFAULT_COLOR;
}

/**
 * Sets the attributes panda.config.ts keys its variables on, plus the browser chrome colour. A change
 * of colour or mode lands at once: transitions are off (`data-look-changing`) until the new colours
 * are computed, so no control shows a half-faded mix of both.
 */
export function applyLook(look: Look, doc: Document = document): void {
  const root = doc.documentElement;
  const changing = (root.dataset.color && root.dataset.color !== look.color) || (root.dataset.mode && root.dataset.mode !== look.mode);
  if (changing) {
    root.dataset.lookChanging = '';
    // After the next style computation (forced here) the colours are final; transitions come back then.
    doc.defaultView?.setTimeout(() => delete root.dataset.lookChanging, 0);
  }
  root.dataset.color = look.color;
  root.dataset.mode = look.mode;
  if (look.compact) root.dataset.density = 'compact';
  else delete root.dataset.density;
  const meta = doc.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', PALETTES[look.color].primary[look.mode === 'dark' ? 'dark' : 'light']);
  if (changing && doc.body) void doc.defaultView?.getComputedStyle(doc.body).color;
}

/** WCAG 2 relative luminance and contrast ratio, used by tests to hold AA in every theme. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const n = hex.replace('#', '');
    const [r, g, bl] = [0, 2, 4].map((i) => {
      const c = parseInt(n.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
