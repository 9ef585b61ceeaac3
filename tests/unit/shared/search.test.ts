import { describe, expect, test } from 'vitest';
import { foldText, parseSearch, recordMatches } from '../../../src/shared/search.ts';
import { userEntity } from '../../../src/shared/entities/user.ts';
import { SEARCH_CASES, SEARCH_PEOPLE } from '../../fixtures/search-cases.ts';

describe('search as people are searched (the local mirror side)', () => {
  test('folding: lower case and accents, letter for letter', () => {
    expect(foldText('Hélène DUPRÉ Ærø Øst')).toBe('helene dupre æro ost');
  });

  test.each(SEARCH_CASES)('%s', (query, expected) => {
    const search = parseSearch(query)!;
    const found = SEARCH_PEOPLE.filter((person) =>
      recordMatches(person as Record<string, unknown>, search, userEntity.searchable, userEntity.phoneFields),
    ).map((p) => p.key);
    expect(found.sort()).toEqual([...expected].sort());
  });
});
