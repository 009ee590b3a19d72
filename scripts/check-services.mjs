// The real-backend tests need PostgreSQL on 127.0.0.1:5432 and Mosquitto on 127.0.0.1:1883.
// This checks both and, where a service is installed but stopped, starts it the way the machine does.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createConnection } from 'node:net';

const services = [
  {
    name: 'PostgreSQL',
    port: 5432,
    start: () => {
      const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
      if (versions.length === 0) return false;
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${versions[0]} main start`, { stdio: 'inherit' });
      return true;
    },
  },
  {
    name: 'Mosquitto',
    port: 1883,
    start: () => {
      if (!existsSync('/etc/mosquitto/mosquitto.conf')) return false;
      execSync('mosquitto -d -c /etc/mosquitto/mosquitto.conf', { stdio: 'inherit' });
      return true;
    },
  },
];

const reachable = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

let failed = false;
for (const service of services) {
  if (await reachable(service.port)) {
    console.log(`${service.name} reachable on 127.0.0.1:${service.port}`);
    continue;
  }
  let started = false;
  try {
    started = service.start();
  } catch (error) {
    console.error(`could not start ${service.name}: ${error.message}`);
  }
  for (let i = 0; started && i < 20 && !(await reachable(service.port)); i++) {
    await new Promise((r) => setTimeout(r, 500));
  }
  if (await reachable(service.port)) {
    console.log(`${service.name} started on 127.0.0.1:${service.port}`);
  } else {
    console.error(
      `${service.name} is not reachable on 127.0.0.1:${service.port}; the real-backend tests need it.`,
    );
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
