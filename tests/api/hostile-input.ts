import fc from 'fast-check';

/**
 * fast-check arbitraries of hostile input for the bad-input test. Each one is invalid by
 * construction (never a valid request by accident), so the only right answer is a 4xx that
 * changes nothing.
 */

/** A request body as raw text, so it can carry what JSON.stringify never makes (`__proto__`, 1e400). */
export type RawBody = { text: string; contentType: string };

export const json = (text: string): RawBody => ({ text, contentType: 'application/json' });

export const SQL_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '" OR 1=1 --',
  "'); DELETE FROM change_log; --",
  "1' UNION SELECT password_hash FROM users --",
  "%' AND 1=0 UNION SELECT NULL, NULL --",
  "' || pg_sleep(5) || '",
  '*/ SELECT 1 /*',
  '$1',
  '\\',
  '%',
  '_',
] as const;

/** Keys no create or update schema has; `__proto__` and `constructor` try prototype pollution. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '$where',
  '$gt',
  'passwordHash',
  'password_hash',
  'cardCvv',
  'secureCode',
  'version',
  'dateCreation',
  'dateLastUpdate',
  'isAdmin',
  '',
] as const;

/** Fields a client must never filter or sort on. */
export const FORBIDDEN_FIELDS = [
  'password',
  'passwordHash',
  'password_hash',
  'cardNumber',
  'cardCVV',
  'secureCode',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

const printable = fc.constantFrom(
  ...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~'.split(''),
);
/** Short printable strings (safe in headers). */
export const printableString = (maxLength = 24) => fc.string({ unit: printable, maxLength });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown) => typeof value === 'string' && UUID.test(value);

const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** JSON texts of values of every type but `original`'s (null excepted: optional fields may be null). */
function wrongTypeValue(original: unknown): fc.Arbitrary<string> {
  const byType: Record<string, fc.Arbitrary<string>> = {
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => JSON.stringify(n)),
    string: printableString().map((s) => JSON.stringify(s)),
    boolean: fc.boolean().map(String),
    object: fc.constantFrom('{}', '{"a":{"b":1}}', '{"$gt":""}', '{"en":{"x":1}}'),
    array: fc.constantFrom('[]', '[1]', '["x"]', '[{}]', '[null]'),
  };
  const kind = typeOf(original);
  return fc.oneof(
    ...Object.entries(byType)
      .filter(([type]) => type !== kind)
      .map(([, arb]) => arb),
  );
}

/** Numbers no field accepts: beyond every bound, beyond doubles, beyond safe integers. */
export const HUGE_NUMBERS = [
  '1e400',
  '-1e400',
  '1e308',
  '-1e308',
  '9007199254740993',
  '1e16',
  '-1e16',
  '123456789012345678901234567890',
] as const;

/**
 * The fuzzer's date extremes: the ends of JavaScript's Date range (±8.64e15 ms), years no form
 * means, and the edge of what PostgreSQL stores. Every one is outside the sane range of the shared
 * date schema, so each must be a 400, never a 500 from date arithmetic or the database.
 */
export const EXTREME_DATES = [
  '9999-12-31',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20',
  '0000-01-01',
  '1000-01-01',
  '2200-01-02',
  '275760-09-13',
  '9999-12-31T23:59:59.999Z',
] as const;

/** Numbers at the edges of doubles and safe integers, next to HUGE_NUMBERS. */
export const EXTREME_NUMBERS = [
  '9007199254740991',
  '-9007199254740991',
  '1.7976931348623157e308',
  '-1.7976931348623157e308',
  '-0.0000001',
] as const;

/** Well-formed ids at the edges of the UUID space: no record has them. */
export const EXTREME_IDS = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'] as const;

/** Strings longer than any field allows. */
const hugeString = fc
  .tuple(fc.integer({ min: 10_001, max: 60_000 }), fc.constantFrom('A', 'é', '💥', "'; DROP TABLE users; --"))
  .map(([length, unit]) => JSON.stringify(unit.repeat(Math.ceil(length / unit.length))));

/** `{...payload, key: value}` as text, the key written first so `__proto__` stays a real key. */
const withKey = (payload: Record<string, unknown>, key: string, valueText: string) => {
  const rest = JSON.stringify(payload).slice(1, -1);
  return `{${JSON.stringify(key)}:${valueText}${rest ? `,${rest}` : ''}}`;
};
/** `payload` with `field` replaced by the JSON text `valueText`. */
const replaced = (payload: Record<string, unknown>, field: string, valueText: string) => {
  const { [field]: _gone, ...rest } = payload;
  return withKey(rest, field, valueText);
};

export const MALFORMED_JSON = [
  '',
  '{',
  '{"name":',
  '{"name": "x",}',
  "{'name': 'x'}",
  '{"name": NaN}',
  '{"name": undefined}',
  '{"a":1}}',
  '// comment\n{}',
  'nul',
  '{"name":"\\uZZZZ"}',
  '\u0000',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":{"polluted":true}}',
] as const;

/** Bodies that are JSON but not an object. */
export const NOT_OBJECTS = ['[]', '1', '"text"', 'null', 'true', '[{}]'] as const;

/**
 * A hostile body for a route that takes one object, built from a valid `payload` with one thing
 * wrong: an unknown or poisonous key, a value of the wrong type, a huge number or string, SQL in
 * an id, malformed JSON, a non-object, or the wrong content type.
 */
export function hostileObjectBody(
  payload: Record<string, unknown>,
  allowedKeys: ReadonlySet<string>,
  /** Fields that hold dates (whether the payload sets them or not): each gets the date extremes. */
  dateFields: readonly string[] = [],
): fc.Arbitrary<RawBody> {
  const fields = Object.keys(payload);
  const idFields = fields.filter((f) => isUuid(payload[f]));
  const numberFields = fields.filter((f) => typeof payload[f] === 'number');
  const field = fc.constantFrom(...fields);
  const variants: fc.Arbitrary<RawBody>[] = [
    fc
      .tuple(
        fc.oneof(fc.constantFrom(...HOSTILE_KEYS), printableString(30)),
        fc.oneof(fc.constant('1'), fc.constant('{"polluted":true}'), fc.constant('null')),
      )
      .filter(([key]) => !allowedKeys.has(key))
      .map(([key, value]) => json(withKey(payload, key, value))),
    field.chain((f) => wrongTypeValue(payload[f]).map((value) => json(replaced(payload, f, value)))),
    fc.tuple(field, fc.constantFrom(...HUGE_NUMBERS)).map(([f, value]) => json(replaced(payload, f, value))),
    // Number extremes go only where the payload holds a number: elsewhere they are merely the wrong type.
    ...(numberFields.length
      ? [
          fc
            .tuple(fc.constantFrom(...numberFields), fc.constantFrom(...EXTREME_NUMBERS))
            .map(([f, value]) => json(replaced(payload, f, value))),
        ]
      : []),
    fc.tuple(field, hugeString).map(([f, value]) => json(replaced(payload, f, value))),
    fc.constantFrom(...MALFORMED_JSON).map(json),
    fc.constantFrom(...NOT_OBJECTS).map(json),
    fc
      .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded')
      .map((contentType) => ({ text: JSON.stringify(payload), contentType })),
    fc.integer({ min: 2_000, max: 20_000 }).map((depth) => json(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  ];
  if (dateFields.length) {
    variants.push(
      fc
        .tuple(fc.constantFrom(...dateFields), fc.constantFrom(...EXTREME_DATES))
        .map(([f, date]) => json(replaced(payload, f, JSON.stringify(date)))),
    );
  }
  if (idFields.length) {
    variants.push(
      fc
        .tuple(fc.constantFrom(...idFields), fc.constantFrom(...SQL_STRINGS))
        .map(([f, sqlText]) => json(replaced(payload, f, JSON.stringify(sqlText)))),
    );
    // Well-formed ids of records that do not exist: a dangling reference, never a half-written row.
    variants.push(
      fc
        .tuple(fc.constantFrom(...idFields), fc.oneof(fc.uuid(), fc.constantFrom(...EXTREME_IDS)))
        .map(([f, id]) => json(replaced(payload, f, JSON.stringify(id)))),
    );
  }
  return fc.oneof(...variants);
}

/** A hostile batch body: not an array, empty, too long, or valid items around one hostile item. */
export function hostileBatchBody(
  payload: Record<string, unknown>,
  allowedKeys: ReadonlySet<string>,
  maxBatch = 10_000,
): fc.Arbitrary<RawBody> {
  const valid = JSON.stringify(payload);
  return fc.oneof(
    hostileObjectBody(payload, allowedKeys)
      .filter((body) => body.contentType === 'application/json' && body.text.startsWith('{'))
      .chain((item) => fc.integer({ min: 0, max: 2 }).map((at) => json(`[${[valid, valid].toSpliced(at, 0, item.text).join(',')}]`))),
    fc.constantFrom('{}', '1', '"x"', 'null', '[]', JSON.stringify({ items: [payload] })).map(json),
    fc.constant(
      json(
        `[${Array(maxBatch + 1)
          .fill('{}')
          .join(',')}]`,
      ),
    ),
    fc.constantFrom(...MALFORMED_JSON).map(json),
  );
}

/** Path ids that are not UUIDs (SQL, traversal, too long, near-misses), and well-formed unknown ones. */
export const hostileId: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...SQL_STRINGS),
    fc.constantFrom('../../etc/passwd', '..', '%00', '\u0000', '1', '-1', '0', 'null', 'undefined', 'NaN', '{}', '[]', 'true'),
    fc.constantFrom(
      '0190a0a0-0000-7000-8000-00000000000g',
      '0190a0a000007000800000000000000a',
      '{0190a0a0-0000-7000-8000-000000000000}',
      ' 0190a0a0-0000-7000-8000-000000000000',
    ),
    fc.integer({ min: 201, max: 2_000 }).map((n) => 'a'.repeat(n)),
    printableString(40),
    fc.uuid(),
    fc.constantFrom(...EXTREME_IDS),
  )
  .filter((id) => id !== '' && id !== 'search' && id !== 'batch');

/** If-Match values that are not a version number: the server must refuse, not guess. */
export const garbageIfMatch: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      'abc',
      '0',
      '-1',
      '1.5',
      '0x1',
      '1e0',
      '+1',
      'W/"x"',
      '"1"x',
      '1,2',
      '*',
      'null',
      'true',
      '[1]',
      ' ',
      '99999999999999999999999',
    ),
    printableString(12),
  )
  .filter((value) => !/^(W\/)?"?[1-9]\d{0,8}"?$/.test(value.trim()));

/** Idempotency keys the server must refuse before doing anything. */
export const garbageIdempotencyKey = fc.oneof(
  fc.constantFrom('short', 'has spaces in it', 'semi;colon;key', "'; DROP TABLE--", 'x'.repeat(201)),
  printableString(7),
);

/** What the list generator needs to know of an entity. */
export type ListShape = {
  filterable: readonly string[];
  sortable: readonly string[];
  /** Filterable fields by column kind: values of another kind must be refused. */
  typed: { uuid: string[]; number: string[]; boolean: string[]; date: string[]; array: string[] };
  plainParams: boolean;
};

const enc = encodeURIComponent;
const jsonParam = (name: string, value: unknown) => `${name}=${enc(typeof value === 'string' ? value : JSON.stringify(value))}`;

/**
 * A hostile list or search query string: one bad element (a field outside the lists, a value of
 * the wrong kind, a bad operator, malformed JSON, a page or limit out of range, an overlong q, an
 * unknown or duplicated parameter) next to otherwise valid parameters.
 */
export function hostileListQuery(shape: ListShape): fc.Arbitrary<string> {
  const outside = (allowed: readonly string[]) =>
    fc
      .oneof(fc.constantFrom(...FORBIDDEN_FIELDS), fc.constantFrom(...SQL_STRINGS), printableString(20))
      .filter((f) => !allowed.includes(f));
  const badValueFilters: fc.Arbitrary<unknown>[] = [];
  const { uuid, number, boolean, date, array } = shape.typed;
  if (uuid.length)
    badValueFilters.push(
      fc.tuple(fc.constantFrom(...uuid), fc.constantFrom(...SQL_STRINGS, 'not-a-uuid', '1')).map(([field, v]) => [{ field, values: [v] }]),
    );
  if (number.length)
    badValueFilters.push(
      fc
        .tuple(fc.constantFrom(...number), fc.constantFrom(...SQL_STRINGS, '1e400', 'NaN', 'Infinity', '0x10', '1e99'))
        .map(([field, v]) => [{ field, values: [v], operator: 'gt' }]),
    );
  if (boolean.length)
    badValueFilters.push(
      fc
        .tuple(fc.constantFrom(...boolean), fc.constantFrom('maybe', '1', 'yes', ...SQL_STRINGS))
        .map(([field, v]) => [{ field, values: [v], operator: 'eq' }]),
    );
  if (date.length)
    badValueFilters.push(
      fc
        .tuple(fc.constantFrom(...date), fc.constantFrom('yesterday', '2024-13-45', '99999-01-01', ...EXTREME_DATES, ...SQL_STRINGS))
        .map(([field, v]) => [{ field, values: [v], operator: 'gte' }]),
    );
  if (array.length)
    badValueFilters.push(fc.tuple(fc.constantFrom(...array), fc.constantFrom(1, true)).map(([field, v]) => [{ field, values: [v] }]));
  const filterable = fc.constantFrom(...shape.filterable);

  const bad = fc.oneof(
    outside(shape.filterable).map((field) => jsonParam('filters', [{ field, values: ['x'] }])),
    outside(shape.sortable).map((field) => jsonParam('sorts', [{ field, order: 'asc' }])),
    ...badValueFilters.map((arb) => arb.map((filters) => jsonParam('filters', filters))),
    fc
      .tuple(filterable, fc.constantFrom('like', 'regex', '; drop', 'IN', ''))
      .map(([field, operator]) => jsonParam('filters', [{ field, values: ['x'], operator }])),
    filterable.map((field) =>
      jsonParam('filters', [
        { field: 'dateCreation', values: ['2024-01-01T00:00:00Z'], operator: 'between' },
        { field, values: ['x'], extra: 1 },
      ]),
    ),
    fc
      .constantFrom('[{', '{}', '"x"', '[1]', '[null]', '[{"field":"id","values":"x"}]', '[{"field":"id"}]', 'null', '[[]]')
      .map((text) => `filters=${enc(text)}`),
    fc.constant(jsonParam('filters', Array(21).fill({ field: 'id', values: [] }))),
    fc.constant(jsonParam('filters', [{ field: 'id', values: Array(501).fill('0190a0a0-0000-7000-8000-000000000000') }])),
    fc
      .constantFrom('[{', '[{"field":"id","order":"sideways"}]', '[{"field":"id","order":"asc","x":1}]', '{"field":"id"}')
      .map((text) => `sorts=${enc(text)}`),
    fc.constantFrom('0', '-1', 'abc', '1.5', '1e400', '', '99999999', '[]').map((v) => `page=${enc(v)}`),
    fc.constantFrom('0', '-5', '101', '100000', 'all', '1.5', '1e400', '').map((v) => `limit=${enc(v)}`),
    fc.constant('page=1&page=2'),
    fc.constant('limit=5&limit=100000'),
    fc.integer({ min: 201, max: 5_000 }).map((n) => `q=${enc("'".repeat(n))}`),
    outside(shape.plainParams ? shape.filterable : [])
      .filter((name) => !['page', 'limit', 'filters', 'sorts', 'q'].includes(name))
      .map((name) => `${enc(name)}=1`),
  );
  const validParts = fc.subarray(['page=1', 'limit=10', jsonParam('sorts', [{ field: 'dateCreation', order: 'desc' }])]);
  return fc.tuple(bad, validParts).map(([hostile, valid]) => [...valid, hostile].join('&'));
}
