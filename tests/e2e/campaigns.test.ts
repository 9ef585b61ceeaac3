import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  api,
  apiToken,
  chooseLanguage,
  gone,
  launchBrowser,
  ROOT,
  screenshot,
  signIn,
  startServer,
  textOf,
  visible,
  type Browser,
  type Server,
  signedInSession,
} from './harness.ts';

/** The list and form kits, proven on campaigns against the real API. */
describe('campaigns: list, add, add many, edit, search, delete', () => {
  const session = signedInSession();

  test('adds one with a form driven by the shared schema (required name is translated)', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    await visible(page.getByText('Nothing here yet.'));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('This field is required'));
    await dialog.getByLabel('Name').fill('Spring leads');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await gone(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: 'Spring leads' }));
    await expect.poll(() => textOf(page.getByRole('toolbar'))).toContain('1 record');
  });

  test('adds many from a JSON array, refusing what is not one', async () => {
    const { page } = session.browser;
    await page.getByRole('button', { name: 'Add many (JSON)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('JSON array').fill('{not json');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Invalid JSON format'));
    await dialog.getByLabel('JSON array').fill('{"name": "x"}');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Input must be a JSON array'));
    await dialog.getByLabel('JSON array').fill(JSON.stringify(['Autumn', 'Winter', 'Summer'].map((name) => ({ name }))));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await gone(page.getByRole('dialog'));
    await expect.poll(() => textOf(page.getByRole('toolbar'))).toContain('4 records');
  });

  test('edits one', async () => {
    const { page } = session.browser;
    const row = page.getByRole('row').filter({ hasText: 'Winter' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Winter sale');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await gone(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: 'Winter sale' }));
  });

  test("the server's field errors land on the form's fields (a taken email, in French)", async () => {
    const { page } = session.browser;
    const token = await apiToken(session.server.url);
    await api(session.server.url, token, 'POST', '/user', {
      firstName: 'Taken',
      lastName: 'Email',
      email: 'taken@brokerdesk.test',
      password: 'Taken1234',
      roles: ['lead'],
    });
    await page.goto(`${session.server.url}/profile`);
    await chooseLanguage(page, 'fr');
    const form = page.getByRole('form', { name: 'Informations personnelles' });
    await form.getByLabel('E-mail').fill('taken@brokerdesk.test');
    // Issue 15: a user changing its own email confirms it with its current password.
    await form.getByLabel('Mot de passe actuel').fill(ROOT.password);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    // The client cannot know the email is taken: the session.server says so, in French (x-lang), on the field.
    await visible(form.getByText('Cet e-mail est déjà utilisé'));
    expect(await form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Prénom').getAttribute('aria-invalid')).not.toBe('true');
    await chooseLanguage(page, 'en');
    await page.goto(`${session.server.url}/campaigns`);
  });

  test('search, sort and columns live in the URL and survive a reload', async () => {
    const { page } = session.browser;
    await page.getByRole('searchbox', { name: 'Search' }).fill('sale');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('sale');
    await expect.poll(() => textOf(page.getByRole('toolbar'))).toContain('1 record');
    await page.reload();
    await visible(page.getByRole('cell', { name: 'Winter sale' }));
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('sale');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => textOf(page.getByRole('toolbar'))).toContain('4 records');
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sorts') ?? '').toContain('"asc"');
    await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '').toContain('Autumn');
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '').toContain('Winter sale');
    await screenshot(page, 'campaigns-list');
  });

  test('a saved view persists across reloads', async () => {
    const { page } = session.browser;
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save this view…' }).click();
    await page.getByRole('dialog').getByLabel('Name of the view').fill('Newest names');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.goto(`${session.server.url}/campaigns`);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Newest names' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('Newest names');
    await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '').toContain('Winter sale');
  });

  test('multi-select and bulk delete, after confirmation', async () => {
    const { page } = session.browser;
    await page.getByRole('row').filter({ hasText: 'Autumn' }).getByRole('checkbox').check();
    await page.getByRole('row').filter({ hasText: 'Summer' }).getByRole('checkbox').check();
    await visible(page.getByText('2 selected'));
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => textOf(page.getByRole('toolbar'))).toContain('2 records');
    const token = await apiToken(session.server.url);
    const { campaigns } = await api<{ campaigns: { name: string }[] }>(session.server.url, token, 'GET', '/campaign?limit=100');
    expect(campaigns.map((c) => c.name).sort()).toEqual(['Spring leads', 'Winter sale']);
  });
});

describe('the virtualised list with 100,000 rows', () => {
  let server: Server;
  let browser: Browser;
  const TOTAL = 100_000;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ serviceWorkers: 'block' });
    // Lists read the offline mirror: the sync feed brings 100,000 campaigns into the browser's
    // IndexedDB at sign-in (in pages, as the real /sync does), and the list pages through them locally.
    await browser.page.route(/\/api\/v1\/sync(\?|$)/, async (route) => {
      const url = new URL(route.request().url());
      const since = Number(url.searchParams.get('since') ?? 0);
      const end = Math.min(TOTAL, since + Number(url.searchParams.get('limit') ?? 1000));
      const changes = Array.from({ length: Math.max(0, end - since) }, (_, i) => {
        const n = since + i;
        const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
        return {
          entity: 'campaign',
          op: 'upsert',
          id,
          record: {
            id,
            name: `Campaign ${n}`,
            version: 1,
            dateCreation: '2025-01-01T00:00:00.000Z',
            dateLastUpdate: '2025-01-01T00:00:00.000Z',
          },
        };
      });
      await route.fulfill({ json: { changes, cursor: Math.max(since, end), hasMore: end < TOTAL } });
    });
    await signIn(browser.page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('keeps the DOM small, reaches the last row, and scrolls without long frames', { timeout: 240_000 }, async () => {
    const { page } = browser;
    await page.goto(`${server.url}/campaigns`);
    // The list follows the mirror while the initial sync writes it, up to the whole 100,000
    // (newest first: the same creation date, then the id, descending).
    await expect.poll(() => textOf(page.getByRole('toolbar')), { timeout: 120_000 }).toContain('100,000 records');
    await visible(page.getByRole('cell', { name: 'Campaign 99999', exact: true }));
    expect(await page.locator('tbody tr').count()).toBeLessThan(80);
    // A fast reading scroll (5 rows a frame, 600 rows in 2 s) while counting frames; pages load on the way.
    const frames = await page.evaluate(async () => {
      const scroller = document.querySelector('[role=region] table')?.parentElement as HTMLElement;
      const gaps: number[] = [];
      let last = performance.now();
      let running = true;
      const tick = (now: number) => {
        gaps.push(now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const row = (scroller.querySelector('tbody tr') as HTMLElement).offsetHeight;
      for (let i = 1; i <= 120; i++) {
        scroller.scrollTop += row * 5;
        await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      }
      running = false;
      gaps.sort((a, b) => a - b);
      return { median: gaps[Math.floor(gaps.length / 2)] ?? 0, p95: gaps[Math.floor(gaps.length * 0.95)] ?? 0 };
    });
    // Headless, software-rendered Chromium on a shared 2-core box: 60 fps when idle (median 16.7 ms),
    // 30 fps under load. The bounds catch what matters: a list whose cost grows with its length
    // (before the windowed model, frames took a full second here).
    expect(frames.median).toBeLessThan(50);
    expect(frames.p95).toBeLessThan(200);
    await page.evaluate(() => {
      const scroller = document.querySelector('[role=region] table')?.parentElement as HTMLElement;
      scroller.scrollTop = scroller.scrollHeight;
    });
    await visible(page.getByRole('cell', { name: 'Campaign 0', exact: true }));
    expect(await page.locator('tbody tr').count()).toBeLessThan(80);
    await screenshot(page, 'campaigns-100k-end');
  });
});
