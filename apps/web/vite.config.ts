import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React, its DOM renderer and the router change rarely and every page needs them, so they live in one
// long-cached vendor chunk. antd-mobile is left to automatic splitting: each lazy page pulls only the
// components it uses, which keeps the calendar route small on a phone.
const reactVendor = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export default defineConfig({
  base: '/xuanli/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor-react', test: reactVendor }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
