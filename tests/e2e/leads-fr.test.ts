import { beforeAll, describe, expect, test } from 'vitest';
import { workbook } from '../fixtures/spreadsheets.ts';
import { api, apiToken, chooseLanguage, gone, screenshot, textOf, visible, type Browser, signedInSession } from './harness.ts';

const count = (page: Browser['page']) => textOf(page.getByRole('toolbar', { name: 'Outils de la liste' }));

/** The same screens in French: staff, leads, a lead's comments, campaigns, import and the dashboard. */
describe('leads and staff in French', () => {
  let leadId: string;

  const session = signedInSession({
    seed: async (server) => {
      const token = await apiToken(server.url);
      const hiver = (await api<{ id: string }>(server.url, token, 'POST', '/campaign', { name: 'Hiver' })).id;
      leadId = (
        await api<{ id: string }>(server.url, token, 'POST', '/user', {
          firstName: 'Léa',
          lastName: 'Martin',
          email: 'lea@prospects.test',
          roles: ['lead'],
          campaignId: hiver,
        })
      ).id;
      await api(server.url, token, 'POST', '/user', {
        firstName: 'Hugo',
        lastName: 'Bernard',
        email: 'hugo@prospects.test',
        roles: ['lead'],
      });
    },
  });
  beforeAll(async () => {
    await chooseLanguage(session.browser.page, 'fr');
  });

  test('staff: a role is required; lock and reset password', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/users`);
    await visible(page.getByRole('heading', { name: 'Utilisateurs' }));
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await visible(dialog.getByText('Veuillez choisir un rôle'));
    await expect.poll(() => dialog.getByText('Ce champ est obligatoire').count()).toBeGreaterThanOrEqual(2);
    await dialog.getByLabel('Prénom').fill('Sophie');
    await dialog.getByLabel(/^Nom/).fill('Durand');
    await dialog.getByLabel('E-mail').fill('sophie@brokerdesk.test');
    await dialog.getByLabel('Mot de passe').fill('Sophie123');
    await dialog.getByRole('combobox', { name: 'Rôles' }).click();
    await page.getByRole('option', { name: 'Standard' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await gone(page.getByRole('dialog'));
    const row = page.getByRole('row').filter({ hasText: 'sophie@brokerdesk.test' });
    await visible(row.getByText('Standard'));
    await row.getByRole('button', { name: 'Actions de la ligne' }).click();
    await page.getByRole('menuitem', { name: 'Verrouiller' }).click();
    await visible(row.getByText('Verrouillé'));
    await row.getByRole('button', { name: 'Actions de la ligne' }).click();
    await page.getByRole('menuitem', { name: 'Réinitialiser le mot de passe' }).click();
    const reset = page.getByRole('dialog', { name: 'Nouveau mot de passe' });
    await visible(reset.getByText('Pour Sophie Durand'));
    await visible(reset.getByRole('button', { name: 'Copier' }));
    await screenshot(page, 'staff-reset-fr');
    await page.keyboard.press('Escape');
  });

  test('leads: filter, search, field errors and a JSON row error, in French', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads`);
    await expect.poll(() => count(page)).toContain('2 enregistrements');
    await page.getByRole('combobox', { name: 'Campagne' }).click();
    await page.getByRole('option', { name: 'Hiver' }).click();
    await expect.poll(() => count(page)).toContain('1 enregistrement');
    await page.getByRole('button', { name: 'Vues' }).click();
    await page.getByRole('menuitem', { name: 'Réinitialiser la liste' }).click();
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('hugo');
    await expect.poll(() => count(page)).toContain('1 enregistrement');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
    await screenshot(page, 'leads-fr');

    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un prospect' });
    await dialog.getByLabel('E-mail').fill('pas-un-email');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await visible(dialog.getByText('Veuillez saisir un e-mail valide'));
    await visible(dialog.getByText('Ce champ est obligatoire').first());
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Ajouter en masse (JSON)' }).click();
    const batch = page.getByRole('dialog');
    await batch.getByLabel('Tableau JSON').fill('pas du json');
    await batch.getByRole('button', { name: 'Créer' }).click();
    await visible(batch.getByText('Format JSON invalide'));
    await batch.getByLabel('Tableau JSON').fill(
      JSON.stringify([
        { firstName: 'Ana', lastName: 'Petit', email: 'ana@prospects.test' },
        { firstName: 'Bob', lastName: 'Roux', email: 'bob' },
      ]),
    );
    await batch.getByRole('button', { name: 'Créer' }).click();
    await visible(batch.getByText('Ligne 2, E-mail : Veuillez saisir un e-mail valide'));
    await page.keyboard.press('Escape');
  });

  test("a lead's comment, hidden, shows the placeholder in French", async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads/${leadId}`);
    const comments = page.getByRole('region', { name: 'Commentaires' });
    await comments.getByLabel('Nouveau commentaire').fill('Rappeler lundi');
    await comments.getByRole('button', { name: 'Ajouter le commentaire' }).click();
    await visible(comments.getByText('Rappeler lundi'));
    await comments.getByRole('button', { name: 'Masquer' }).click();
    await visible(comments.getByText('Ce commentaire est masqué.'));
    await screenshot(page, 'lead-page-fr');
  });

  test('campaigns: the delete guard, and the top panel, in French', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/campaigns`);
    await visible(page.getByRole('heading', { name: 'Meilleures campagnes' }));
    const row = page.getByRole('region', { name: 'Campagnes', exact: true }).getByRole('row').filter({ hasText: 'Hiver' });
    await row.getByRole('button', { name: 'Actions de la ligne' }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await visible(page.getByText('Échec de la suppression, cette campagne est liée à au moins un prospect et ne peut pas être supprimée'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler' }).click();
    await visible(row);
  });

  test('import report in French', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/leads/import`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'prospects.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook([
        ['firstName', 'lastName', 'email', 'campaignName'],
        ['Zoé', 'Blanc', 'zoe@prospects.test', 'Hiver'],
        ['Yves', 'Noir', 'yves-sans-arobase', ''],
      ]),
    });
    const summary = page.getByRole('list', { name: 'Vérification' });
    await visible(summary.getByText('1 ligne prête à importer'));
    await visible(summary.getByText('1 ligne avec des problèmes, écartée'));
    await visible(summary.getByText('0 ligne dont l’e-mail est déjà utilisé'));
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    const report = page.getByRole('region', { name: '3. Rapport' });
    await visible(report.getByText('1 prospect importé sur 2'));
    await visible(report.getByText("Certains prospects n'ont pas pu être importés"));
    await visible(report.getByText('E-mail : Veuillez saisir un e-mail valide'));
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-report-fr');
  });

  test('the dashboard chart in French', async () => {
    const { page } = session.browser;
    await page.goto(`${session.server.url}/`);
    await visible(page.getByTestId('lead-trend-chart').locator('canvas'));
    await visible(page.getByText('3 nouveaux prospects sur la période'));
    await screenshot(page, 'dashboard-fr');
    await chooseLanguage(page, 'en');
  });
});
