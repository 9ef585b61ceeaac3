/**
 * Recomputes a price the feed quoted, from a day's revealed seed (docs/decisions/price-feed.md):
 *
 *   npm run recompute-settlement -- --symbol EURUSD --time 2026-11-26T14:30:05Z --seed <64 hex> --opens '{"EURUSD":1.0917…}'
 *   npm run recompute-settlement -- --symbol EURUSD --time 2026-11-26T14:30:05Z --url http://127.0.0.1:3000 --token <token>
 *
 * With --url it reads `GET /api/v1/price/seeds` (any signed-in user's token, or BD_TOKEN) for the day
 * of --time; with --hash it also checks SHA-256(seed) against the hash published that day. It prints
 * the last tick at or before --time: symbol, bid, ask and the tick's time, as JSON.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { recomputeQuote, utcDay } from '../src/shared/trading/feed-math.ts';
import { symbolSpec } from '../src/shared/trading/symbols.ts';

type Revealed = { day: string; seed: string; opens: Record<string, number> };

async function main() {
  const { values } = parseArgs({
    options: {
      symbol: { type: 'string' },
      time: { type: 'string' },
      seed: { type: 'string' },
      opens: { type: 'string' },
      hash: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
    },
  });
  const spec = symbolSpec(values.symbol ?? '');
  const time = new Date(values.time ?? '');
  if (!spec || Number.isNaN(time.getTime()))
    throw new Error('usage: --symbol EURUSD --time <ISO time> (--seed <hex> --opens <json> | --url <server> --token <token>)');
  const day = utcDay(time.getTime());
  let revealed: Revealed;
  if (values.seed && values.opens) revealed = { day, seed: values.seed, opens: JSON.parse(values.opens) as Record<string, number> };
  else if (values.url) {
    const token = values.token ?? process.env.BD_TOKEN;
    const response = await fetch(new URL(`/api/v1/price/seeds?day=${day}`, values.url), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`GET /price/seeds: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { revealed: Revealed[] };
    const found = body.revealed.find((r) => r.day === day);
    if (!found) throw new Error(`the feed had not begun on ${day}: no seed`);
    revealed = found;
  } else throw new Error('give --seed and --opens, or --url');
  if (values.hash) {
    const hash = createHash('sha256').update(Buffer.from(revealed.seed, 'hex')).digest('hex');
    if (hash !== values.hash) throw new Error(`SHA-256 of the seed is ${hash}, not the published ${values.hash}`);
  }
  console.log(JSON.stringify(recomputeQuote(revealed.seed, revealed.opens, spec, time)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
