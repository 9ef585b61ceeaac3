import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { staticCss } from './scripts/static-css.ts';
import { prerenderLogin } from './scripts/prerender-login.ts';
import { PALETTES } from './src/app/theme/palettes.ts';
import { LANGUAGES } from './src/shared/constants.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/** `npm run dev` on a fresh clone: Panda's generated styled-system/ (git-ignored) must exist first. */
const pandaCodegen = (): Plugin => ({
  name: 'brokerdesk:panda-codegen',
  configResolved() {
    if (!existsSync('styled-system/css/index.mjs')) spawnSync('npx', ['panda', 'codegen', '--silent'], { stdio: 'inherit' });
  },
});

/**
 * public/boot.js (the stored look, applied before the first paint) goes inline into index.html: as a
 * file it was a parser-blocking request that held the whole start-up back (tests/bench/client.bench.ts).
 * The server allows exactly this script by its CSP hash (src/server/http/inline-scripts.ts).
 */
const inlineBootScript = (): Plugin => ({
  name: 'brokerdesk:inline-boot-script',
  transformIndexHtml: (html) =>
    html.replace('<script src="/boot.js"></script>', () => `<script>${readFileSync('public/boot.js', 'utf8')}</script>`),
});

/**
 * `import words from 'virtual:locale-words/app.login,app.fields.email'`: those keys (or key prefixes) of
 * every catalogue in locales/, as `{ en, fr, de }`. The login screen loads its few words this way
 * instead of the whole English catalogue (tests/bench/client.bench.ts).
 */
const localeWords = (): Plugin => {
  const PREFIX = 'virtual:locale-words/';
  type Tree = { [key: string]: string | Tree };
  const pick = (tree: Tree, path: string[]): Tree | string | undefined =>
    path.reduce<Tree | string | undefined>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), tree);
  const place = (tree: Tree, path: string[], value: Tree | string): void => {
    const last = path.at(-1)!;
    let node = tree;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Tree;
    node[last] = value;
  };
  return {
    name: 'brokerdesk:locale-words',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const keys = id.slice(PREFIX.length + 1).split(',');
      const words: Record<string, Tree> = {};
      for (const language of LANGUAGES) {
        const file = `locales/${language}.json`;
        this.addWatchFile(file);
        const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Tree;
        const picked: Tree = {};
        for (const key of keys) {
          const value = pick(catalogue, key.split('.'));
          if (value === undefined) this.error(`locale-words: no "${key}" in ${file}`);
          place(picked, key.split('.'), value);
        }
        words[language] = picked;
      }
      return `export default ${JSON.stringify(words)};`;
    },
  };
};

/**
 * Every built HTML, JS and CSS file also as `.br` and `.gz`, compressed once at build at the highest
 * level, which the server sends as they are (`preCompressed` in src/server/app.ts): compressing each
 * response on the fly cost the login page's start-up ~40 ms of server time (tests/bench/client.bench.ts).
 */
const precompress = (): Plugin => ({
  name: 'brokerdesk:precompress',
  apply: 'build',
  enforce: 'post',
  writeBundle(options, bundle) {
    for (const [fileName, output] of Object.entries(bundle)) {
      if (!/\.(html|js|css)$/.test(fileName)) continue;
      const file = path.join(options.dir!, fileName);
      const body = output.type === 'chunk' ? output.code : output.source;
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  },
});

/**
 * Everything src/app/main.tsx imports statically (what the login screen needs) in one chunk: left to
 * the bundler, the modules the app chunk shares with it were split into ten small chunks, ten requests
 * on the first screen's path (tests/bench/client.bench.ts).
 */
const START = path.resolve('src/app/main.tsx');
const startModules = new Set<string>();
const collectStartModules = (): Plugin => ({
  name: 'brokerdesk:start-modules',
  apply: 'build',
  buildEnd() {
    const visit = (id: string) => {
      if (startModules.has(id)) return;
      startModules.add(id);
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(START);
  },
});

export default defineConfig({
  plugins: [
    pandaCodegen(),
    precompress(),
    collectStartModules(),
    staticCss(),
    localeWords(),
    inlineBootScript(),
    prerenderLogin(() => [localeWords()]),
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
      includeAssets: ['boot.js', 'login-choice.js', 'favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
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
    // BENCH_SOURCEMAP=1: maps beside the files (no comment in them) for tests/bench/login-profile.ts.
    sourcemap: process.env.BENCH_SOURCEMAP === '1' ? 'hidden' : false,
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'start', test: (id) => startModules.has(id) }] } },
    },
  },
});
