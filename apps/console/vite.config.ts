import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from '../../scripts/vite-precompress';

const API_TARGET = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  // The server hosts the console beside the app, under /console/.
  base: '/console/',
  plugins: [react(), precompressAssets()],
  server: { port: 5174, proxy: { '/admin/api': API_TARGET, '/uploads': API_TARGET } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // antd and the charts are large; operators load them once on a desktop.
    chunkSizeWarningLimit: 1500,
  },
});
