/**
 * The parts of undici the API client uses, loaded one by one. undici's index loads every dispatcher, fetch,
 * WebSocket, EventSource, the mocks and the SQLite cache store: 180 KB of the extension's bundle that the
 * client never runs. The request methods are put on `Dispatcher` as the index does, so `dispatcher.request`
 * (undici's public API) works on the agents made from here. The server keeps importing `undici` itself; both
 * share these modules.
 */
import type * as Undici from 'undici';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgentClass from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import requestApi from 'undici/lib/api/index.js';
import errorClasses from 'undici/lib/core/errors.js';
import DecoratorHandlerClass from 'undici/lib/handler/decorator-handler.js';
import cacheInterceptor from 'undici/lib/interceptor/cache.js';
import MemoryCacheStoreClass from 'undici/lib/cache/memory-cache-store.js';
import formData from 'undici/lib/web/fetch/formdata.js';

Object.assign(DispatcherClass.prototype, requestApi);

export const Agent = AgentClass;
export const EnvHttpProxyAgent = EnvHttpProxyAgentClass;
export const errors = errorClasses;
export const DecoratorHandler = DecoratorHandlerClass;
export const cache = cacheInterceptor;
export const MemoryCacheStore = MemoryCacheStoreClass;
export const FormData = formData.FormData;
export type FormData = Undici.FormData;
export type { Dispatcher } from 'undici';
