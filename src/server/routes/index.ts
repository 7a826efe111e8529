import { adminUserHandlers } from './adminUsers';
import type { HandlerMap } from './handler';
import { miscHandlers } from './misc';
import { tokenHandlers } from './tokens';
import { userHandlers } from './users';

/**
 * Every route module's handlers, by operationId. A route module exports one `HandlerMap`; add it here.
 * Catalogue operations without a handler answer 501.
 */
export const handlers: HandlerMap = {
  ...miscHandlers,
  ...userHandlers,
  ...adminUserHandlers,
  ...tokenHandlers,
};
