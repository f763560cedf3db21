import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

/** The preset ships untyped; it is a plain PostCSS plugin factory (rem(), mixins, light-dark). */
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/media': apiTarget };

export default defineConfig({
  plugins: [react(), precompress(fileURLToPath(new URL('./dist', import.meta.url)))],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  css: {
    postcss: { plugins: [mantinePreset()] },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
