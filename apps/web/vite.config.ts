import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/sapi': 'http://localhost:3000', '/media': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
});
