import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiToken, launchBrowser, signIn, startServer, visible, type Browser, type Server } from './harness.ts';

/**
 * PCI, the browser half (DESIGN.md §6; the API half is tests/api/deposits-pci.test.ts): a card number,
 * a CVV or a 3-D Secure code never reaches the browser's storage, not even for a moment. An init script
 * wraps every write the page can make to storage (IndexedDB put/add and cursor updates, local and
 * session storage, the Cache API) and hands each written value to the test as it happens; the card
 * wizard is walked with each kind of card; every write is searched, then the storage left at the end.
 * Its own browser and server: no other journey shares the page whose writes it reads.
 */

const LEAD = { email: 'pia@pci.test', password: 'Pia12345' };
const PHONE = { width: 390, height: 844 };
const CVV = '847';
const AMEX_CVV = '8472';
const WRONG_CODE = '918273';
const RIGHT_CODE = '123456';
const CARDS = {
  success: '4242424242424242',
  threeDs: '4000000000003220',
  declined: '4000000000000002',
  amex: '378282246310005',
  luhn: '4242424242424241',
};
const SECRETS = [...Object.values(CARDS), CVV, AMEX_CVV, WRONG_CODE, RIGHT_CODE];

/** One write the page made: where (API, store or key) and the value as text. */
type Write = { where: string; text: string };

/**
 * Runs in the page before its own scripts, in every document: each write is sent to the test through
 * `__pciWrite` (exposed below) before it is made. Values are structured-clone data: JSON shows their
 * strings; a Blob or a typed array is written down by its type.
 */
function recordWrites() {
  const send = (where: string, value: unknown) => {
    let text: string;
    try {
      text =
        typeof value === 'string'
          ? value
          : JSON.stringify(value ?? null, (_key, v: unknown) =>
              v instanceof Blob || ArrayBuffer.isView(v) || v instanceof ArrayBuffer ? `[${Object.prototype.toString.call(v)}]` : v,
            );
    } catch (error) {
      text = `[unreadable: ${String(error)}]`;
    }
    (window as unknown as { __pciWrite: (where: string, text: string) => void }).__pciWrite(where, text);
  };
  /** `written` names the write and the value it keeps (a put's value and key, a setItem's value). */
  const wrap = <T extends object>(proto: T, method: keyof T & string, written: (self: T, args: unknown[]) => [string, unknown]) => {
    const original = proto[method] as unknown as (...args: unknown[]) => unknown;
    Object.defineProperty(proto, method, {
      configurable: true,
      writable: true,
      value: function (this: T, ...args: unknown[]) {
        send(...written(this, args));
        return original.apply(this, args);
      },
    });
  };
  const storeName = (store: IDBObjectStore) => `${store.transaction.db.name}/${store.name}`;
  const stored = (args: unknown[]) => (args.length > 1 ? { value: args[0], key: args[1] } : args[0]);
  wrap(IDBObjectStore.prototype, 'put', (store, args) => [`IndexedDB put ${storeName(store)}`, stored(args)]);
  wrap(IDBObjectStore.prototype, 'add', (store, args) => [`IndexedDB add ${storeName(store)}`, stored(args)]);
  wrap(IDBCursor.prototype, 'update', (cursor, args) => {
    const source = cursor.source;
    return [`IndexedDB cursor.update ${source instanceof IDBObjectStore ? storeName(source) : storeName(source.objectStore)}`, args[0]];
  });
  // setItem(key, value): the key names it, the value is what is kept.
  wrap(Storage.prototype, 'setItem', (storage, args) => [
    `${storage === localStorage ? 'localStorage' : 'sessionStorage'} ${String(args[0])}`,
    String(args[1]),
  ]);
  if (typeof Cache !== 'undefined') {
    // A request's URL (with its query) and a response's body are what a cache keeps.
    const url = (request: unknown) => (typeof request === 'string' ? request : request instanceof Request ? request.url : String(request));
    wrap(Cache.prototype, 'add', (_cache, args) => [`Cache add ${url(args[0])}`, url(args[0])]);
    wrap(Cache.prototype, 'addAll', (_cache, args) => ['Cache addAll', (args[0] as unknown[]).map(url)]);
    const put = Cache.prototype.put;
    Cache.prototype.put = async function (request: RequestInfo | URL, response: Response) {
      send(`Cache put ${url(request)}`, `${url(request)} ${await response.clone().text()}`);
      return put.call(this, request, response);
    };
  }
}

/** The secrets in a text: card numbers anywhere (grouped or not); short ones as a whole value, as the API half reads them. */
function secretsIn(text: string): string[] {
  return SECRETS.filter((secret) =>
    secret.length > 8
      ? [secret, secret.replace(/(\d{4})(?=\d)/g, '$1 ')].some((form) => text.includes(form))
      : new RegExp(`(^|[^0-9A-Za-z.])${secret}([^0-9A-Za-z.]|$)`).test(text),
  );
}

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
  await field(page, 'fullName').fill('Pia Payer');
  await field(page, 'street').fill('3 Kärntner Straße');
  await field(page, 'zipCode').fill('1010');
  await field(page, 'country').selectOption('FR');
  await field(page, 'phone').fill('+33 6 98 76 54 32');
}

/** Pay says the amount it charges ("Pay €99.99", issue 24). */
const pay = (page: Page) => page.getByRole('button', { name: /^Pay\b/ }).click();

async function resultStatus(page: Page): Promise<string> {
  const result = page.getByTestId('deposit-result');
  await visible(result, 30_000);
  return (await result.getAttribute('data-status')) ?? '';
}

async function enterCode(page: Page, code: string) {
  await field(page, 'secureCode').fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

describe('PCI, browser half: no card data in any storage write during the card wizard', () => {
  let server: Server;
  let browser: Browser;
  let token: string;
  const writes: Write[] = [];
  /** Every write the page made so far, once the ones still on their way have arrived (a binding answers in order). */
  const leaks = async () => {
    await browser.page.evaluate(() =>
      (window as unknown as { __pciWrite: (where: string, text: string) => Promise<void> }).__pciWrite('flush', ''),
    );
    return writes.flatMap((w) => secretsIn(w.text).map((secret) => `${w.where}: ${secret}`));
  };

  beforeAll(async () => {
    server = await startServer();
    token = await apiToken(server.url);
    await api(server.url, token, 'POST', '/user', { firstName: 'Pia', lastName: 'Payer', ...LEAD, roles: ['lead'] });
    browser = await launchBrowser();
    await browser.context.exposeBinding('__pciWrite', (_source, where: string, text: string) => void writes.push({ where, text }));
    await browser.context.addInitScript(recordWrites);
    await browser.page.setViewportSize(PHONE);
    // The init script runs from the next document on.
    await signIn(browser.page, server.url, LEAD.email, LEAD.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('the recorder sees the writes the app makes (the mirror, the outbox, the settings it keeps)', async () => {
    const { page } = browser;
    // A write of each kind the recorder wraps, made by the page itself: it must be heard.
    await page.evaluate(() => sessionStorage.setItem('pci-probe', 'probe'));
    expect(await leaks()).toEqual([]);
    expect(writes.some((w) => w.where === 'sessionStorage pci-probe' && w.text === 'probe')).toBe(true);
    // Signing in filled the mirror: the app's own IndexedDB writes were heard.
    expect(writes.some((w) => w.where.startsWith('IndexedDB '))).toBe(true);
  });

  test('a card that succeeds, an Amex, a declined card, a number the form refuses', async () => {
    const { page } = browser;
    const before = writes.length;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.success, '150.25');
    await pay(page);
    expect(await resultStatus(page)).toBe('completed');

    await openWizard(page, server.url);
    await fillDetails(page, CARDS.amex, '20', AMEX_CVV);
    await pay(page);
    expect(await resultStatus(page)).toBe('completed');

    await openWizard(page, server.url);
    await fillDetails(page, CARDS.declined, '30');
    await pay(page);
    expect(await resultStatus(page)).toBe('failed');

    await openWizard(page, server.url);
    await fillDetails(page, CARDS.luhn, '10');
    await pay(page);
    await visible(page.getByText('Please enter a valid card number'));
    expect(await leaks()).toEqual([]);
    // The completed deposits' answers went into the mirror: writes were recorded during the wizard.
    expect(writes.slice(before).some((w) => /IndexedDB .*deposit/.test(w.where))).toBe(true);
  });

  test('3-D Secure: a wrong code, the right one; a payment cancelled at step 2', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.threeDs, '99.99');
    await pay(page);
    await visible(field(page, 'secureCode'));
    await enterCode(page, WRONG_CODE);
    await visible(page.getByText('Wrong secure code: 2 tries left'));
    await enterCode(page, RIGHT_CODE);
    expect(await resultStatus(page)).toBe('completed');

    await openWizard(page, server.url);
    await fillDetails(page, CARDS.threeDs, '12');
    await pay(page);
    await visible(field(page, 'secureCode'));
    await field(page, 'secureCode').fill(WRONG_CODE);
    await page.getByRole('button', { name: 'Cancel the payment' }).click();
    expect(await resultStatus(page)).toBe('cancelled');
    expect(await leaks()).toEqual([]);
  });

  test('a form filled and left offline: nothing of it is kept', async () => {
    const { page } = browser;
    await openWizard(page, server.url);
    await fillDetails(page, CARDS.success, '5');
    await browser.context.setOffline(true);
    await visible(page.getByTestId('offline-note'));
    await browser.context.setOffline(false);
    await page.goto(`${server.url}/deposits`);
    await visible(page.getByRole('row').filter({ hasText: '€150.25' }), 20_000);
    expect(await leaks()).toEqual([]);
  });

  test('and at the end: nothing in IndexedDB (outbox included), localStorage or sessionStorage', async () => {
    const { page } = browser;
    const found = await page.evaluate(async () => {
      const values: { where: string; text: string }[] = [];
      for (let i = 0; i < localStorage.length; i++)
        values.push({ where: `localStorage ${localStorage.key(i)}`, text: localStorage.getItem(localStorage.key(i)!) ?? '' });
      for (let i = 0; i < sessionStorage.length; i++)
        values.push({ where: `sessionStorage ${sessionStorage.key(i)}`, text: sessionStorage.getItem(sessionStorage.key(i)!) ?? '' });
      const stores: string[] = [];
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(info.name!);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const store of Array.from(db.objectStoreNames)) {
          stores.push(`${info.name}/${store}`);
          const rows = await new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          rows.forEach((row, n) => values.push({ where: `${info.name}/${store}#${n}`, text: JSON.stringify(row ?? null) }));
        }
        db.close();
      }
      return { values, stores };
    });
    // The mirror and its outbox were searched, not an empty browser.
    expect(found.stores.some((s) => /outbox/i.test(s))).toBe(true);
    expect(found.stores.some((s) => /deposit/i.test(s))).toBe(true);
    expect(found.values.flatMap((v) => secretsIn(v.text).map((secret) => `${v.where}: ${secret}`))).toEqual([]);
    expect(await leaks()).toEqual([]);
  });
});
