#!/usr/bin/env node
// Makes sure Debian's Chromium is installed (no browser is ever downloaded by Playwright): the `chromium` package
// (/usr/bin/chromium: the benches and a walk by hand) and `chromium-headless-shell` (/usr/bin/chromium-headless-shell:
// the same Chromium build as a headless-only binary, what the end-to-end specs drive), each installed with apt-get
// when missing.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  tag: 'ensure-chromium',
  binary: '/usr/bin/chromium',
  pkg: 'chromium',
  versionArgs: ['--version'],
});
ensureDebianPackage({
  tag: 'ensure-chromium',
  binary: '/usr/bin/chromium-headless-shell',
  pkg: 'chromium-headless-shell',
  versionArgs: ['--version'],
});
