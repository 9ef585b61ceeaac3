import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions, type SchedulingOptions } from '../../src/server/app.ts';
import { createTestDatabase } from '../api/test-database.ts';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

export const ROOT = { email: 'root@brokerdesk.test', password: 'Root1234' };
export const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

/** `app`: for a journey that drives the scheduler by hand (its clock given to startServer). */
export type Server = { url: string; app: FastifyInstance; close: () => Promise<void> };

/**
 * The real server, in-process, on a fresh data directory, its own database of the run's PostgreSQL, and a
 * free port; `scheduling` gives it a test clock (and `scheduler: false` to run its passes by hand), and
 * `priceFeed` a feed whose prices the journey sets (tests/fixtures/scripted-feed.ts).
 */
export async function startServer(scheduling: SchedulingOptions & Pick<AppOptions, 'priceFeed'> = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-e2e-data-'));
  const database = await createTestDatabase();
  const app = await buildApp({
    dataDir,
    databaseUrl: database.url,
    rootEmail: ROOT.email,
    rootPassword: ROOT.password,
    logger: false,
    ...scheduling,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Browser = { context: BrowserContext; page: Page; close: () => Promise<void> };

/** Debian's Chromium, headless, with a throwaway profile (never a downloaded browser). */
export async function launchBrowser(
  options: { colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Browser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The login screen's script has taken over the form index.html shows prerendered (it works as a plain
 * form before: docs/decisions/login-prerender.md). A journey that means the script's behaviour (its
 * checks, the offline note, the language select) waits for this first.
 */
export const loginTakenOver = (page: Page, timeout = 15_000) =>
  page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), undefined, { timeout });

export async function signIn(page: Page, url: string, email = ROOT.email, password = ROOT.password): Promise<void> {
  await page.goto(`${url}/login`);
  await loginTakenOver(page);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /sign out|se déconnecter|abmelden/i }).click();
  await page.getByTestId('login-submit').waitFor();
}

/** A token for arranging data through the API, as the tests' own admin. */
export async function apiToken(url: string, email = ROOT.email, password = ROOT.password): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token: string };
  return body.token;
}

export async function api<T = unknown>(url: string, token: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * '' when the page does not scroll sideways; else its width and the widest elements past the edge,
 * so a failure says where to look.
 */
export async function sidewaysScroll(page: Page): Promise<string> {
  return page.evaluate(() => {
    const edge = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= edge) return '';
    const past = (el: Element) => el.getBoundingClientRect().right > edge + 1;
    // The innermost elements past the edge: the ones that push their containers out.
    const culprits = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => past(el) && ![...el.children].some(past))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} "${(el.textContent ?? '').slice(0, 30)}" (${Math.round(el.getBoundingClientRect().right)})`,
      );
    return `${scroll} px [${culprits.join('; ')}]`;
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** axe-core in the page (evaluated through the devtools protocol, so the app's CSP stays on). */
export async function axe(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async (only) => {
    const run = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run;
    return run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) });
  }, rules);
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits until the settled look of <html> is there (start-up applies it asynchronously). */
export async function htmlAttr(page: Page, name: string): Promise<string | null> {
  return page.evaluate((attr) => document.documentElement.getAttribute(attr), name);
}

/**
 * Picks a UI language in the header and waits until it is applied: its bundle loads lazily and the
 * choice is kept only then, so a navigation right after the click could lose it.
 */
export async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.getByTestId('language-select').selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language, { timeout: 10_000 });
}

/** vitest has no Playwright matchers: these wait like `toBeVisible` / `toHaveCount(0)` do. */
export const visible = (locator: Locator, timeout = 10_000) => locator.first().waitFor({ state: 'visible', timeout });
export const gone = (locator: Locator, timeout = 10_000) => locator.first().waitFor({ state: 'detached', timeout });
export const textOf = async (locator: Locator) => (await locator.first().textContent()) ?? '';

/**
 * A server and a browser signed in as root for one describe block, closed after it. Read its
 * fields inside tests and hooks: they are set when the block starts. `seed` fills the server
 * before the browser opens (so the first sync brings it); `launch` is passed to launchBrowser.
 */
/**
 * A server and a browser for one describe block, started before its tests and closed after them;
 * `seed` fills the server first, `signedIn` signs root in.
 */
export function browserSession(
  options: { seed?: (server: Server) => Promise<void>; launch?: Parameters<typeof launchBrowser>[0]; signedIn?: boolean } = {},
): { server: Server; browser: Browser } {
  const session = {} as { server: Server; browser: Browser };
  beforeAll(async () => {
    session.server = await startServer();
    await options.seed?.(session.server);
    session.browser = await launchBrowser(options.launch);
    if (options.signedIn) await signIn(session.browser.page, session.server.url);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session;
}

/** `browserSession` with root signed in. */
export const signedInSession = (options: Omit<Parameters<typeof browserSession>[0] & object, 'signedIn'> = {}) =>
  browserSession({ ...options, signedIn: true });
