#!/usr/bin/env node
// Makes sure Debian's nginx is installed for `npm run cluster` and the cluster fault tests (the load balancer in
// front of two portal instances). The package's own service is not used: the cluster runs nginx in the
// foreground with a configuration of its own.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  tag: 'ensure-nginx',
  binary: '/usr/sbin/nginx',
  pkg: 'nginx',
  installArgs: ['--no-install-recommends'],
  versionArgs: ['-v'],
});
