import type { TFunction } from 'i18next';
import { THEME_COLORS } from '../../shared/constants.ts';
import { PALETTES } from './palettes.ts';
import type { Swatch } from '../ui/swatch-picker.tsx';

/** The 15 colours as swatches, each shown in the current mode's shade. */
export const themeSwatches = (t: TFunction, mode: 'light' | 'dark'): Swatch[] =>
  THEME_COLORS.map((color) => ({ value: color, label: t(`app.colors.${color}`), color: PALETTES[color].primary[mode] }));
