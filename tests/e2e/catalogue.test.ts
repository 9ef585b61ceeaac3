import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PDF, PNG } from '../fixtures/sample-files.ts';
import {
  api,
  apiToken,
  axe,
  chooseLanguage,
  gone,
  launchBrowser,
  screenshot,
  sidewaysScroll,
  signIn,
  startServer,
  textOf,
  visible,
  type Browser,
  type Server,
} from './harness.ts';

/**
 * The catalogue (issue 27, DESIGN.md §12–13): an admin builds a category with a select field in three
 * languages and renames a field (its products' values untouched); creates a product with an image and
 * a file; filters products on the dynamic value; phone and desktop, light and dark, axe clean.
 */
const ADMIN = { email: 'ada@catalogue.test', password: 'Ada12345' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let server: Server;
let browser: Browser;
let root: string;
let categoryId: string;

type Category = {
  id: string;
  version: number;
  fields: {
    key: string;
    type: string;
    required?: boolean;
    labels: Record<string, string>;
    options?: { key: string; labels: Record<string, string> }[];
  }[];
};

const named = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** Picks `option` in the select labelled `label` within `scope` (the page, or a dialog's part). */
async function choose(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

beforeAll(async () => {
  server = await startServer();
  root = await apiToken(server.url);
  await api(server.url, root, 'POST', '/user', { ...ADMIN, firstName: 'Ada', lastName: 'Admin', roles: ['admin'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('catalogue', () => {
  test('an admin builds a category with a select field in three languages', async () => {
    const { page } = browser;
    await page.setViewportSize(DESKTOP);
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/product-categories`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    await named(page, 'name').fill('Diamond');
    await page.getByTestId('add-field').click();
    await named(page, 'fields.0.labels.en').fill('Colour');
    await named(page, 'fields.0.labels.fr').fill('Couleur');
    await named(page, 'fields.0.labels.de').fill('Farbe');
    expect(await named(page, 'fields.0.key').inputValue()).toBe('colour');
    await page.getByTestId('field-0').getByText('Required').click();
    for (const [index, [en, fr, de]] of [
      ['Very white', 'Très blanc', 'Sehr weiß'],
      ['White', 'Blanc', 'Weiß'],
    ].entries()) {
      await page.getByTestId('add-option-0').click();
      await named(page, `fields.0.options.${index}.labels.en`).fill(en);
      await named(page, `fields.0.options.${index}.labels.fr`).fill(fr);
      await named(page, `fields.0.options.${index}.labels.de`).fill(de);
    }
    expect(await named(page, 'fields.0.options.0.key').inputValue()).toBe('very_white');
    await page.getByTestId('add-field').click();
    await named(page, 'fields.1.labels.en').fill('Carat');
    await named(page, 'fields.1.labels.fr').fill('Carats');
    await named(page, 'fields.1.labels.de').fill('Karat');
    await choose(page, page.getByTestId('field-1'), 'Type', 'Number');
    await screenshot(page, 'catalogue-category-editor-desktop-light');
    expect(await axe(page)).toEqual([]);
    await page.getByTestId('save-category').click();
    await gone(dialog);
    const { productCategories } = await api<{ productCategories: Category[] }>(server.url, root, 'GET', '/product-category');
    const category = productCategories.find((c) => c.fields.length === 2)!;
    categoryId = category.id;
    expect(category.fields).toEqual([
      {
        key: 'colour',
        type: 'string',
        required: true,
        labels: { en: 'Colour', fr: 'Couleur', de: 'Farbe' },
        position: 0,
        options: [
          { key: 'very_white', labels: { en: 'Very white', fr: 'Très blanc', de: 'Sehr weiß' } },
          { key: 'white', labels: { en: 'White', fr: 'Blanc', de: 'Weiß' } },
        ],
      },
      { key: 'carat', type: 'number', required: false, labels: { en: 'Carat', fr: 'Carats', de: 'Karat' }, position: 1 },
    ]);
    await visible(page.getByText('Colour, Carat'));
    await screenshot(page, 'catalogue-categories-desktop-light');
  });

  test('renaming a field changes its labels and leaves every value as it was', async () => {
    const { page } = browser;
    const product = await api<{ id: string; version: number }>(server.url, root, 'POST', '/product', {
      categoryId,
      price: 500,
      description: 'Old stone',
      values: { colour: 'white', carat: 1.2 },
    });
    await page.goto(`${server.url}/product-categories`);
    await page.getByRole('row').filter({ hasText: 'Colour, Carat' }).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await visible(page.getByRole('dialog'));
    await named(page, 'fields.0.labels.en').fill('Color');
    expect(await named(page, 'fields.0.key').inputValue()).toBe('colour');
    await page.getByTestId('save-category').click();
    await gone(page.getByRole('dialog'));
    await visible(page.getByText('Color, Carat'));
    const after = await api<{ values: unknown; version: number }>(server.url, root, 'GET', `/product/${product.id}`);
    expect(after).toMatchObject({ values: { colour: 'white', carat: 1.2 }, version: product.version });
  });

  test('an admin creates a product with an image and a file, then filters on the colour', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/products`);
    await page.getByTestId('new-product').click();
    await choose(page, page.getByRole('dialog'), /Category/, 'Diamond');
    // The category's own schema: the required select is named in the reader's language.
    await named(page, 'price').fill('1234.50');
    await page.locator('textarea[name="description"]').fill('Round brilliant');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Color is required'));
    await choose(page, page.getByRole('dialog'), /Color/, 'Very white');
    await named(page, 'values.carat').fill('1,5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const productId = page.url().split('/').pop()!;
    await visible(page.getByTestId('product-title'));
    expect(await textOf(page.getByTestId('product-page-price'))).toBe('€1,234.50');
    const inputs = page.locator('input[type=file]');
    await inputs.nth(0).setInputFiles({ name: 'stone.png', mimeType: 'image/png', buffer: PNG });
    await visible(page.getByTestId('product-image'));
    await inputs.nth(1).setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await visible(page.getByTestId('product-file'));
    const saved = await api<{ image: string; file: string; values: unknown; price: number }>(
      server.url,
      root,
      'GET',
      `/product/${productId}`,
    );
    expect(saved).toMatchObject({ price: 1234.5, values: { colour: 'very_white', carat: 1.5 } });
    expect(saved.image).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(saved.file).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.pdf$/);
    expect(await textOf(page.locator('[data-value="colour"]'))).toBe('Very white');
    await screenshot(page, 'catalogue-product-page-desktop-light');
    expect(await axe(page)).toEqual([]);

    await page.goto(`${server.url}/products`);
    await visible(page.getByTestId('product-card'));
    expect(await page.getByTestId('product-card').count()).toBe(2);
    await choose(page, page.getByTestId('product-filters'), 'Category', 'Diamond');
    await choose(page, page.getByTestId('product-filters'), 'Color', 'Very white');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 1);
    expect(await textOf(page.getByTestId('product-card'))).toContain('Round brilliant');
    await screenshot(page, 'catalogue-products-desktop-light');
    expect(await axe(page)).toEqual([]);
    // The same filters as the list kit's list: the row names the category and reads the values in words.
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Round brilliant' });
    await visible(row);
    expect(await textOf(row)).toContain('Diamond');
    expect(await textOf(row)).toContain('Very white');
    expect(await page.getByRole('row').filter({ hasText: 'Old stone' }).count()).toBe(0);
    await screenshot(page, 'catalogue-products-list-desktop-light');
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cards', exact: true }).click();

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 1);
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'catalogue-products-phone-light');
    await page.goto(`${server.url}/products/${productId}`);
    await visible(page.getByTestId('product-image'));
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'catalogue-product-page-phone-light');
    await page.goto(`${server.url}/product-categories`);
    await visible(page.getByText('Color, Carat'));
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'catalogue-categories-phone-light');
  });

  test('an admin adds a market: the three fields required, then its icon uploaded', async () => {
    const { page } = browser;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/product-markets`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByText('This field is required').count()).toBe(3);
    await named(page, 'name').fill('Diamonds');
    await page.locator('textarea[name="description"]').fill('Certified stones in a Swiss vault');
    await named(page, 'iconUrl').fill('http://icons.example/diamond.png');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Enter an address starting with https:// or a file uploaded here'));
    await dialog.locator('input[type=file]').setInputFiles({ name: 'diamond.png', mimeType: 'image/png', buffer: PNG });
    await visible(page.getByTestId('market-icon-preview'));
    await screenshot(page, 'catalogue-market-form-desktop-light');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await gone(dialog);
    const { productMarkets } = await api<{ productMarkets: { name: string; iconUrl: string }[] }>(
      server.url,
      root,
      'GET',
      '/product-market',
    );
    expect(productMarkets).toEqual([
      expect.objectContaining({ name: 'Diamonds', iconUrl: expect.stringMatching(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/) }),
    ]);
    await page.setViewportSize(PHONE);
    await visible(page.getByText('Certified stones in a Swiss vault'));
    expect(await sidewaysScroll(page)).toBe('');
    await screenshot(page, 'catalogue-markets-phone-light');
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });

  test('French and dark on a phone', async () => {
    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      const { page } = dark;
      await signIn(page, server.url, ADMIN.email, ADMIN.password);
      await chooseLanguage(page, 'fr');
      await page.getByTestId('toggle-dark').click();
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mode') === 'dark');
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}/products`);
      await visible(page.getByTestId('product-card'));
      await screenshot(page, 'catalogue-products-phone-dark-fr');
      await page.getByTestId('product-card').first().getByRole('link').click();
      await visible(page.getByTestId('product-title'));
      await screenshot(page, 'catalogue-product-page-phone-dark-fr');
      expect(await axe(page)).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});
