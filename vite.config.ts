import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PALETTES } from './src/app/theme/palettes.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/** `npm run dev` on a fresh clone: Panda's generated styled-system/ (git-ignored) must exist first. */
const pandaCodegen = (): Plugin => ({
  name: 'brokerdesk:panda-codegen',
  configResolved() {
    if (!existsSync('styled-system/css/index.mjs')) spawnSync('npx', ['panda', 'codegen', '--silent'], { stdio: 'inherit' });
  },
});

export default defineConfig({
  plugins: [
    pandaCodegen(),
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      // Each route's component lands in its own chunk, so the login screen loads only what it shows.
      autoCodeSplitting: true,
      // Except the login screen: it is the first thing most visits show, so it ships in the entry
      // chunk instead of costing another round trip (tests/bench/client.bench.ts).
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/login' ? [] : undefined) },
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      // The app decides when to update (src/app/pwa/), never in the middle of an edit.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['boot.js', 'favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        name: 'BrokerDesk',
        short_name: 'BrokerDesk',
        description: 'Back-office and client platform of an investment and trading business',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f4f5f8',
        theme_color: PALETTES.purple.primary.light,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json}'],
        navigateFallback: '/index.html',
        // API and uploads are data, not shell: the server answers them (or the offline engine does).
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
});
