/** Raised for input that is not a usable OpenPGP public key; the message says what is wrong with it. */
export class OpenPgpError extends Error {
  override readonly name = 'OpenPgpError';
}
