import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../fixtures/sample-files.ts';
import { startServer, type TestServer } from './harness.ts';
import { adjust, type Person } from './money-fixtures.ts';
import { multipart } from './multipart.ts';
import { MATRIX_ROLES, PROJECT_ROUTES, type MatrixRole, type Ownership } from './role-expectations.ts';

/** The role matrix of the project routes (tests/api/role-expectations.ts PROJECT_ROUTES, literal). */
let server: TestServer;
const people = {} as Record<MatrixRole, Person>;
let assignedLead: Person;
let otherLead: Person;
let projectId: string;
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;

beforeAll(async () => {
  server = await startServer();
  const root = await server.rootToken();
  people.root = { id: '', token: root, email: '', record: {} } as Person;
  people.admin = await server.user(root, { roles: ['admin'] });
  people.regular = await server.user(root, { roles: ['regular'] });
  assignedLead = await server.user(root, { roles: ['lead'], assignedTo: people.regular.id });
  people.lead = assignedLead;
  otherLead = await server.user(root, { roles: ['lead'] });
  for (const lead of [assignedLead, otherLead]) expect((await adjust(server, people.admin.token, lead.id, 100_000)).status).toBe(201);
  const image = await server.call({
    method: 'POST',
    url: '/api/v1/uploads/upload?purpose=projectImage',
    token: root,
    ...multipart({ content: PNG, filename: 'p.png' }),
  });
  const created = await server.call({
    method: 'POST',
    url: '/api/v1/project',
    token: root,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      name: 'Matrix',
      description: { en: 'a', fr: 'b', de: 'c' },
      rentability: 5,
      duration: 12,
      coefficient: 2,
      minimumAmount: 1000,
      dividendFrequency: 'yearly',
      image: image.body.url,
    },
  });
  expect(created.status).toBe(201);
  projectId = created.body.id;
});
afterAll(() => server?.close());

const leadOf = (ownership: Ownership) => (ownership === 'other' ? otherLead : assignedLead);

const subscribe = (role: MatrixRole, ownership: Ownership) =>
  server.call({
    method: 'POST',
    url: `/api/v1/project/${projectId}/subscribe`,
    token: people[role].token,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      ...(role === 'lead' && ownership === 'own' ? {} : { userId: leadOf(ownership).id }),
      adjust: 'amount',
      amount: 1000,
      duration: 12,
      signature: SIGNATURE,
    },
  });

describe('project routes by role', () => {
  it.each(MATRIX_ROLES)('%s sets a project image as the matrix says', async (role) => {
    const answer = await server.call({
      method: 'POST',
      url: `/api/v1/project/${projectId}/image`,
      token: people[role].token,
      ...multipart({ content: PNG, filename: 'p.png' }),
    });
    expect(answer.status).toBe(PROJECT_ROUTES.image[role]);
  });

  it.each(MATRIX_ROLES)('%s subscribes and reads the PDF as the matrix says', async (role) => {
    for (const [ownership, status] of Object.entries(PROJECT_ROUTES.subscribe[role]) as [Ownership, number][]) {
      const answer = await subscribe(role, ownership);
      expect(answer.status, `${role} subscribe ${ownership}`).toBe(status);
    }
    // The PDF of a subscription made by root for each lead.
    for (const [ownership, status] of Object.entries(PROJECT_ROUTES.pdf[role]) as [Ownership, number][]) {
      const made = await subscribe('root', ownership === 'own' ? 'assigned' : ownership);
      expect(made.status).toBe(201);
      const pdf = await server.app.inject({
        method: 'GET',
        url: `/api/v1/investment/${made.body.id}/subscription.pdf`,
        headers: { authorization: `Bearer ${people[role].token}` },
      });
      expect(pdf.statusCode, `${role} pdf ${ownership}`).toBe(status);
    }
  });
});
