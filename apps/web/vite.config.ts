import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_APP_ID, DEFAULT_SIGNING_KEYS, parseSigningKeys } from '@wallet/contract';
import { compactIcons } from '../../scripts/vite-compact-icons';
import { precompressAssets } from '../../scripts/vite-precompress';
import { shellWorker } from './service-worker/shell-worker-plugin';

const API_TARGET = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

/** Shared chunks below this (source bytes, before minifying) are copied into the pages that use them. */
const INLINED_COMMON_CHUNK_BYTES = 16 * 1024;

/** In development Vite serves index.html, so it fills the config the server fills in production. */
function devSigningConfig(): Plugin {
  return {
    name: 'wallet-dev-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const parsed = parseSigningKeys(process.env.APP_SIGNING_KEYS ?? DEFAULT_SIGNING_KEYS);
      if (!parsed.ok) throw new Error(`APP_SIGNING_KEYS: ${parsed.problem}`);
      const [first] = parsed.keys;
      const config = { appId: process.env.APP_ID ?? DEFAULT_APP_ID, keyId: first!.keyId, key: first!.key };
      return html.replace('%WALLET_CONFIG%', JSON.stringify(config).replace(/"/g, '&quot;'));
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [compactIcons(), react(), devSigningConfig(), precompressAssets(), shellWorker()],
  server: { port: 5173, proxy: { '/api': API_TARGET, '/healthz': API_TARGET, '/docs': API_TARGET } },
  resolve: { alias: { 'rc-util/lib/React/render': fileURLToPath(new URL('./src/legacy-render.ts', import.meta.url)) } },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Required by the inlining below; an app's entry has no exports anyone imports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // What the first screen needs in a few large files, not many small shared chunks (they compress worse): the
          // libraries, which change only with package-lock.json and so stay cached across releases, and the app's own
          // code. React is a file of its own: two halves download side by side faster than one whole on a slow network.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
          // Pages share many small modules (a query, a path, a hook): as chunks of their own the home page needed 25
          // requests, each a round trip and a kilobyte of headers. Copied into each page that uses them, it needs a few.
          experimentalInlineCommonChunks: { maxSize: INLINED_COMMON_CHUNK_BYTES },
        },
      },
    },
  },
});
