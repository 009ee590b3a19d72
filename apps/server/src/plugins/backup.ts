import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * Where a running portal tells `npm run backup` how to reach it (docs/operations.md, Backups): its address, a
 * random token made at each start, and its process id. Written in DATA_DIR, readable by the portal's user
 * only: whoever can read it can read the database files anyway.
 */
export const OPS_FILE = 'portal-ops.json';

export interface OpsFile {
  url: string;
  token: string;
  pid: number;
}

/** The address a local tool reaches the portal at, from the address it listens on. */
function localUrl(address: AddressInfo): string {
  const any = address.address === '0.0.0.0' || address.address === '::';
  const host = any ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * `GET /api/ops/backup` of the embedded database: a consistent copy taken by the portal's own PGlite thread
 * (PGlite cannot be opened by a second process while the portal holds it), answered only with the token of
 * DATA_DIR/portal-ops.json. Registered on the PGlite backend only; PostgreSQL is backed up with pg_dump.
 */
export const backupPlugin = fp(
  async (app: FastifyInstance, options: { dataDir: string; dump: () => Promise<Uint8Array> }) => {
    const token = randomBytes(32).toString('base64url');
    const file = join(options.dataDir, OPS_FILE);
    const digest = (text: string) => createHash('sha256').update(text).digest();

    app.addHook('onListen', async () => {
      const ops: OpsFile = { url: localUrl(app.server.address() as AddressInfo), token, pid: process.pid };
      await writeFile(file, `${JSON.stringify(ops)}\n`, { mode: 0o600 });
    });
    app.addHook('onClose', async () => {
      await rm(file, { force: true });
    });

    app.get(
      '/api/ops/backup',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        // Unknown to anyone without the token: the same 404 as any unknown path.
        if (!timingSafeEqual(digest(request.headers.authorization ?? ''), digest(`Bearer ${token}`))) {
          throw new AppError('NOT_FOUND', `Route GET ${request.url} not found`);
        }
        const started = Date.now();
        const tarball = await options.dump();
        request.log.info({ bytes: tarball.length, ms: Date.now() - started }, 'database backup taken');
        return reply.type('application/gzip').send(Buffer.from(tarball));
      },
    );
  },
);
