import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { databaseFile } from '../config';
import { DomainError } from '../domain/errors';
import { createUser } from '../services/users';
import { Database } from '../store/database';
import { migrate } from '../store/migrations';
import { CliError, type CliCommand } from './cliCommand';
import { commandGroup } from './commandGroup';
import { openDataFolder } from './openDataFolder';
import { optionCommand } from './optionCommand';

const createUserCommand = optionCommand({
  name: 'teahouse admin create-user',
  summary: 'create a user in a data folder (works while a server runs on it)',
  description: `Creates a user (or, with --admin, an administrator) in the data folder's database. A server
running on the same folder sees the user at once.`,
  options: {
    data: { type: 'string', value: 'DIR', default: '.teahouse', description: 'the data folder' },
    username: { type: 'string', value: 'NAME', required: true, description: 'the login name' },
    password: { type: 'string', value: 'PASSWORD', required: true, description: 'the password' },
    email: { type: 'string', value: 'EMAIL', required: true, description: 'the primary e-mail address' },
    admin: { type: 'boolean', description: 'make the user a site administrator' },
    'must-change-password': {
      type: 'boolean',
      description: 'ask the user to change the password at first login',
    },
  },
  run: (values) => {
    const dataDir = path.resolve(values.data);
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(databaseFile(dataDir));
    try {
      openDataFolder(dataDir, () => migrate(db));
      const user = createUser(db, {
        username: values.username,
        password: values.password,
        email: values.email,
        isAdmin: values.admin,
        mustChangePassword: values['must-change-password'],
      });
      process.stdout.write(
        `Created ${user.is_admin ? 'administrator' : 'user'} "${user.name}" (id ${user.id})\n`,
      );
      return 0;
    } catch (error) {
      if (error instanceof DomainError)
        throw new CliError(`cannot create user "${values.username}": ${error.message}`);
      throw error;
    } finally {
      db.close();
    }
  },
});

export const adminCommand: CliCommand = commandGroup({
  name: 'teahouse admin',
  summary: 'administration of a data folder: create-user',
  description: 'Administration tasks on a data folder, also while a server runs on it.',
  commands: {
    'create-user': createUserCommand,
  },
});
