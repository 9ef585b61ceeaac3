import { afterEach, describe, expect, it } from 'vitest';
import { isSafeUrl } from '../../../src/shared/fields.ts';

/** URL fields (src/shared/fields.ts): plain http: only while developing; the rest never. */
describe('isSafeUrl', () => {
  const before = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = before;
  });

  it('takes http: in development only', () => {
    process.env.NODE_ENV = 'development';
    expect(isSafeUrl('http://localhost:5173/logo.png')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    process.env.NODE_ENV = 'production';
    expect(isSafeUrl('http://localhost:5173/logo.png')).toBe(false);
    expect(isSafeUrl('https://cdn.example.test/logo.png')).toBe(true);
  });

  it('takes the app’s own uploads by file name, never a path', () => {
    expect(isSafeUrl('/api/v1/uploads/0193a9e2-7c4b-7d2e-9f00-1a2b3c4d5e6f.webp')).toBe(true);
    expect(isSafeUrl('/api/v1/uploads/../secret.png')).toBe(false);
    expect(isSafeUrl('/api/v1/uploads/a/b.png')).toBe(false);
    expect(isSafeUrl('/elsewhere/logo.png')).toBe(false);
  });
});
