import { serverVersion } from '../version';
import type { HandlerMap } from './handler';

export const miscHandlers: HandlerMap = {
  getVersion: (ctx) => ctx.json({ version: serverVersion }),
};
