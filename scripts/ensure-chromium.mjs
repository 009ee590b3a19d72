#!/usr/bin/env node
// Makes sure Debian's Chromium is installed for the end-to-end specs (no browser is ever downloaded by
// Playwright): installs the `chromium` package with apt-get when /usr/bin/chromium is missing.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  tag: 'ensure-chromium',
  binary: '/usr/bin/chromium',
  pkg: 'chromium',
  versionArgs: ['--version'],
});
