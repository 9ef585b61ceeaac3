import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { changeLog, users } from './db/schema.ts';
import { generatePassword, hashPassword } from './sessions/passwords.ts';
import { ensureSettings } from './settings/settings.ts';

/**
 * First start of an empty database: the settings record and the root account (ROOT_EMAIL /
 * ROOT_PASSWORD, or a generated password printed once).
 */
export async function bootstrap(db: Db, config: Config, log: (message: string) => void) {
  const password = config.rootPassword ?? generatePassword(16);
  // Nodes starting together on an empty database take turns: one settings record, one root account.
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('brokerdesk:bootstrap'))`);
    await ensureSettings(tx, uuidv7());
    const [root] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`'root' = any(${users.roles})`)
      .limit(1);
    if (root) return false;
    const id = uuidv7();
    const made = await tx
      .insert(users)
      .values({
        id,
        email: config.rootEmail,
        passwordHash: await hashPassword(password),
        firstName: 'Root',
        lastName: 'Admin',
        roles: ['root'],
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Like every write, a change-log row: otherwise no client's mirror ever receives the root account.
    if (made.length) await tx.insert(changeLog).values({ entity: 'user', recordId: id, op: 'upsert', audience: [id] });
    return made.length > 0;
  });
  if (created && !config.rootPassword)
    log(`Root account created: ${config.rootEmail} / ${password} (shown once; change it after signing in)`);
}

/**
 * A person is staff or a lead, never both (DESIGN.md §6). Rows made before that rule are reported at
 * every start, never changed here: which role a person keeps is for an admin to decide.
 */
export async function reportStaffLeads(db: Db, warn: (ids: string[]) => void) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'lead' = any(${users.roles}) and ${users.roles} && array['root', 'admin', 'regular']::text[]`);
  if (rows.length) warn(rows.map((row) => row.id));
}
