/**
 * A webhook payload whose costly members (the issue, comment, repository and sender JSON) are shaped on
 * first read and kept: most events reach no webhook, and the notification threads need only the event's
 * subject. Listeners run inside `EventBus.emit`, so a member read there is shaped in the same state as an
 * eager one. The members are enumerable getters, so `JSON.stringify` writes them as plain fields.
 */
export function lazyPayload(
  eager: Readonly<Record<string, unknown>>,
  members: Readonly<Record<string, () => unknown>>,
): Readonly<Record<string, unknown>> {
  const payload: Record<string, unknown> = { ...eager };
  for (const [name, shape] of Object.entries(members)) {
    let shaped: { value: unknown } | undefined;
    Object.defineProperty(payload, name, {
      enumerable: true,
      get: () => (shaped ??= { value: shape() }).value,
    });
  }
  return payload;
}
