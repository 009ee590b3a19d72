import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The portal server the dev server forwards API calls and the MQTT WebSocket to. */
const PORTAL_SERVER = 'http://127.0.0.1:8080';

/**
 * React in a long-cached chunk of its own; every other library goes with the screens that use it (routes load
 * lazily, lib/lazy-page.ts), so the login page does not carry charts or maps. What the entry imports
 * statically (`$initial`: the login page, the providers, MUI's core and inputs, TanStack Query, zod and the
 * contract) is one chunk: the entry loads all of it anyway, and one file compresses better than the dozen
 * shared pieces rolldown would otherwise cut it into (227 KB instead of 238 KB gzipped for the login page).
 */
const vendorChunks = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
    priority: 30,
  },
  {
    name: 'index',
    tags: ['$initial' as const],
    priority: 20,
  },
];

/**
 * A feature's index.ts only re-exports what other features may use. Declared free of side effects, so a
 * screen that imports one name from it links straight to the module that defines it, and the other names
 * do not pull their modules into that screen's chunk (or into the login page's).
 */
const featureIndex = /[\\/]features[\\/][a-z-]+[\\/]index\.ts$/;

/**
 * Each script, style sheet and page of the build also as .br and .gz beside it: the portal sends the variant a
 * browser accepts (@fastify/static preCompressed, apps/server/src/http.ts), compressed once at build time at
 * the smallest size, instead of 3-4 times the bytes over a site's uplink without a proxy in front.
 */
const precompressed = compression({
  // Brotli 9: 7 % larger than 11 (the entry script 141 KB), the build 1.6 s quicker (`npm start` builds before it starts).
  algorithms: [['brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }], 'gzip'],
  include: /\.(js|css|html|svg|json)$/,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
});

export default defineConfig({
  plugins: [react(), precompressed],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
      treeshake: { moduleSideEffects: (id: string) => !featureIndex.test(id) },
    },
  },
  server: {
    proxy: {
      '/api': { target: PORTAL_SERVER },
      '/v1': { target: PORTAL_SERVER },
      '/mqtt': { target: PORTAL_SERVER, ws: true },
    },
  },
});
