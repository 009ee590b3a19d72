import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

/**
 * The settings of the benchmark's own Mosquitto. No persistence (like Aedes' default in-memory store), and
 * no cap on a client's queue: the stock 1,000-message cap would drop QoS 1 messages for a subscriber that
 * falls behind, which Aedes never does. Everything else is Mosquitto's default (20 in-flight messages
 * per client towards subscribers).
 */
export const MOSQUITTO_SETTINGS = [
  'allow_anonymous true',
  'persistence false',
  'max_queued_messages 1000000',
  'log_dest none',
];

/** A free TCP port on the loopback interface (free when asked; someone may take it before we do). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`Mosquitto did not listen on ${port} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

export interface StartedMosquitto {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a Mosquitto of our own on a free loopback port, with MOSQUITTO_SETTINGS; `configure` may write files
 * (a password file, an ACL) into the broker's temporary directory and returns the lines that use them.
 */
export async function startMosquitto(
  configure: (dir: string) => Promise<string[]> = async () => [],
): Promise<StartedMosquitto> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'bench-mosquitto-'));
  const configFile = join(dir, 'mosquitto.conf');
  const extra = await configure(dir);
  await writeFile(configFile, [`listener ${port} 127.0.0.1`, ...MOSQUITTO_SETTINGS, ...extra, ''].join('\n'));
  const child = spawn(MOSQUITTO_BIN, ['-c', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = once(child, 'exit');
  let started = false;
  try {
    await Promise.race([
      waitForPort(port, 5000),
      exited.then(([code]) => {
        if (!started) throw new Error(`Mosquitto exited at start (code ${code})`);
      }),
    ]);
    started = true;
  } catch (error) {
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
