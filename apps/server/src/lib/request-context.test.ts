import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createHttpApp } from '../http.ts';
import type { PortalApp } from './module.ts';

/** A portal's HTTP side alone, whose one route logs through another logger (a module's) after awaiting. */
async function appWithModuleLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const config = loadConfig({ LOG_LEVEL: 'info' });
  const logger = createLogger(
    config,
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) {
          if (line) lines.push(JSON.parse(line));
          if (line) raw.push(line);
        }
        done();
      },
    }),
  );
  const moduleLogger = logger.child({ component: 'some-module' });
  const app = await createHttpApp(config, logger, new URL('file:///nonexistent-web-dist/'));
  const failingQuery = () =>
    new Promise((_resolve, reject) => setTimeout(() => reject(new Error('relation "x" does not exist')), 5));
  app.post('/work', async (request) => {
    await failingQuery().catch((error) => moduleLogger.warn({ err: error }, 'database step failed'));
    return { ok: true, body: request.body };
  });
  return { app, lines, raw, moduleLogger };
}

describe('request ids in the logs', () => {
  let app: PortalApp | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("puts the request's id on a line a module's own logger writes while handling it, body read or not", async () => {
    const made = await appWithModuleLogger();
    app = made.app;
    const first = await app.inject({ method: 'POST', url: '/work', payload: { a: 1 } });
    const second = await app.inject({ method: 'POST', url: '/work', payload: { b: 2 } });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const failures = made.lines.filter((line) => line.msg === 'database step failed');
    const requests = made.lines.filter((line) => line.msg === 'request');
    expect(failures).toHaveLength(2);
    expect(failures.map((line) => line.reqId)).toEqual(requests.map((line) => line.reqId));
    expect(failures[0]!.reqId).not.toBe(failures[1]!.reqId);
    expect(failures[0]).toMatchObject({
      component: 'some-module',
      err: { message: 'relation "x" does not exist' },
    });
  });

  it('names the request once on the request logger, and not at all outside a request', async () => {
    const made = await appWithModuleLogger();
    app = made.app;
    await app.inject({ method: 'POST', url: '/work', payload: {} });
    made.moduleLogger.info('background work');
    const request = made.lines.find((line) => line.msg === 'request');
    expect(request?.reqId).toEqual(expect.any(String));
    const requestLine = made.raw.find((line) => line.includes('"msg":"request"'));
    expect(requestLine?.split('"reqId"')).toHaveLength(2);
    expect(made.lines.find((line) => line.msg === 'background work')).not.toHaveProperty('reqId');
  });
});
