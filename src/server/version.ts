import packageJson from '../../package.json';

/** The server's version, answered by `GET /version` and written into the Swagger description. */
export const serverVersion: string = packageJson.version;
