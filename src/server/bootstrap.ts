import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { changeLog, users } from './db/schema.ts';
import { generatePassword, hashPassword } from './features/auth/passwords.ts';
import { ensureSettings } from './features/settings/routes.ts';

/**
 * First start of an empty database: the settings record and the root account (ROOT_EMAIL /
 * ROOT_PASSWORD, or a generated password printed once).
 */
export async function bootstrap(db: Db, config: Config, log: (message: string) => void) {
  await ensureSettings(db, uuidv7());
  const [root] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'root' = any(${users.roles})`)
    .limit(1);
  if (root) return;
  const password = config.rootPassword ?? generatePassword(16);
  const id = uuidv7();
  await db.transaction(async (tx) => {
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
  });
  if (!config.rootPassword) log(`Root account created: ${config.rootEmail} / ${password} (shown once; change it after signing in)`);
}
