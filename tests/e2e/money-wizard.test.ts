import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  apiToken,
  axe,
  chooseLanguage,
  gone,
  launchBrowser,
  screenshot,
  signIn,
  startServer,
  textOf,
  visible,
  type Browser,
  type Server,
} from './harness.ts';

/**
 * A lead pays by card on a 390 px phone through the 3-D Secure wizard (SPEC.md §4, DESIGN.md §6),
 * with each sandbox test card, against the real server. The browser half of the PCI test has its own
 * browser in money-pci.test.ts.
 */

const LEAD = { email: 'paula@money.test', password: 'Paula1234' };
const PHONE = { width: 390, height: 844 };
/** What the lead types: none of it may stay in the browser's storage. */
const CVV = '847';
const AMEX_CVV = '8472';
const WRONG_CODE = '918273';
const RIGHT_CODE = '123456';
const CARDS = {
  success: '4242424242424242',
  threeDs: '4000000000003220',
  declined: '4000000000000002',
  slowBank: '4000000000003063',
  bankDeclines: '4000008400001629',
  amex: '378282246310005',
  luhn: '4242424242424241',
};

type Deposit = { id: string; status: string; amount: number; failureReason: string | null; cardLast4: string | null };

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function openWizard(page: Page, url: string) {
  await page.goto(`${url}/deposits/new`);
  await visible(field(page, 'cardNumber'));
}

async function fillDetails(page: Page, card: string, amount: string, cvv = CVV) {
  await field(page, 'amount').fill(amount);
  await field(page, 'cardNumber').pressSequentially(card);
  await field(page, 'cardExpirationDate').pressSequentially('1230');
  await field(page, 'cardCVV').fill(cvv);
  await field(page, 'fullName').fill('Paula Payer');
  await field(page, 'street').fill('12 rue de la Paix');
  await field(page, 'zipCode').fill('75002');
  await field(page, 'country').selectOption('FR');
  await field(page, 'phone').fill('+33 6 12 34 56 78');
}

/** Pay says the amount it charges ("Pay €150.25"). */
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay\b/ });
const pay = (page: Page) => payButton(page).click();
const result = (page: Page) => page.getByTestId('deposit-result');

async function resultStatus(page: Page): Promise<string> {
  await visible(result(page), 30_000);
  return (await result(page).getAttribute('data-status')) ?? '';
}

async function enterCode(page: Page, code: string) {
  await field(page, 'secureCode').fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

describe('money: the card deposit wizard on a phone (en)', () => {
  let server: Server;
  let browser: Browser;
  let token: string;
  let leadId: string;
  const deposits = async () =>
    (
      await api<{ deposits: Deposit[] }>(
        server.url,
        token,
        'GET',
        `/deposit?limit=100&filters=${encodeURIComponent(JSON.stringify([{ field: 'userId', values: [leadId] }]))}`,
      )
    ).deposits;
  const available = async () =>
    (await api<{ availableFunds: number }>(server.url, token, 'GET', `/funds/available/${leadId}`)).availableFunds;

  beforeAll(async () => {
    server = await startServer();
    token = await apiToken(server.url);
    leadId = (
      await api<{ id: string }>(server.url, token, 'POST', '/user', { firstName: 'Paula', lastName: 'Payer', ...LEAD, roles: ['lead'] })
    ).id;
    browser = await launchBrowser();
    // Leaving a half-typed wizard asks first (beforeunload): these journeys move on regardless.
    browser.page.on('dialog', (dialog) => void dialog.accept());
    await browser.page.setViewportSize(PHONE);
    await signIn(browser.page, server.url, LEAD.email, LEAD.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('step 1 says it is online-only before any digit, with the numeric keyboard, autofill hints and the sandbox test cards', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await visible(page.getByTestId('online-only-note'));
    expect(await textOf(page.getByTestId('online-only-note'))).toContain('need a connection');
    const hints: [string, string, string | null][] = [
      ['amount', 'transaction-amount', 'decimal'],
      ['cardNumber', 'cc-number', 'numeric'],
      ['cardExpirationDate', 'cc-exp', 'numeric'],
      ['cardCVV', 'cc-csc', 'numeric'],
      ['fullName', 'cc-name', null],
      ['street', 'street-address', null],
      ['zipCode', 'postal-code', null],
      ['country', 'country', null],
      ['phone', 'tel', 'tel'],
    ];
    for (const [name, autocomplete, inputmode] of hints) {
      expect(await field(page, name).getAttribute('autocomplete'), name).toBe(autocomplete);
      expect(await field(page, name).getAttribute('inputmode'), name).toBe(inputmode);
    }
    expect(await field(page, 'country').locator('option').count()).toBe(48); // the 47 countries and "choose"
    await visible(page.getByTestId('test-cards'));
    expect(await page.getByTestId('test-cards').getByRole('row').count()).toBe(10); // header + 9 cards of DESIGN.md §6

    // Offline, it says so and the form cannot be used.
    await browser.context.setOffline(true);
    await visible(page.getByTestId('offline-note'));
    expect(await field(page, 'cardNumber').isDisabled()).toBe(true);
    await browser.context.setOffline(false);
    await gone(page.getByTestId('offline-note'));

    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-step1-phone-light');
  });

  test('every rule of SPEC.md §5 with its message; the brand shows as the number is typed', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await pay(page);
    await visible(page.getByText('Please enter an amount'));
    expect(await page.getByText('This field is required').count()).toBeGreaterThanOrEqual(5);

    await field(page, 'cardNumber').pressSequentially('4242');
    expect(await textOf(page.getByTestId('card-brand'))).toBe('Visa');
    await field(page, 'cardNumber').fill('');
    await field(page, 'cardNumber').pressSequentially('3782');
    expect(await textOf(page.getByTestId('card-brand'))).toBe('American Express');
    await field(page, 'cardNumber').fill('');

    await fillDetails(page, CARDS.luhn, '0');
    expect(await field(page, 'cardNumber').inputValue()).toBe('4242 4242 4242 4241');
    expect(await field(page, 'cardExpirationDate').inputValue()).toBe('12/30');
    await field(page, 'cardExpirationDate').fill('13/30');
    await pay(page);
    await visible(page.getByText('Please enter a valid card number'));
    await visible(page.getByText('The expiry date must be MM/YY'));
    await visible(page.getByText('The value must be greater than 0'));

    await field(page, 'cardNumber').fill('');
    await field(page, 'cardNumber').pressSequentially(CARDS.amex);
    expect(await field(page, 'cardNumber').inputValue()).toBe('3782 822463 10005');
    await field(page, 'cardExpirationDate').fill('12/30');
    await field(page, 'amount').fill('10');
    await pay(page);
    await visible(page.getByText(/4 digits|4-digit/i));
    expect(await deposits()).toEqual([]);
  });

  test('a card that succeeds at once: completed, the money in the account', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.success, '150.25');
    await pay(page);
    expect(await resultStatus(page)).toBe('completed');
    expect(await textOf(result(page))).toContain('€150.25');
    expect(await textOf(result(page))).toContain('•••• 4242');
    expect(await available()).toBe(150.25);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-completed-phone-light');
  });

  test('Amex with its 4-digit CVV succeeds', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.amex, '20', AMEX_CVV);
    await pay(page);
    expect(await resultStatus(page)).toBe('completed');
    expect(await available()).toBe(170.25);
  });

  test('3-D Secure: a wrong code stays at step 2 with the tries left, the right one completes', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.threeDs, '99.99');
    await pay(page);
    await visible(field(page, 'secureCode'));
    expect(await textOf(page.getByTestId('payment-summary'))).toContain('•••• 3220');
    await screenshot(page, 'money-wizard-step2-phone-light');
    await enterCode(page, WRONG_CODE);
    // One message with the tries left, in words with plurals: not "attempt(s)" beside "tries".
    await visible(page.getByText('Wrong secure code: 2 tries left'));
    expect(await page.getByText(/tries left|try left|attempt/).count()).toBe(1);
    expect(await field(page, 'secureCode').isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await enterCode(page, RIGHT_CODE);
    expect(await resultStatus(page)).toBe('completed');
    expect(await available()).toBe(270.24);
  });

  test('3-D Secure: three wrong codes fail the deposit, with the reason in words', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.threeDs, '5');
    await pay(page);
    await visible(field(page, 'secureCode'));
    await enterCode(page, WRONG_CODE);
    await visible(page.getByText('2 tries left').first());
    await enterCode(page, WRONG_CODE);
    await visible(page.getByText('1 try left').first());
    await enterCode(page, WRONG_CODE);
    expect(await resultStatus(page)).toBe('failed');
    await visible(page.getByTestId('failure-reason'));
    expect(await textOf(page.getByTestId('failure-reason'))).toContain('The secure code was wrong three times');
  });

  test('slow bank: step 3 while the bank works, then step 4 by the socket alone', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.slowBank, '40');
    await pay(page);
    await visible(field(page, 'secureCode'));
    await enterCode(page, RIGHT_CODE);
    await visible(page.getByTestId('bank-working'), 20_000);
    await screenshot(page, 'money-wizard-step3-phone-light');
    expect(await axe(page)).toEqual([]);
    // No click, no reload: the depositUpdated event moves the wizard on.
    expect(await resultStatus(page)).toBe('completed');
    expect(await available()).toBe(310.24);
  });

  test('a declined card fails at once with the reason; after a right code the bank can decline too', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.declined, '30');
    await pay(page);
    expect(await resultStatus(page)).toBe('failed');
    expect(await textOf(page.getByTestId('failure-reason'))).toContain('The card was declined');
    await screenshot(page, 'money-wizard-failed-phone-light');

    await openWizard(page, server.url);
    await fillDetails(page, CARDS.bankDeclines, '31');
    await pay(page);
    await visible(field(page, 'secureCode'));
    await enterCode(page, RIGHT_CODE);
    expect(await resultStatus(page)).toBe('failed');
    expect(await textOf(page.getByTestId('failure-reason'))).toContain('The bank declined the payment');
    expect(await available()).toBe(310.24);
  });

  test('cancel at step 2 (the deposit is cancelled) and at step 1 (nothing is created)', async () => {
    const { page } = browser;
    const before = (await deposits()).length;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.threeDs, '12');
    await pay(page);
    await visible(field(page, 'secureCode'));
    await page.getByRole('button', { name: 'Cancel the payment' }).click();
    expect(await resultStatus(page)).toBe('cancelled');
    const all = await deposits();
    expect(all.length).toBe(before + 1);
    expect(all.filter((d) => d.status === 'cancelled').map((d) => d.amount)).toEqual([12]);

    await openWizard(page, server.url);
    await fillDetails(page, CARDS.success, '13');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL(/\/deposits$/);
    expect((await deposits()).length).toBe(before + 1);
  });

  test('dark mode and French: the wizard reads right and stays axe clean, on a phone and a desktop', async () => {
    const { page } = browser;
    // The look and language controls sit in the header at desktop width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/deposits/new`);
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'fr');
    await visible(page.getByRole('button', { name: 'Payer', exact: true }));
    expect(await textOf(page.getByTestId('online-only-note'))).toContain('nécessite une connexion');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await visible(page.getByText('Veuillez saisir un montant'));
    await field(page, 'cardNumber').pressSequentially('4000000000003220');
    expect(await field(page, 'cardNumber').inputValue()).toBe('4000 0000 0000 3220');
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-step1-desktop-dark-fr');
    await page.setViewportSize(PHONE);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-step1-phone-dark-fr');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'en');
    await page.setViewportSize(PHONE);
  });
});

describe('money: amounts as written, 3-D Secure with a clock, twice is once (issue 24)', () => {
  const PAULINE = { email: 'pauline@money.test', password: 'Pauline1234' };
  /** The server's clock runs with real time, moved ahead by hand; the scheduler's passes are run by hand too. */
  let ahead = 0;
  const clock = { now: () => new Date(Date.now() + ahead) };
  let server: Server;
  let browser: Browser;
  let token: string;
  let leadId: string;
  const deposits = async () =>
    (
      await api<{ deposits: Deposit[] }>(
        server.url,
        token,
        'GET',
        `/deposit?limit=100&filters=${encodeURIComponent(JSON.stringify([{ field: 'userId', values: [leadId] }]))}`,
      )
    ).deposits;
  const available = async () =>
    (await api<{ availableFunds: number }>(server.url, token, 'GET', `/funds/available/${leadId}`)).availableFunds;
  const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
  const inView = (page: Page, name: string) =>
    page.evaluate((n) => {
      const box = document.querySelector(`[name="${n}"]`)!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }, name);

  beforeAll(async () => {
    server = await startServer({ clock, scheduler: false });
    token = await apiToken(server.url);
    leadId = (
      await api<{ id: string }>(server.url, token, 'POST', '/user', {
        firstName: 'Pauline',
        lastName: 'Payer',
        ...PAULINE,
        roles: ['lead'],
      })
    ).id;
    browser = await launchBrowser();
    // A reload or a new address on a half-done wizard asks first (beforeunload): these journeys go on.
    browser.page.on('dialog', (dialog) => void dialog.accept());
    await browser.page.setViewportSize(PHONE);
    await signIn(browser.page, server.url, PAULINE.email, PAULINE.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('"10.005" and "0.001" are refused in words, never read as thousands; Pay says the amount; the Luhn error after Pay comes into view with focus', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    expect(await textOf(payButton(page))).toBe('Pay');
    await fillDetails(page, CARDS.success, '10.005');
    await pay(page);
    await visible(page.getByText('An amount has at most 2 decimals (cents)'));
    expect(await focusedName(page)).toBe('amount');
    await field(page, 'amount').fill('0.001');
    await pay(page);
    await visible(page.getByText('An amount has at most 2 decimals (cents)'));
    await field(page, 'amount').fill('1 000,50');
    await pay(page);
    await visible(page.getByText('Type the amount as 1,234.56 or 1234.56'));
    // The error shows once: beside the field, not in a banner as well.
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await deposits()).toEqual([]);

    await field(page, 'amount').fill('1,060');
    expect(await textOf(page.getByTestId('amount-reading'))).toBe('Amount: €1,060.00');
    expect(await textOf(payButton(page))).toBe('Pay €1,060.00');
    await field(page, 'amount').fill('60');
    expect(await textOf(payButton(page))).toBe('Pay €60.00');

    // A number failing Luhn, Pay pressed at the bottom of a phone's page: the field comes into view, focused.
    await field(page, 'cardNumber').fill('');
    await field(page, 'cardNumber').pressSequentially(CARDS.luhn);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await inView(page, 'cardNumber')).toBe(false);
    await pay(page);
    await visible(page.getByText('Please enter a valid card number'));
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'cardNumber');
    await page.waitForFunction(() => {
      const box = document.querySelector('[name="cardNumber"]')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    await screenshot(page, 'money-wizard-luhn-focused-phone-light');
    expect(await deposits()).toEqual([]);
  });

  test('the empty country says to choose one', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await field(page, 'country').selectOption('');
    await pay(page);
    await visible(page.getByText('Please choose a country'));
  });

  test('an amount above the confirmation level asks once more, naming it and where it goes; saying no sends nothing', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.success, '6000');
    expect(await textOf(payButton(page))).toBe('Pay €6,000.00');
    await pay(page);
    const ask = page.getByRole('alertdialog');
    await visible(ask);
    expect(await textOf(ask)).toContain('Confirm €6,000.00?');
    expect(await textOf(page.getByTestId('amount-confirmation'))).toBe('You are about to pay €6,000.00 by card into your account.');
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-confirm-amount-phone-light');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await gone(ask);
    expect(await deposits()).toEqual([]);
    await pay(page);
    await ask.getByRole('button', { name: 'Pay €6,000.00' }).click();
    expect(await resultStatus(page)).toBe('completed');
    expect(await available()).toBe(6000);
  });

  test('two submit events in one tick make one deposit (one Idempotency-Key per form)', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.success, '7');
    const before = (await deposits()).length;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/deposit/3d-secure')) sent.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>('form[aria-label="Card details"]')!;
      form.requestSubmit();
      form.requestSubmit();
    });
    expect(await resultStatus(page)).toBe('completed');
    // Both went (the twin asks again while the first runs), with the one key made when the form opened; one booked.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForTimeout(500);
    const after = await deposits();
    expect(after.length).toBe(before + 1);
    expect(await available()).toBe(6007);
  });

  test('step 2 counts down the 15 minutes; when the server cancels the deposit the step says so, nothing was taken, and a new start keeps the billing details', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.threeDs, '25');
    await pay(page);
    await visible(field(page, 'secureCode'));
    const left = Number(await page.getByTestId('time-left').getAttribute('data-ms'));
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    expect(await textOf(page.getByTestId('time-left'))).toMatch(/^Time left to enter the code: 1[45]:\d\d/);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-step2-clock-phone-light');

    // Fifteen minutes later on the server's clock, its job cancels the deposit; the socket tells the wizard.
    ahead = 15 * 60_000 + 1_000;
    const report = await server.app.services.scheduler.runDue('deposit-3ds-expiry');
    expect(report['deposit-3ds-expiry']!.booked).toHaveLength(1);
    expect(await resultStatus(page)).toBe('cancelled');
    expect(await textOf(result(page))).toContain('The 15 minutes to enter the secure code ran out: the payment of €25.00 was cancelled.');
    expect(await textOf(page.getByTestId('nothing-taken'))).toContain('No money was taken from your card.');
    expect(await available()).toBe(6007);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-expired-phone-light');

    await page.getByRole('button', { name: 'Start again' }).click();
    await visible(field(page, 'cardNumber'));
    expect(await field(page, 'fullName').inputValue()).toBe('Paula Payer');
    expect(await field(page, 'street').inputValue()).toBe('12 rue de la Paix');
    expect(await field(page, 'country').inputValue()).toBe('FR');
    expect(await field(page, 'amount').inputValue()).toBe('25');
    // The card never stays: typed again.
    expect(await field(page, 'cardNumber').inputValue()).toBe('');
    expect(await field(page, 'cardCVV').inputValue()).toBe('');
    ahead = 0;
  });

  test('reload on step 2 comes back to it; the deposit is resumed from its row and from home; leaving asks first', async () => {
    const { page } = browser;
    const before = await available();
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.threeDs, '33');
    await pay(page);
    await visible(field(page, 'secureCode'));
    expect(page.url()).toContain('resume=');
    // A reload asks first (beforeunload; accepted here), then comes back to the step.
    const asked: string[] = [];
    page.on('dialog', (dialog) => void asked.push(dialog.type()));
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await visible(field(page, 'secureCode'), 20_000);
    expect(await textOf(page.getByTestId('payment-summary'))).toContain('€33.00');

    // In the app, leaving asks first; staying keeps the step.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Deposits', exact: true }).first().click();
    const ask = page.getByRole('alertdialog');
    await visible(ask);
    expect(await textOf(ask)).toContain('Leave the payment?');
    await screenshot(page, 'money-wizard-leave-desktop-light');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await visible(field(page, 'secureCode'));
    await page.getByRole('link', { name: 'Deposits', exact: true }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/deposits(\?|$)/);

    const row = page.getByRole('row').filter({ hasText: '€33.00' });
    await visible(row, 20_000);
    await visible(row.getByTestId('resume-deposit'));
    await screenshot(page, 'money-deposits-resume-desktop-light');
    await page.goto(`${server.url}/`);
    await visible(page.getByTestId('awaiting-deposits'), 20_000);
    expect(await textOf(page.getByTestId('awaiting-deposits'))).toMatch(/A payment of €33\.00 awaits its secure code \(1[45] min left\)/);
    await screenshot(page, 'money-home-awaiting-desktop-light');
    // Dark and German: the entry reads in the language, with enough contrast.
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'de');
    await visible(page.getByText('Zahlung fortsetzen'));
    expect(await textOf(page.getByTestId('awaiting-deposits'))).toMatch(
      /Eine Zahlung über 33,00\u00a0€ wartet auf den Sicherheitscode \(noch 1[45] Min\.\)/,
    );
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-home-awaiting-desktop-dark-de');
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'en');
    await page.setViewportSize(PHONE);
    await page.getByTestId('awaiting-deposits').getByTestId('resume-deposit').click();
    await visible(field(page, 'secureCode'), 20_000);
    await enterCode(page, RIGHT_CODE);
    expect(await resultStatus(page)).toBe('completed');
    expect(await available()).toBe(before + 33);
    await page.goto(`${server.url}/deposits`);
    await visible(page.getByRole('row').filter({ hasText: '€33.00' }), 20_000);
    expect(await page.getByTestId('resume-deposit').count()).toBe(0);
  });

  test('German, dark: the amount reads as written there, Pay says it; phone and desktop', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/deposits/new`);
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'de');
    await field(page, 'amount').fill('1.000,50');
    expect(await textOf(page.getByRole('button', { name: /zahlen$/ }))).toBe('1.000,50\u00a0€ zahlen');
    // In German the dot groups thousands: "1.005" is a thousand and five euros.
    await field(page, 'amount').fill('1.005');
    expect(await textOf(page.getByRole('button', { name: /zahlen$/ }))).toBe('1.005,00\u00a0€ zahlen');
    await field(page, 'amount').fill('10,005');
    await page.getByRole('button', { name: /zahlen$/ }).click();
    await visible(page.getByText('Ein Betrag hat höchstens 2 Nachkommastellen (Cent)'));
    await field(page, 'amount').fill('60');
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-step1-desktop-dark-de');
    await page.setViewportSize(PHONE);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'money-wizard-step1-phone-dark-de');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('toggle-dark').click();
    await chooseLanguage(page, 'en');
  });
});
