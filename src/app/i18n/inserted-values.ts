import type { PostProcessorModule } from 'i18next';

// How a value inserted into a message (a person's note, a server's error) reads inside it.

/**
 * A value that ends its own sentence ('Too blurry.') inserted where a message ends one too
 * ('rejected: {{note}}.') would show '..' or '!.': the message's full stop gives way. An ellipsis
 * ('...') is left alone.
 */
export const tidy = (text: string) => text.replace(/(?<!\.)([.!?…])\.(?=\s|$)/g, '$1');

/**
 * `{{error, clause}}`: a message inserted after a comma ('Failed to delete, {{error, clause}}') reads
 * as the rest of that sentence, so its first word loses its capital ('…, this campaign is linked…').
 * Only a plain capitalised word does: not 'I', an acronym ('IBAN') or a word with more capitals
 * ('PostgreSQL'). German messages keep `{{error}}`, because there a capital often marks a noun.
 */
export const asClause = (value: unknown): string =>
  String(value ?? '').replace(/^(\p{Lu})(\p{Ll}*)(?=[\s,.;:!?]|$)/u, (word, first: string, rest: string) =>
    word === 'I' ? word : first.toLowerCase() + rest,
  );

/** The formats a message may give an inserted value (`{{name, format}}`), for i18next and translate.ts alike. */
export const FORMATS: Record<string, (value: unknown) => string> = { clause: asClause };

export const tidyPunctuation: PostProcessorModule = {
  type: 'postProcessor',
  name: 'tidyPunctuation',
  process: (value: string) => tidy(value),
};
