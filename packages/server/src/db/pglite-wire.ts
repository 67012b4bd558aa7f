/** What the request thread and the embedded database's thread (pglite-host.ts) send each other. */
import type { Results } from '@electric-sql/pglite';

export interface HostStart {
  dataDir: string;
  startParams: string[];
}

export type HostRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types answered as the database's text (the parsers Drizzle gives are all `value => value`). */
      rawTypes?: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'snapshot' }
  | { id: number; op: 'close' };

/** Id 0 answers the start: 'ready', or why the database did not open. */
export type HostReply = { id: number; result: unknown } | { id: number; error: WireError };

/** An error's message, name and PostgreSQL's fields (code, detail, constraint, …): what callers read. */
export type WireError = Record<string, string | number | boolean | undefined> & { message: string };

export function errorToWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err) };
  const wire: WireError = { message: err.message, name: err.name, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') wire[key] = value;
  }
  return wire;
}

export function errorFromWire(wire: WireError): Error {
  const { message, name, stack, ...fields } = wire;
  const err = Object.assign(new Error(message), fields);
  if (typeof name === 'string') err.name = name;
  if (typeof stack === 'string') err.stack = `${stack}\n    (in the database thread)`;
  return err;
}

/** A result without PGlite's blob (no statement here writes one). */
export function resultToWire<T>(result: Results<T>): Results<T> {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}
