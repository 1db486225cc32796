import path from 'node:path';

/**
 * The data folder when DATA_DIR is unset: `data` at the repository's root, whichever folder npm runs a
 * script from (the root for `npm start`, apps/server for the workspace's own scripts). This file and the
 * server bundle (apps/server/dist/bundle) both sit two folders below apps/server.
 */
export const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '../../../../data');

/**
 * Where the store keeps its data: DATA_DIR when set, a relative one read from the folder the command was
 * typed in (npm's INIT_CWD, as npm runs workspace scripts in the workspace's folder); else the default.
 */
export function resolveDataDir(env: NodeJS.ProcessEnv, dataDir: string | undefined): string {
  if (!dataDir) return DEFAULT_DATA_DIR;
  return path.resolve(env.INIT_CWD || process.cwd(), dataDir);
}
