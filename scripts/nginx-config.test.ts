import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { portalProxy } from './nginx-config.mjs';

it("compose.yaml's nginx runs the same proxy as npm run cluster, over its two instances", () => {
  const compose = readFileSync(new URL('../deploy/compose/nginx.conf', import.meta.url), 'utf8');
  const withoutComments = compose.replace(/^#.*\n/gm, '');
  expect(withoutComments).toBe(portalProxy(80, ['portal-a:8080', 'portal-b:8080']));
});
