import { createReadStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { uploadContents } from '../db/schema.ts';

/** Which upload: its id (the database's key) and its name (the disk's file name). */
export type UploadRef = { id: string; name: string };

/**
 * Where the bytes of uploads live (docs/decisions/several-nodes.md): the local disk for one node, the
 * database when several nodes must each serve what another received. The `uploads` row (name, type,
 * owner, privacy) is the same for both.
 */
export type FileStore = {
  readonly kind: 'disk' | 'database';
  /** Keeps the bytes; `tx` is the transaction that records the upload, so a failure keeps neither. */
  save(tx: Executor, upload: UploadRef, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when this store has none for it. */
  read(db: Executor, upload: UploadRef): Promise<Buffer | Readable | undefined>;
};

export const uploadDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** DATA_DIR/uploads on this node's disk. */
export function diskStore(dataDir: string): FileStore {
  const fileOf = (upload: UploadRef) => path.join(uploadDir(dataDir), upload.name);
  return {
    kind: 'disk',
    async save(_tx, upload, bytes) {
      await mkdir(uploadDir(dataDir), { recursive: true });
      await writeFile(fileOf(upload), bytes, { mode: 0o600 });
    },
    async read(_db, upload) {
      return existsSync(fileOf(upload)) ? createReadStream(fileOf(upload)) : undefined;
    },
  };
}

/**
 * `upload_contents`, one bytea row per upload (at most 5 MB each). Files this node kept on its disk
 * before it joined a cluster are still read from there.
 */
export function databaseStore(dataDir: string): FileStore {
  const before = diskStore(dataDir);
  return {
    kind: 'database',
    async save(tx, upload, bytes) {
      await tx.insert(uploadContents).values({ uploadId: upload.id, bytes });
    },
    async read(db, upload) {
      const [row] = await db.select({ bytes: uploadContents.bytes }).from(uploadContents).where(eq(uploadContents.uploadId, upload.id));
      return row?.bytes ?? before.read(db, upload);
    },
  };
}
