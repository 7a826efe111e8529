import { MigrationFailedError, UnknownMigrationsError } from '../store/migrations';
import { teahouseVersion } from '../version';
import { CliError } from './cliCommand';

/**
 * Runs `open` (which migrates the data folder's database) and turns the two ways a database can refuse
 * to open into one clear line: written by a newer Teahouse, or a migration that failed and rolled back.
 */
export function openDataFolder<T>(dataDir: string, open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (error instanceof UnknownMigrationsError) {
      const newest = Math.max(...error.unknownVersions);
      const what =
        newest > error.newestKnown
          ? `a newer Teahouse: its database has schema version ${newest}, and this release ` +
            `(Teahouse ${teahouseVersion}) knows versions up to ${error.newestKnown}`
          : `another Teahouse: its database has schema versions ${error.unknownVersions.join(', ')}, ` +
            `which this release (Teahouse ${teahouseVersion}) does not know`;
      throw new CliError(
        `the data folder ${dataDir} was written by ${what}. Upgrade Teahouse to open it; nothing was changed.`,
      );
    }
    if (error instanceof MigrationFailedError) {
      throw new CliError(
        `cannot upgrade the database in ${dataDir}: ${error.message}. ` +
          `It stays at the version before that migration; nothing else was changed.`,
      );
    }
    throw error;
  }
}
