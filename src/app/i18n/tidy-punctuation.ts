import type { PostProcessorModule } from 'i18next';

/**
 * A value that ends its own sentence ('Too blurry.') inserted where a message ends one too
 * ('rejected: {{note}}.') would show '..' or '!.': the message's full stop gives way. An ellipsis
 * ('...') is left alone.
 */
export const tidy = (text: string) => text.replace(/(?<!\.)([.!?…])\.(?=\s|$)/g, '$1');

export const tidyPunctuation: PostProcessorModule = {
  type: 'postProcessor',
  name: 'tidyPunctuation',
  process: (value: string) => tidy(value),
};
