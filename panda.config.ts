import { defineConfig } from '@pandacss/dev';
import { DENSITY, NEUTRALS, PALETTES, TONES } from './src/app/theme/palettes.ts';

/**
 * Colours, mode and density switch at run time through attributes on <html>
 * (data-color, data-mode, data-density) that set CSS variables; tokens point at the variables,
 * so one stylesheet serves all 15 × 2 × 2 combinations with no reload.
 */
/** CSS custom properties `--bd-<name>`, typed so Panda accepts them as a style object. */
type Vars = Record<`--bd-${string}`, string>;
const vars = (entries: [string, string][]): Vars => Object.fromEntries(entries.map(([name, value]) => [`--bd-${name}`, value]));

const toneVars = (mode: 'light' | 'dark', color: keyof typeof PALETTES) => vars(TONES.map((tone) => [tone, PALETTES[color][tone][mode]]));

const neutralVars = (mode: 'light' | 'dark') => vars(Object.entries(NEUTRALS[mode]));

const densityVars = (density: keyof typeof DENSITY) => vars(Object.entries(DENSITY[density]));

const colorRules = Object.fromEntries(
  (Object.keys(PALETTES) as (keyof typeof PALETTES)[]).flatMap((color) => [
    [`[data-color=${color}]`, toneVars('light', color)],
    [`[data-color=${color}][data-mode=dark]`, toneVars('dark', color)],
  ]),
);

const toneTokens = Object.fromEntries(
  TONES.map((tone) => [
    tone,
    {
      DEFAULT: { value: `var(--bd-${tone})` },
      subtle: { value: `color-mix(in srgb, var(--bd-${tone}) 14%, var(--bd-surface))` },
      hover: { value: `color-mix(in srgb, var(--bd-${tone}) 86%, var(--bd-fg))` },
    },
  ]),
);

export default defineConfig({
  preflight: true,
  include: ['./src/app/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: {
    extend: {
      dark: '[data-mode=dark] &',
      compact: '[data-density=compact] &',
    },
  },
  globalCss: {
    ':root': { ...neutralVars('light'), ...densityVars('normal'), ...toneVars('light', 'purple'), colorScheme: 'light' },
    '[data-mode=dark]': { ...neutralVars('dark'), ...toneVars('dark', 'purple'), colorScheme: 'dark' },
    ...colorRules,
    '[data-density=compact]': densityVars('compact'),
    html: { fontSize: 'var(--bd-font)' },
    body: {
      bg: 'canvas',
      color: 'fg',
      fontFamily: 'body',
      lineHeight: '1.5',
      WebkitFontSmoothing: 'antialiased',
    },
    '*:focus-visible': { outline: '2px solid var(--bd-primary)', outlineOffset: '2px' },
    // Set by applyLook for one frame: a new colour or mode lands at once, not fading control by control.
    '[data-look-changing], [data-look-changing] *, [data-look-changing] *::before, [data-look-changing] *::after': {
      transition: 'none !important',
    },
  },
  theme: {
    extend: {
      tokens: {
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
          mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
        },
      },
      semanticTokens: {
        colors: {
          ...toneTokens,
          canvas: { value: 'var(--bd-canvas)' },
          surface: { value: 'var(--bd-surface)' },
          subtle: { value: 'var(--bd-subtle)' },
          fg: { DEFAULT: { value: 'var(--bd-fg)' }, muted: { value: 'var(--bd-muted)' } },
          border: { value: 'var(--bd-border)' },
          onTone: { value: 'var(--bd-onTone)' },
        },
        sizes: {
          control: { value: 'var(--bd-control)' },
          row: { value: 'var(--bd-row)' },
        },
        spacing: {
          gap: { value: 'var(--bd-gap)' },
          pad: { value: 'var(--bd-pad)' },
          control: { value: 'var(--bd-control)' },
        },
      },
    },
  },
});
