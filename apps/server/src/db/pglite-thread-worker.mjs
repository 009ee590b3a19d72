// The embedded database's thread (see pglite-thread.ts): PGlite runs here, off the portal's main thread, so
// a long statement keeps only this thread busy. Plain JavaScript, so it starts without a TypeScript loader
// (under tsx, vitest or a bare node alike).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** A database error as plain fields (SQLSTATE `code`, `detail`, `constraint`...): they survive postMessage. */
function plainError(error) {
  const fields = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return {
    ...fields,
    name: error?.name ?? 'Error',
    message: error?.message ?? String(error),
  };
}

let pglite;
const listening = new Set();
try {
  // loadDataDir: a restore (npm run restore) fills the new data directory from a backup's tarball.
  const load = workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {};
  pglite = await PGlite.create({ dataDir: workerData.dataDir, ...workerData.assets, ...load });
  parentPort.postMessage({ id: 0, result: true });
} catch (error) {
  parentPort.postMessage({ id: 0, error: plainError(error) });
  parentPort.close();
}

parentPort.on('message', async ({ id, op, sql, params, channel }) => {
  try {
    if (op === 'query') {
      const result = await pglite.query(sql, params);
      parentPort.postMessage({
        id,
        result: { rows: result.rows, affectedRows: result.affectedRows, command: result.command },
      });
    } else if (op === 'exec') {
      // Several statements in one text (simple protocol), as a library's schema script is sent: the last
      // statement's rows answer.
      const results = await pglite.exec(sql);
      const last = results.at(-1);
      parentPort.postMessage({ id, result: { rows: last?.rows ?? [], affectedRows: last?.affectedRows } });
    } else if (op === 'listen') {
      // A notification is posted before the answer to the statement whose commit sent it: PGlite calls its
      // listeners (in microtasks) while it reads that statement's results.
      // Once a channel: the main thread hands each notification to every listener of its own.
      if (!listening.has(channel)) {
        await pglite.listen(channel, (payload) => parentPort.postMessage({ channel, payload }));
        listening.add(channel);
      }
      parentPort.postMessage({ id, result: true });
    } else if (op === 'ping') {
      parentPort.postMessage({ id, result: pglite.ready && !pglite.closed });
    } else if (op === 'dump') {
      // A consistent copy: the pool lends no connection meanwhile (PGlitePool.exclusive), so no transaction is
      // open; after a checkpoint the files hold everything, and PGlite tars its data directory (gzip).
      await pglite.query('CHECKPOINT');
      const file = await pglite.dumpDataDir('gzip');
      const bytes = new Uint8Array(await file.arrayBuffer());
      parentPort.postMessage({ id, result: bytes }, [bytes.buffer]);
    } else if (op === 'close') {
      await pglite.close();
      parentPort.postMessage({ id, result: true });
      parentPort.close();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) });
  }
});
