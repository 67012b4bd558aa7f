/**
 * The embedded database's thread (db/pglite-thread.ts starts it): PGlite runs its statements in
 * WebAssembly on the thread that calls it, so on the request thread one statement over a long
 * transcript (the 1.5 MB of segments an edit writes: 30-90 ms) held every other request. Here it holds
 * only this thread. Each message is one operation; a transaction stays open between messages until the
 * request thread ends it, and PGlite's own lock keeps anything else off the connection meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { errorToWire, resultToWire, type HostReply, type HostRequest, type HostStart } from './pglite-wire.ts';

const port = parentPort!;
const { dataDir, startParams } = workerData as HostStart;

/** Thrown inside PGlite's transaction() to roll it back when the request thread's callback failed. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  /** The id of the message that ends it, answered once PGlite has committed or rolled back. */
  endId?: number;
}

const reply = (message: HostReply, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

async function serve(db: PGlite): Promise<void> {
  const open = new Map<number, OpenTransaction>();
  const target = (tx: number | undefined) => {
    if (tx === undefined) return db;
    const entry = open.get(tx);
    if (!entry) throw new Error(`transaction ${tx} is not open`);
    return entry.tx;
  };

  const begin = (id: number) => {
    let began = false;
    db.transaction(async (tx) => {
      const commit = await new Promise<boolean>((end) => {
        open.set(id, { tx, end });
        began = true;
        reply({ id, result: id });
      });
      if (!commit) throw ROLLBACK;
    }).then(
      () => settle(id, null),
      (err: unknown) => (began ? settle(id, err === ROLLBACK ? null : err) : reply({ id, error: errorToWire(err) })),
    );
  };
  const settle = (tx: number, err: unknown) => {
    const entry = open.get(tx);
    open.delete(tx);
    if (entry?.endId === undefined) return;
    reply(err === null ? { id: entry.endId, result: null } : { id: entry.endId, error: errorToWire(err) });
  };

  port.on('message', (request: HostRequest) => {
    void (async () => {
      try {
        switch (request.op) {
          case 'query': {
            const parsers = Object.fromEntries((request.rawTypes ?? []).map((type) => [type, (value: string) => value]));
            const result = await target(request.tx).query(request.sql, request.params, { rowMode: request.rowMode, parsers });
            reply({ id: request.id, result: resultToWire(result) });
            return;
          }
          case 'exec': {
            const results = await target(request.tx).exec(request.sql);
            reply({ id: request.id, result: results.map(resultToWire) });
            return;
          }
          case 'begin':
            begin(request.id);
            return;
          case 'end': {
            const entry = open.get(request.tx);
            if (!entry) throw new Error(`transaction ${request.tx} is not open`);
            entry.endId = request.id;
            entry.end(request.commit);
            return;
          }
          case 'snapshot': {
            // Between two statements and after a checkpoint: what a crash at this moment would leave.
            await db.exec('CHECKPOINT');
            const dump = await (await db.dumpDataDir('gzip')).arrayBuffer();
            reply({ id: request.id, result: dump }, [dump]);
            return;
          }
          case 'close':
            await db.close();
            reply({ id: request.id, result: null });
            port.close();
            return;
        }
      } catch (err) {
        reply({ id: request.id, error: errorToWire(err) });
      }
    })();
  });
}

try {
  const db = await PGlite.create(dataDir, { startParams });
  await serve(db);
  reply({ id: 0, result: 'ready' });
} catch (err) {
  reply({ id: 0, error: errorToWire(err) });
}
