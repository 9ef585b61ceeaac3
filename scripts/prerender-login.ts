import { readFileSync } from 'node:fs';
import { createServer, type Plugin, type PluginOption } from 'vite';

const LANGUAGES = ['en', 'fr', 'de'] as const;
const MODES = ['light', 'dark'] as const;
/** The variant index.html's root holds; the others wait in templates. */
const DEFAULT_VARIANT = 'en-light';

/**
 * The sign-in screen rendered at build time into index.html (issue 28, docs/decisions/login-prerender.md):
 * the HTML the server sends already shows the form, so it paints before any script and works as a plain
 * form (POST to the page it is on, src/server/features/auth/routes.ts) if the script is slow. The root's
 * `data-prerendered` goes when the script has taken over (src/app/features/auth/login-page.tsx). The root holds
 * it in English and light mode; each other language and mode waits in a `<template>` after it, which the inline
 * script after them (public/login-choice.js, allowed by its CSP hash like boot.js) puts in place before
 * the first paint, or empties the root for someone signed in. The same component
 * (src/app/features/auth/login-screen.tsx) through react-dom/server, loaded by a Vite SSR server with the
 * plugins it needs (`plugins`: the locale words).
 */
export const prerenderLogin = (plugins: () => PluginOption[]): Plugin => ({
  name: 'brokerdesk:prerender-login',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    async handler(html) {
      const server = await createServer({
        configFile: false,
        logLevel: 'error',
        plugins: plugins(),
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderLogin } = (await server.ssrLoadModule('/src/app/features/auth/login-prerender.tsx')) as {
          renderLogin: (language: string, mode: string) => string;
        };
        const variants = new Map<string, string>();
        for (const language of LANGUAGES) for (const mode of MODES) variants.set(`${language}-${mode}`, renderLogin(language, mode));
        const templates = [...variants]
          .filter(([variant]) => variant !== DEFAULT_VARIANT)
          .map(([variant, markup]) => `<template id="bd-login-${variant}">${markup}</template>`)
          .join('');
        const choice = `<script>${readFileSync('public/login-choice.js', 'utf8')}</script>`;
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('prerender-login: no empty #root in index.html');
        return html.replace(
          root,
          () => `<div id="root" data-prerendered="${DEFAULT_VARIANT}">${variants.get(DEFAULT_VARIANT)}</div>${templates}${choice}`,
        );
      } finally {
        await server.close();
      }
    },
  },
});
