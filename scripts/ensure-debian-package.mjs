// Makes sure a program from a Debian package is installed for the tests (never downloaded any other way):
// installs the package with apt-get when its binary is missing, then prints the binary's version. Exits
// non-zero with a clear message when that is impossible (not Debian, not root, apt-get failed).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @param {{ tag: string, binary: string, pkg: string, installArgs?: string[], versionArgs: string[] }} wanted
 *   `tag` prefixes every line printed; the version is read from stdout and stderr (nginx prints it on stderr).
 */
export function ensureDebianPackage({ tag, binary, pkg, installArgs = [], versionArgs }) {
  const manualStep = `Install it by hand: \`sudo apt-get update && sudo apt-get install -y ${pkg}\``;
  const fail = (message) => {
    process.stderr.write(`${tag}: ${message}\n`);
    process.exit(1);
  };
  const run = (command, args) => {
    process.stdout.write(`${tag}: ${command} ${args.join(' ')}\n`);
    const result = spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.error) fail(`could not run ${command}: ${result.error.message}. ${manualStep}`);
    if (result.status !== 0) {
      fail(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}). ${manualStep}`);
    }
  };

  if (!existsSync(binary)) {
    process.stdout.write(`${tag}: ${binary} is missing; installing Debian's ${pkg} package\n`);
    if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
      fail(`${binary} is missing and this is not a Debian-like system with apt-get. ${manualStep}`);
    }
    if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
      fail(
        `${binary} is missing and installing it needs root (this runs as uid ${process.getuid?.()}). ${manualStep}`,
      );
    }
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', ...installArgs, pkg]);
    if (!existsSync(binary)) fail(`apt-get installed ${pkg} but ${binary} is still missing`);
  }

  // Debian's chromium launcher may print shell noise on stderr, so stdout is preferred when it has the version.
  const version = spawnSync(binary, versionArgs, { encoding: 'utf8', timeout: 30_000 });
  const text = version.stdout?.trim() || version.stderr?.trim();
  if (version.error || version.status !== 0 || !text) {
    fail(
      `${binary} does not run: ${version.error?.message ?? (version.stderr?.trim() || `exit ${version.status}`)}`,
    );
  }
  process.stdout.write(`${tag}: ${text}\n`);
}
