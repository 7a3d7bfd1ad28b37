import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022', manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/config.json': 'http://localhost:8080',
      '/dev': 'http://localhost:8080',
    },
  },
});
