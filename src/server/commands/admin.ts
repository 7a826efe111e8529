import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { databaseFile } from '../config';
import { DomainError } from '../domain/errors';
import { createBadge } from '../services/badges';
import { createUser } from '../services/users';
import { Database } from '../store/database';
import { migrate } from '../store/migrations';
import { CliError, type CliCommand } from './cliCommand';
import { commandGroup } from './commandGroup';
import { openDataFolder } from './openDataFolder';
import { optionCommand } from './optionCommand';

/**
 * Runs `task` on the data folder's database (created and migrated if need be); a domain error becomes the
 * command's failure, worded `cannot <what>: <why>`.
 */
function onDataFolder(data: string, what: string, task: (db: Database) => void): number {
  const dataDir = path.resolve(data);
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(databaseFile(dataDir));
  try {
    openDataFolder(dataDir, () => migrate(db));
    task(db);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`cannot ${what}: ${error.message}`);
    throw error;
  } finally {
    db.close();
  }
}

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
  run: (values) =>
    onDataFolder(values.data, `create user "${values.username}"`, (db) => {
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
    }),
});

const createBadgeCommand = optionCommand({
  name: 'teahouse admin create-badge',
  summary: 'define a badge that administrators may give users (works while a server runs on it)',
  description: `Defines a badge in the data folder's database. Site administrators give it to users and take it
back with the admin API (POST and DELETE /api/v1/admin/users/{username}/badges, by its slug); the user's
page shows it.`,
  options: {
    data: { type: 'string', value: 'DIR', default: '.teahouse', description: 'the data folder' },
    slug: { type: 'string', value: 'SLUG', required: true, description: 'the name the API uses for it' },
    description: { type: 'string', value: 'TEXT', default: '', description: 'what it is given for' },
    'image-url': { type: 'string', value: 'URL', default: '', description: 'the image shown for it' },
  },
  run: (values) =>
    onDataFolder(values.data, `create badge "${values.slug}"`, (db) => {
      const badge = createBadge(db, {
        slug: values.slug,
        description: values.description,
        image_url: values['image-url'],
      });
      process.stdout.write(`Created badge "${badge.slug}" (id ${badge.id})\n`);
    }),
});

export const adminCommand: CliCommand = commandGroup({
  name: 'teahouse admin',
  summary: 'administration of a data folder: create-user, create-badge',
  description: 'Administration tasks on a data folder, also while a server runs on it.',
  commands: {
    'create-user': createUserCommand,
    'create-badge': createBadgeCommand,
  },
});
