/// <reference types="vite/client" />

/** vite.config.ts localeWords(): some keys of every catalogue, by language. */
declare module 'virtual:locale-words/*' {
  const words: Record<'en' | 'fr' | 'de', Record<string, unknown>>;
  export default words;
}
