import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The portal server the dev server forwards API calls and the MQTT WebSocket to. */
const PORTAL_SERVER = 'http://127.0.0.1:8080';

/** Libraries split into long-cached chunks; mqtt.js stays out, it is loaded on demand after sign-in. */
const vendorChunks = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
    priority: 30,
  },
  { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, priority: 20 },
  { name: 'vendor', test: /node_modules[\\/](?!mqtt[\\/])/, priority: 10 },
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
