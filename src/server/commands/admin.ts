import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseFile } from '../config';
import { DomainError } from '../domain/errors';
import { createUser } from '../services/users';
import { Database } from '../store/database';
import { migrate } from '../store/migrations';
import { CliError, type CliCommand } from './cliCommand';

const createUserUsage = `Usage: teahouse admin create-user --data DIR --username U --password P --email E [--admin] [--must-change-password]`;
const adminUsage = `Usage: teahouse admin <subcommand>

Subcommands:
  create-user   create a user in a data folder (works while a server runs on it)
${createUserUsage}`;

function createUserCommand(args: readonly string[]): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      options: {
        data: { type: 'string', default: '.teahouse' },
        username: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
        admin: { type: 'boolean', default: false },
        'must-change-password': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${createUserUsage}`, 2);
  }
  const { username, password, email } = values;
  if (!username || !password || !email) {
    throw new CliError(`--username, --password and --email are required\n${createUserUsage}`, 2);
  }
  const dataDir = path.resolve(values.data);
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(databaseFile(dataDir));
  try {
    migrate(db);
    const user = createUser(db, {
      username,
      password,
      email,
      isAdmin: values.admin,
      mustChangePassword: values['must-change-password'],
    });
    process.stdout.write(
      `Created ${user.is_admin ? 'administrator' : 'user'} "${user.name}" (id ${user.id})\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainError)
      throw new CliError(`cannot create user "${username}": ${error.message}`);
    throw error;
  } finally {
    db.close();
  }
}

export const runAdminCommand: CliCommand = (args) => {
  const [sub, ...rest] = args;
  if (sub === 'create-user') return createUserCommand(rest);
  if (sub === undefined || sub === '--help' || sub === '-h') {
    process.stdout.write(`${adminUsage}\n`);
    return sub === undefined ? 2 : 0;
  }
  throw new CliError(`unknown admin subcommand "${sub}"\n${adminUsage}`, 2);
};
