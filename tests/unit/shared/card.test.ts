import { describe, expect, test } from 'vitest';
import { cardExpired, holdsCardNumber, redactCardNumbers } from '../../../src/shared/money/card.ts';
import { cardDepositInput } from '../../../src/shared/money/card-deposit.ts';
import { settingUpdateSchema } from '../../../src/shared/setting.ts';
import { loggedUrl } from '../../../src/server/http/request-log.ts';

describe('an expired card', () => {
  test.each([
    // Good through the last day of its month, until that day has ended at UTC−12 (12:00 UTC the next day).
    ['11/26', '2026-11-27T03:00:00Z', false],
    ['11/26', '2026-12-01T11:59:59Z', false],
    ['11/26', '2026-12-01T12:00:00Z', true],
    ['12/26', '2027-01-01T11:59:59Z', false],
    ['12/26', '2027-01-01T12:00:00Z', true],
    ['10/26', '2026-11-27T03:00:00Z', true],
    ['01/20', '2026-11-27T03:00:00Z', true],
    ['12/30', '2026-11-27T03:00:00Z', false],
    // Malformed: the format rule's business, not this one's.
    ['13/26', '2026-11-27T03:00:00Z', false],
    ['1/20', '2026-11-27T03:00:00Z', false],
  ])('%s at %s: expired %s', (expiry, now, expired) => expect(cardExpired(expiry, new Date(now))).toBe(expired));
});

describe('the shared schemas, as the form and the server read them', () => {
  const body = {
    amount: 10,
    cardNumber: '4242 4242 4242 4242',
    cardCVV: '123',
    fullName: 'Ada Lovelace',
    street: '1 Analytical Way',
    zipCode: '75001',
    country: 'FR',
    phone: '+33 1 23 45 67 89',
  };
  test('an expired card is refused on its expiry field; one good for years is not', () => {
    const expired = cardDepositInput.safeParse({ ...body, cardExpirationDate: '01/20' });
    expect(expired.success).toBe(false);
    expect(expired.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['cardExpirationDate', 'validation.cardExpired'],
    ]);
    expect(cardDepositInput.safeParse({ ...body, cardExpirationDate: '12/99' }).success).toBe(true);
  });

  test.each([
    [{ cardDepositMax: 100_000 }, []],
    [{ cardDepositMax: 100_000.01 }, [['cardDepositMax', 'validation.cardLimitMax']]],
    [{ cardDepositDailyMax: 999_999_999_999.99 }, [['cardDepositDailyMax', 'validation.cardLimitMax']]],
    [{ cardDepositDailyMax: 0 }, [['cardDepositDailyMax', 'validation.positive']]],
  ])('card limits in settings: %j', (input, issues) => {
    const result = settingUpdateSchema.safeParse(input);
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(issues);
  });
});

describe('a card number where it does not belong', () => {
  test.each([
    ['4242424242424242', true],
    ['cardNumber=4242 4242 4242 4242', true],
    ['pan=4242-4242-4242-4242&x=1', true],
    ['3782 822463 10005', true],
    ['5555555555554444', true],
    // Luhn fails.
    ['4242424242424241', false],
    // Too short, too long.
    ['424242424242', false],
    ['42424242424242424242', false],
    // Luhn-valid, yet starts like no payment card: a millisecond timestamp in an idempotency key passes Luhn one time in ten.
    ['dep-1234567812345670-replay', false],
    ['0000000000000000', false],
    ['018f3a2c-9b1e-7c3d-8e4f-5a6b7c8d9e0f', false],
    ['Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abc', false],
  ])('%s: %s', (text, holds) => expect(holdsCardNumber(text)).toBe(holds));

  test.each([
    ['4242 4242 4242 4242', true],
    ['card=4242424242424242', true],
    // A W3C trace id whose decimal run passes Luhn and starts like a card, among hex letters.
    ['00-ab4242424242424242cd0000000000ff-00f067aa0ba902b7-01', false],
    ['token a4242424242424242', false],
    // Nor a card number found by starting inside a longer run.
    ['ab94242424242424242', false],
  ])('in a header, %s: %s', (text, holds) => expect(holdsCardNumber(text, { standalone: true })).toBe(holds));

  test('redaction replaces the number and leaves the rest', () => {
    expect(redactCardNumbers('/deposit?cardNumber=4242424242424242&amount=10')).toBe('/deposit?cardNumber=[REDACTED]&amount=10');
    expect(redactCardNumbers('card 4000 0000 0000 3220 ends')).toBe('card [REDACTED] ends');
    expect(redactCardNumbers('page=2&limit=50')).toBe('page=2&limit=50');
  });
});

describe('a logged URL', () => {
  test.each([
    ['/api/v1/deposit/3d-secure?cardNumber=4242424242424242', '/api/v1/deposit/3d-secure?cardNumber=[REDACTED]'],
    ['/api/v1/deposit?x=4242%204242%204242%204242&page=2', '/api/v1/deposit?x=[REDACTED]&page=2'],
    ['/api/v1/deposit?q=4242+4242+4242+4242', '/api/v1/deposit?q=[REDACTED]'],
    ['/api/v1/deposit?cardCVV=123&secureCode=123456&cvc=999', '/api/v1/deposit?cardCVV=[REDACTED]&secureCode=[REDACTED]&cvc=[REDACTED]'],
    ['/api/v1/deposit?4242424242424242', '/api/v1/deposit?[REDACTED]'],
    ['/api/v1/deposit/4242424242424242', '/api/v1/deposit/[REDACTED]'],
    ['/api/v1/user?page=2&limit=50&filter=%7B%22a%22%3A1%7D', '/api/v1/user?page=2&limit=50&filter=%7B%22a%22%3A1%7D'],
    ['/api/v1/user?bad=%E0%A4%A', '/api/v1/user?bad=%E0%A4%A'],
  ])('%s is logged as %s', (url, logged) => expect(loggedUrl(url)).toBe(logged));
});
