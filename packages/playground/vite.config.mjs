// The playground builds to a static folder that works offline: every module is bundled, no CDN.
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    chunkSizeWarningLimit: 1000,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
