import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whom the work in progress is for: each HTTP request runs in its own scope, which names the caller
 * once the API's rate limit has resolved it (`user:ID`, `token:ID`, `ip:ADDRESS`). The embedded
 * database takes turns between these callers (db/fair-turns.ts).
 */
const scopes = new AsyncLocalStorage<{ caller: string | undefined }>();

export function runInCallerScope<T>(fn: () => T): T {
  return scopes.run({ caller: undefined }, fn);
}

export function setCaller(caller: string): void {
  const scope = scopes.getStore();
  if (scope) scope.caller = caller;
}

/** The current caller; 'request' before a request's caller is known, 'server' for background work. */
export function currentCaller(): string {
  const scope = scopes.getStore();
  return scope ? (scope.caller ?? 'request') : 'server';
}
