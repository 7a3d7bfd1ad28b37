// The operators' console (issue 33) is built on its own, after the players' app, into the same
// folder: its own entry (console.html) and chunks, and its own manifest, so that nothing it shares
// with the players' app (React, the contract) changes how the players' chunks are cut. The
// players' /sign-in JavaScript stays byte for byte what the players' build makes.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^\.\/documented\.ts$/, replacement: './documented.web.ts' }],
  },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: 'hidden',
    target: 'es2022',
    manifest: '.vite/console-manifest.json',
    rolldownOptions: { input: { console: resolve(import.meta.dirname, 'console.html') } },
  },
});
