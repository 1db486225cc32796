import { createInterface, emitKeypressEvents } from 'node:readline';
import { parseArgs } from 'node:util';
import { HOME_COUNTRY_ID } from '@keyland/core/countries';
import {
  emailSchema,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@keyland/core/schemas/accounts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { openRuntime } from '../../runtime.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { passwordProblem } from './password-policy.ts';

const DEFAULT_NAME = 'Administrator';

const USAGE = `Usage: npm run admin:create -- --email <e-mail> [--password <password>] [--name <full name>]

Creates an administrator, or promotes the existing account with that e-mail and sets its password.
Without --password the password is asked for on the terminal (or read as one line from standard input).
`;

export class AdminInputError extends Error {}

export interface AdminInput {
  email: string;
  password: string;
  name?: string | undefined;
}

export interface AdminResult {
  action: 'created' | 'promoted';
  id: number;
  email: string;
}

export function validateEmail(email: string): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new AdminInputError(`Not a valid e-mail address: ${email.trim()}`);
  return parsed.data;
}

/** The registration password policy: 12 to 128 characters and not a common password. */
export function validatePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem?.code === 'PASSWORD_TOO_SHORT') {
    throw new AdminInputError(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (problem?.code === 'PASSWORD_TOO_LONG') {
    throw new AdminInputError(`The password must have at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (problem) throw new AdminInputError('The password is too common; choose another one.');
}

/** Creates an admin account, or gives an existing account the admin role and the new password. */
export async function createAdmin(deps: { db: Executor }, input: AdminInput): Promise<AdminResult> {
  const email = validateEmail(input.email);
  validatePassword(input.password);
  const fullName = input.name?.trim() || DEFAULT_NAME;
  if (fullName.length > FULL_NAME_MAX_LENGTH) {
    throw new AdminInputError(`The name must have at most ${FULL_NAME_MAX_LENGTH} characters.`);
  }

  const passwordHash = await hashPassword(input.password);
  const accounts = createAccountsRepository(deps.db);
  const existing = await accounts.findByEmail(email);
  if (existing) {
    await accounts.setRoleAndPassword(existing.id, 'admin', passwordHash);
    return { action: 'promoted', id: existing.id, email };
  }
  const created = await accounts.insertCustomer({
    email,
    fullName,
    countryId: HOME_COUNTRY_ID,
    role: 'admin',
    emailVerified: true,
    passwordHash,
  });
  return { action: 'created', id: created.id, email };
}

/** Reads one line without echo on a terminal; from a pipe, reads the first line of standard input. */
async function readSecret(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin, terminal: false });
    for await (const line of lines) return line;
    return '';
  }
  stderr.write(prompt);
  emitKeypressEvents(stdin);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('keypress', onKey);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onKey = (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined) => {
      if (key?.ctrl && (key.name === 'c' || key.name === 'd')) finish(new AdminInputError('Cancelled.'));
      else if (key?.name === 'return' || key?.name === 'enter') finish();
      else if (key?.name === 'backspace') value = value.slice(0, -1);
      else if (text && !key?.ctrl && text >= ' ') value += text;
    };
    stdin.on('keypress', onKey);
  });
}

async function askPassword(): Promise<string> {
  const password = await readSecret('Password: ');
  if (!process.stdin.isTTY) return password;
  validatePassword(password);
  if ((await readSecret('Repeat password: ')) !== password)
    throw new AdminInputError('The passwords do not match.');
  return password;
}

async function main(): Promise<void> {
  let values: { email?: string; password?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new AdminInputError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!values.email) throw new AdminInputError(`--email is required.\n\n${USAGE}`);
  validateEmail(values.email);
  const password = values.password ?? (await askPassword());
  validatePassword(password);

  const runtime = await openRuntime(loadConfig());
  try {
    const result = await createAdmin(
      { db: runtime.dbHandle.db },
      { email: values.email, password, name: values.name },
    );
    process.stdout.write(
      result.action === 'created'
        ? `Created the admin account ${result.email} (id ${result.id}).\n`
        : `Gave the existing account ${result.email} (id ${result.id}) the admin role and the new password.\n`,
    );
  } finally {
    await runtime.dbHandle.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const known = error instanceof AdminInputError || error instanceof ConfigError;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(known ? `${message}\n` : `Could not create the admin: ${message}\n`);
    process.exit(1);
  });
}
