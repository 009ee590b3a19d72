import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The portal server the dev server forwards API calls and the MQTT WebSocket to. */
const PORTAL_SERVER = 'http://127.0.0.1:8080';

/**
 * React in a long-cached chunk of its own; every other library goes with the screens that use it (routes load
 * lazily, app/routes/lazy-page.ts), so the login page does not carry charts, maps or mqtt.js.
 */
const vendorChunks = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
    priority: 30,
  },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
  server: {
    proxy: {
      '/api': { target: PORTAL_SERVER },
      '/v1': { target: PORTAL_SERVER },
      '/mqtt': { target: PORTAL_SERVER, ws: true },
    },
  },
});
