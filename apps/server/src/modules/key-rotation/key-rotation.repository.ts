import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * A table holding values encrypted with the key vault. Every feature that stores such a value adds its
 * table here, so that `npm run keys:rotate` re-encrypts it too.
 */
export interface EncryptedTable {
  table: string;
  id: string;
  /** Columns holding key-vault values (nullable columns are allowed). */
  columns: string[];
  /** A fingerprint column recomputed from the clear text of `of` with the new key. */
  fingerprint?: { column: string; of: string };
}

export const ENCRYPTED_TABLES: readonly EncryptedTable[] = [
  {
    table: 'game_keys',
    id: 'id',
    columns: ['code_ciphertext'],
    fingerprint: { column: 'code_fingerprint', of: 'code_ciphertext' },
  },
  { table: 'mail_outbox', id: 'id', columns: ['html', 'text'] },
  { table: 'admin_totp', id: 'customer_id', columns: ['secret_ciphertext'] },
];

export type EncryptedRow = { id: number } & Record<string, string | null>;

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Values written with key `keyId` start with this prefix (see lib/key-vault.ts). */
const prefixOf = (keyId: string) => `v2:${keyId}:%`;

function notCurrent(target: EncryptedTable, keyId: string): SQL {
  return sql.join(
    target.columns.map(
      (column) =>
        sql`(${sql.identifier(column)} is not null and ${sql.identifier(column)} not like ${prefixOf(keyId)})`,
    ),
    sql` or `,
  );
}

export function createKeyRotationRepository(executor: Executor) {
  return {
    /** The next rows with a value not written with `keyId`, locked (others skip them). */
    async staleBatch(target: EncryptedTable, keyId: string, limit: number): Promise<EncryptedRow[]> {
      const columns = sql.join(
        [sql`${sql.identifier(target.id)} as id`, ...target.columns.map((c) => sql.identifier(c))],
        sql`, `,
      );
      return rows<EncryptedRow>(
        executor,
        sql`select ${columns} from ${sql.identifier(target.table)} where ${notCurrent(target, keyId)}
            order by ${sql.identifier(target.id)} limit ${limit} for update skip locked`,
      );
    },

    async countStale(target: EncryptedTable, keyId: string): Promise<number> {
      const [row] = await rows<{ n: number | string }>(
        executor,
        sql`select count(*) as n from ${sql.identifier(target.table)} where ${notCurrent(target, keyId)}`,
      );
      return Number(row?.n ?? 0);
    },

    async update(target: EncryptedTable, id: number, values: Record<string, string>): Promise<void> {
      const assignments = sql.join(
        Object.entries(values).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
        sql`, `,
      );
      await executor.execute(
        sql`update ${sql.identifier(target.table)} set ${assignments} where ${sql.identifier(target.id)} = ${id}`,
      );
    },
  };
}
