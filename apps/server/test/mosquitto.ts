import { readFile } from 'node:fs/promises';

/**
 * The Mosquitto configuration of a test's own broker: the documented production settings
 * (deploy/mosquitto.conf, docs/operations.md) plus the test's listener, anonymous access and directory.
 */
export async function mosquittoConfig(port: number, dir: string, extra: string[] = []): Promise<string> {
  const documented = await readFile(new URL('../../../deploy/mosquitto.conf', import.meta.url), 'utf8');
  return [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    `persistence_location ${dir}/`,
    `log_dest file ${dir}/broker.log`,
    ...extra,
    documented,
  ].join('\n');
}
