import { describe, expect, test } from 'vitest';
import { formatExpiryInput, groupCardNumber, parseAmountInput, withTypedAmount } from '../../../src/app/features/money/card-input.ts';
import { cardDepositInput } from '../../../src/shared/money/card-deposit.ts';

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

  test.each([
    ['100', 100],
    ['99.50', 99.5],
    ['99,50', 99.5],
    ['1 234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1.234', 1234],
    ['€ 20', 20],
    ['', undefined],
    ['12abc', '12abc'],
    ['1.234.5', 1234.5],
  ])('amount %j reads as %j', (typed, euros) => expect(parseAmountInput(typed)).toBe(euros));

  test('an empty amount asks for one; a bad one is not a number', () => {
    const schema = withTypedAmount((values) => cardDepositInput.safeParse(values));
    const empty = schema.safeParse({ amount: '' });
    expect(empty.success).toBe(false);
    if (!empty.success) expect(empty.error.issues.find((i) => i.path[0] === 'amount')?.message).toBe('validation.amountRequired');
    const bad = schema.safeParse({ amount: 'abc' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues.find((i) => i.path[0] === 'amount')?.message).toBe('validation.number');
  });
});
