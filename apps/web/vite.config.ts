import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_APP_ID, DEFAULT_SIGNING_KEYS, parseSigningKeys } from '@wallet/contract';

const API_TARGET = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

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
  plugins: [react(), devSigningConfig()],
  server: { port: 5173, proxy: { '/api': API_TARGET, '/healthz': API_TARGET, '/docs': API_TARGET } },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one file: split into many small shared chunks it compresses worse.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
