import type { ThemeColor } from '../../shared/constants.ts';

/** The five tones every theme colour carries (SPEC.md §3). */
export const TONES = ['primary', 'info', 'error', 'success', 'warning'] as const;
export type Tone = (typeof TONES)[number];

/**
 * A tone has one value per mode. Light values are dark enough for white text on them and for
 * use as text on a white surface; dark values are light enough for near-black text on them and
 * for use as text on the dark surface. tests/unit/app/theme.test.ts checks WCAG AA (4.5:1).
 */
export type ToneColors = { light: string; dark: string };
export type Palette = Record<Tone, ToneColors>;

const STATUS: Omit<Palette, 'primary'> = {
  info: { light: '#0b5d8f', dark: '#7cc4f5' },
  error: { light: '#b42318', dark: '#fda29b' },
  success: { light: '#116b3a', dark: '#75e0a7' },
  warning: { light: '#8a5200', dark: '#fdd66b' },
};

/** Each colour tints its status tones a little so they sit well next to its primary. */
const palette = (primary: ToneColors, overrides: Partial<Omit<Palette, 'primary'>> = {}): Palette => ({
  ...STATUS,
  ...overrides,
  primary,
});

export const PALETTES: Record<ThemeColor, Palette> = {
  purple: palette({ light: '#6b21a8', dark: '#d8b4fe' }),
  brown: palette({ light: '#7a4a2a', dark: '#e2bc98' }, { warning: { light: '#7c4a03', dark: '#f8c77e' } }),
  lightBlue: palette({ light: '#0369a1', dark: '#7dd3fc' }, { info: { light: '#1e40af', dark: '#a5b4fc' } }),
  pink: palette({ light: '#be185d', dark: '#f9a8d4' }),
  emerald: palette({ light: '#047857', dark: '#6ee7b7' }, { success: { light: '#166534', dark: '#86efac' } }),
  ocean: palette({ light: '#155e75', dark: '#67e8f9' }, { info: { light: '#1e40af', dark: '#a5b4fc' } }),
  sunset: palette({ light: '#c2410c', dark: '#fdba74' }, { error: { light: '#9f1239', dark: '#fda4af' } }),
  midnight: palette({ light: '#1e3a8a', dark: '#93c5fd' }, { info: { light: '#0e7490', dark: '#67e8f9' } }),
  forest: palette({ light: '#166534', dark: '#86efac' }, { success: { light: '#065f46', dark: '#5eead4' } }),
  rose: palette({ light: '#be123c', dark: '#fda4af' }, { error: { light: '#991b1b', dark: '#fca5a5' } }),
  sapphire: palette({ light: '#1d4ed8', dark: '#93b4fd' }, { info: { light: '#0e7490', dark: '#67e8f9' } }),
  lavender: palette({ light: '#6d28d9', dark: '#c4b5fd' }),
  coral: palette({ light: '#b93a2b', dark: '#fca89a' }, { error: { light: '#9f1239', dark: '#fda4af' } }),
  slate: palette({ light: '#334155', dark: '#cbd5e1' }),
  deepTeal: palette({ light: '#115e59', dark: '#5eead4' }, { success: { light: '#166534', dark: '#86efac' } }),
};

/** Neutral surfaces and text per mode, shared by all colours. */
export const NEUTRALS = {
  light: {
    canvas: '#f4f5f8',
    surface: '#ffffff',
    subtle: '#eceef3',
    fg: '#16181d',
    muted: '#4f5563',
    border: '#cdd1da',
    onTone: '#ffffff',
  },
  dark: {
    canvas: '#0f1115',
    surface: '#181b21',
    subtle: '#232731',
    fg: '#eceef3',
    muted: '#aab0bd',
    border: '#3a3f4b',
    onTone: '#0b0c10',
  },
} as const;
export type Neutral = keyof (typeof NEUTRALS)['light'];

/** Sizes that change with the compact flag. */
export const DENSITY = {
  normal: { control: '2.5rem', row: '2.75rem', gap: '1rem', pad: '1.5rem', font: '0.9375rem' },
  compact: { control: '2rem', row: '2rem', gap: '0.5rem', pad: '0.75rem', font: '0.875rem' },
} as const;
export type DensityVar = keyof (typeof DENSITY)['normal'];
