import { describe, expect, test } from 'vitest';
import { formatExpiryInput, groupCardNumber } from '../../../src/app/features/money/card-input.ts';

describe('the card form as typed', () => {
  test.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242-4242', '4242 4242 4242'],
    ['378282246310005', '3782 822463 10005'],
    ['37828', '3782 8'],
    ['5555555555554444', '5555 5555 5555 4444'],
    ['40000000000032201234', '4000 0000 0000 3220 123'],
    ['', ''],
  ])('%s groups as %s', (typed, shown) => expect(groupCardNumber(typed)).toBe(shown));

  test.each([
    ['1', '', '1'],
    ['12', '1', '12/'],
    ['123', '12/', '12/3'],
    ['12/30', '12/3', '12/30'],
    ['12/301', '12/30', '12/30'],
    ['12', '12/', '1'], // backspace over the slash takes the month's last digit
  ])('expiry %s after %s shows %s', (typed, previous, shown) => expect(formatExpiryInput(typed, previous)).toBe(shown));
});
