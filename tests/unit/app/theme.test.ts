// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { THEME_COLORS } from '../../../src/shared/constants.ts';
import { applyLook, contrastRatio, resolveColor } from '../../../src/app/theme/look.ts';
import { NEUTRALS, PALETTES, TONES } from '../../../src/app/theme/palettes.ts';

describe('theme resolution (SPEC.md §3, §4)', () => {
  test("a user's theme overrides the setting theme; purple when neither is set", () => {
    expect(resolveColor('ocean', 'rose')).toBe('ocean');
    expect(resolveColor(null, 'rose')).toBe('rose');
    expect(resolveColor(undefined, undefined)).toBe('purple');
    // Unknown names (an old record, a typo) never break the look.
    expect(resolveColor('chartreuse', 'slate')).toBe('slate');
    expect(resolveColor('chartreuse', 'nope')).toBe('purple');
  });

  test('every one of the 15 colours has the five tones in both modes', () => {
    expect(Object.keys(PALETTES).sort()).toEqual([...THEME_COLORS].sort());
    for (const color of THEME_COLORS)
      for (const tone of TONES)
        expect(PALETTES[color][tone]).toEqual({
          light: expect.stringMatching(/^#[0-9a-f]{6}$/i),
          dark: expect.stringMatching(/^#[0-9a-f]{6}$/i),
        });
  });

  test('contrast holds (WCAG AA 4.5:1) in every colour, tone and mode', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    const failures: string[] = [];
    for (const color of THEME_COLORS) {
      for (const tone of TONES) {
        for (const mode of ['light', 'dark'] as const) {
          const value = PALETTES[color][tone][mode];
          const n = NEUTRALS[mode];
          // Text on the tone (buttons, banners), and the tone as text on surfaces and the canvas.
          const pairs: [string, string, string][] = [
            ['onTone on tone', n.onTone, value],
            ['tone on surface', value, n.surface],
            ['tone on canvas', value, n.canvas],
          ];
          for (const [what, a, b] of pairs) {
            const ratio = contrastRatio(a, b);
            if (ratio < 4.5) failures.push(`${color}.${tone}.${mode} ${what}: ${ratio.toFixed(2)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test('neutral text holds AA on every neutral surface', () => {
    for (const mode of ['light', 'dark'] as const) {
      const n = NEUTRALS[mode];
      for (const bg of [n.canvas, n.surface, n.subtle]) {
        expect(contrastRatio(n.fg, bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(n.muted, bg)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  test('applyLook switches colour, mode and density at run time, and the browser chrome colour', () => {
    document.head.innerHTML = '<meta name="theme-color" content="#000000">';
    applyLook({ color: 'forest', mode: 'dark', compact: true });
    const root = document.documentElement;
    expect([root.dataset.color, root.dataset.mode, root.dataset.density]).toEqual(['forest', 'dark', 'compact']);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(PALETTES.forest.primary.dark);
    applyLook({ color: 'purple', mode: 'light', compact: false });
    expect(root.dataset.density).toBeUndefined();
    expect(root.dataset.mode).toBe('light');
  });

  test('a change of colour or mode lands without transitions (no control half-faded between two looks), and they come back', async () => {
    const root = document.documentElement;
    applyLook({ color: 'purple', mode: 'light', compact: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    applyLook({ color: 'purple', mode: 'light', compact: true });
    expect(root.dataset.lookChanging, 'density alone changes no colour').toBeUndefined();
    applyLook({ color: 'purple', mode: 'dark', compact: false });
    expect(root.dataset.lookChanging).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.dataset.lookChanging).toBeUndefined();
    applyLook({ color: 'ocean', mode: 'dark', compact: false });
    expect(root.dataset.lookChanging).toBe('');
  });
});
