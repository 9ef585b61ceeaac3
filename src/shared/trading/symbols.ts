/**
 * The symbols the platform quotes, declared once (DESIGN.md §11): what the feed simulates, what an
 * order may be opened on, and what the screens show. Maximum leverage is the ESMA retail limit
 * (30:1 major pairs, 20:1 gold and major indices, 2:1 crypto); payout is a binary option's win %.
 */
export type SymbolSpec = {
  symbol: string;
  /** Decimal places a price is quoted to (5 for EURUSD, 3 for USDJPY). */
  digits: number;
  /** Units of the base per lot (100,000 for a currency pair, 100 oz of gold, 1 coin, 1 index point × 1). */
  contractSize: number;
  /** The currency a price (and so a profit) is in before conversion to euros. */
  quoteCurrency: 'USD' | 'JPY' | 'EUR';
  maxLeverage: number;
  /** A winning binary option pays stake + stake × payout / 100. */
  binaryPayout: number;
  /** The smallest price step that counts as a pip. */
  pip: number;
  /** The feed's starting price, yearly drift and volatility, and half-spread in price units. */
  start: number;
  drift: number;
  volatility: number;
  halfSpread: number;
  /** Words for the watchlist. */
  label: string;
};

export const SYMBOLS = [
  {
    symbol: 'EURUSD',
    label: 'Euro / US Dollar',
    digits: 5,
    contractSize: 100_000,
    quoteCurrency: 'USD',
    maxLeverage: 30,
    binaryPayout: 80,
    pip: 0.0001,
    start: 1.085,
    drift: 0,
    volatility: 0.07,
    halfSpread: 0.00005,
  },
  {
    symbol: 'GBPUSD',
    label: 'British Pound / US Dollar',
    digits: 5,
    contractSize: 100_000,
    quoteCurrency: 'USD',
    maxLeverage: 30,
    binaryPayout: 80,
    pip: 0.0001,
    start: 1.27,
    drift: 0,
    volatility: 0.08,
    halfSpread: 0.00007,
  },
  {
    symbol: 'USDJPY',
    label: 'US Dollar / Japanese Yen',
    digits: 3,
    contractSize: 100_000,
    quoteCurrency: 'JPY',
    maxLeverage: 30,
    binaryPayout: 80,
    pip: 0.01,
    start: 151.2,
    drift: 0,
    volatility: 0.09,
    halfSpread: 0.006,
  },
  {
    symbol: 'XAUUSD',
    label: 'Gold / US Dollar',
    digits: 2,
    contractSize: 100,
    quoteCurrency: 'USD',
    maxLeverage: 20,
    binaryPayout: 75,
    pip: 0.1,
    start: 2350,
    drift: 0.02,
    volatility: 0.15,
    halfSpread: 0.15,
  },
  {
    symbol: 'BTCUSD',
    label: 'Bitcoin / US Dollar',
    digits: 2,
    contractSize: 1,
    quoteCurrency: 'USD',
    maxLeverage: 2,
    binaryPayout: 70,
    pip: 1,
    start: 64_000,
    drift: 0.05,
    volatility: 0.6,
    halfSpread: 15,
  },
  {
    symbol: 'US500',
    label: 'US 500 index',
    digits: 2,
    contractSize: 1,
    quoteCurrency: 'USD',
    maxLeverage: 20,
    binaryPayout: 75,
    pip: 0.1,
    start: 5200,
    drift: 0.05,
    volatility: 0.16,
    halfSpread: 0.25,
  },
] as const satisfies readonly SymbolSpec[];

export type TradingSymbol = (typeof SYMBOLS)[number]['symbol'];
export const SYMBOL_NAMES = SYMBOLS.map((s) => s.symbol) as unknown as readonly [TradingSymbol, ...TradingSymbol[]];

const bySymbol = new Map<string, SymbolSpec>(SYMBOLS.map((s) => [s.symbol, s]));
/** The symbol's declaration, or undefined for a name the platform does not quote. */
export const symbolSpec = (symbol: string): SymbolSpec | undefined => bySymbol.get(symbol);
