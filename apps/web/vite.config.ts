import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreloads } from './build/route-preloads.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

export default defineConfig({
  plugins: [react(), zodWithoutJsonSchema(), routePreloads(import.meta.dirname)],
  resolve: {
    // The contract's rules without their OpenAPI documentation (documented.web.ts says why).
    alias: [{ find: /^\.\/documented\.ts$/, replacement: './documented.web.ts' }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for error reports and debugging, but not named in the chunks: every phone
    // would download the `sourceMappingURL` comment of every chunk for nothing.
    sourcemap: 'hidden',
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      output: {
        // The small modules the sign-in page shares with later screens travel as one chunk each
        // group, not as a handful of tiny ones (each chunk costs a request and its own overhead).
        codeSplitting: {
          groups: [
            { name: 'form-ui', test: /src\/(components\/ui\/(field|form-error|email-field)|lib\/use-submit)\.tsx?$/ },
            { name: 'sign-in-calls', test: /contract\/src\/calls\/(accounts-sign-in|sessions|entities)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/config.json': 'http://localhost:8080',
      '/dev': 'http://localhost:8080',
    },
  },
});
