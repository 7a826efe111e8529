// The undici files `parts.ts` loads, typed with undici's own declarations of what they export.
declare module 'undici/lib/dispatcher/agent.js' {
  const Agent: typeof import('undici').Agent;
  export default Agent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: typeof import('undici').Dispatcher;
  export default Dispatcher;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  const EnvHttpProxyAgent: typeof import('undici').EnvHttpProxyAgent;
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/api/index.js' {
  // the methods undici's index puts on Dispatcher.prototype (they run with `this` = the dispatcher)
  const api: Record<'request' | 'stream' | 'pipeline' | 'connect' | 'upgrade', unknown>;
  export default api;
}
declare module 'undici/lib/core/errors.js' {
  const errors: typeof import('undici').errors;
  export default errors;
}
declare module 'undici/lib/handler/decorator-handler.js' {
  const DecoratorHandler: typeof import('undici').DecoratorHandler;
  export default DecoratorHandler;
}
declare module 'undici/lib/interceptor/cache.js' {
  const cache: typeof import('undici').interceptors.cache;
  export default cache;
}
declare module 'undici/lib/cache/memory-cache-store.js' {
  const MemoryCacheStore: typeof import('undici').cacheStores.MemoryCacheStore;
  export default MemoryCacheStore;
}
declare module 'undici/lib/web/fetch/formdata.js' {
  const formdata: { FormData: typeof import('undici').FormData };
  export default formdata;
}
