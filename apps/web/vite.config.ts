import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type UserConfig } from 'vite';
import { mantineStyles } from './mantine-styles.ts';
import { precompress } from './precompress.ts';
import { routeHints } from './route-hints.ts';
import { shellFirst } from './shell-first.ts';

/** The preset ships untyped; it is a plain PostCSS plugin factory (rem(), mixins, light-dark). */
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/media': apiTarget };

/**
 * The screens whose largest paint needs their own chunk and data, which the server then announces
 * with the entry: the public ones with their first read, and the investor's wallet and statement,
 * whose reads carry the session and start from the entry instead (src/app/prefetch.ts). Not the
 * account forms: what they paint first is the shell (the cookie banner's text), and their chunks
 * (the contracts and zod) would only share the entry's bandwidth.
 */
const hintedRoutes = [
  { path: '/', page: 'src/features/landing/pages/home-page.tsx' },
  {
    path: '/detail-token-issuer/:id',
    page: 'src/features/tokens/pages/token-detail-page.tsx',
    data: '/api/token-issuer-token-project/detail/:id',
    // The hero's background (features/tokens/components/token-hero.tsx): the largest paint.
    image: { field: 'token.token_issuer__token_issuer_image', sizes: '100vw' },
  },
  { path: '/issuer-detail/:id', page: 'src/features/issuers/pages/issuer-detail-page.tsx' },
  { path: '/wallet', page: 'src/features/wallet/pages/wallet-page.tsx' },
  { path: '/extract', page: 'src/features/wallet/pages/extract-page.tsx' },
];

const config = {
  plugins: [
    react(),
    mantineStyles(),
    routeHints(hintedRoutes),
    shellFirst(),
    precompress(fileURLToPath(new URL('./dist', import.meta.url))),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Zod without its eval probe, for the CSP (src/lib/zod-jitless.ts).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
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
    rolldownOptions: {
      // An app: no entry's exports need keeping, which inlining common chunks requires.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the entry needs in one file, instead of four.
          groups: [{ name: 'app', tags: ['$initial'] }],
          // A screen loads its page chunk and few others, not dozens of 1 KB shared chunks (on
          // HTTP/1.1 a phone waits a round trip per six of them). Modules that hold state shared
          // between screens stay in one copy, and so do zod and the contracts, large and shared
          // by every form.
          experimentalInlineCommonChunks: {
            maxSize: 60_000,
            exclude: [
              /@mantine[\\/]notifications/,
              /[\\/]node_modules[\\/]zod[\\/]/,
              /[\\/]src[\\/]lib[\\/](session|api-client|toast-signal)\.ts$/,
            ],
          },
        },
      },
    },
  },
} satisfies UserConfig;

/**
 * `vite build --mode reference` (the second step of `npm run build`): dist/reference.html, the
 * bench's Lighthouse reference (docs/PERFORMANCE.md), a minimal React page built with this same
 * configuration beside the app, which it leaves in place. A build of its own, as one build would
 * put the page's React into the app's entry chunk (the `$initial` group) and load all of it.
 */
const referenceConfig = {
  ...config,
  // No route hints: this build has none of the app's screens (and would overwrite their file).
  plugins: [react(), shellFirst(), precompress(fileURLToPath(new URL('./dist', import.meta.url)))],
  build: {
    ...config.build,
    emptyOutDir: false,
    rolldownOptions: { ...config.build.rolldownOptions, input: 'reference.html' },
  },
} satisfies UserConfig;

export default defineConfig(({ command, mode }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell holds: with
  // NODE_ENV=development, `npm start` shipped React's development build (675 KB entry).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return mode === 'reference' ? referenceConfig : config;
});
