import { crc32, deflateSync } from 'node:zlib';
import { slugKey } from '../../shared/catalogue/fields.ts';

/**
 * Built-in word lists for the demo data: names and places from the three markets the app speaks to
 * (en, fr, de), so the demo looks real without downloading anything.
 */
export const FIRST_NAMES = [
  'Emma',
  'Louis',
  'Léa',
  'Lucas',
  'Chloé',
  'Hugo',
  'Manon',
  'Jules',
  'Camille',
  'Arthur',
  'Inès',
  'Gabriel',
  'Sarah',
  'Nathan',
  'Julie',
  'Thomas',
  'Clara',
  'Maxime',
  'Anna',
  'Paul',
  'Mia',
  'Leon',
  'Hannah',
  'Finn',
  'Lena',
  'Jonas',
  'Lina',
  'Elias',
  'Marie',
  'Felix',
  'Sophie',
  'Lukas',
  'Emilia',
  'Noah',
  'Johanna',
  'Ben',
  'Greta',
  'Karl',
  'Frieda',
  'Anton',
  'Olivia',
  'James',
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Harry',
  'Grace',
  'Jack',
  'Charlotte',
  'William',
  'Emily',
  'Henry',
  'Lucy',
  'Daniel',
  'Alice',
  'Samuel',
  'Eva',
  'David',
  'Nina',
  'Victor',
  'Zoé',
  'Adam',
  'Laura',
  'Raphaël',
  'Elena',
  'Matteo',
  'Sofia',
  'Theo',
] as const;

export const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Rossi',
  'Ferrari',
  'Esposito',
  'Romano',
  'Colombo',
  'Fernández',
  'López',
  'Martínez',
  'Janssen',
  'De Vries',
  'Novak',
  'Kowalski',
  'Nowak',
  'Horvat',
  'Andersen',
  'Nielsen',
  'Berg',
  'Lindqvist',
  'Costa',
  'Silva',
] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'post.example'] as const;

export const PLACES = [
  {
    country: 'France',
    prefix: '+33',
    zip: 5,
    streets: ['rue de la République', 'avenue Victor Hugo', 'boulevard Voltaire', 'rue Pasteur', 'place de la Gare'],
  },
  { country: 'Germany', prefix: '+49', zip: 5, streets: ['Hauptstraße', 'Bahnhofstraße', 'Gartenstraße', 'Schillerstraße', 'Lindenallee'] },
  { country: 'Belgium', prefix: '+32', zip: 4, streets: ['rue Royale', 'avenue Louise', 'Kerkstraat', 'chaussée de Wavre'] },
  { country: 'Switzerland', prefix: '+41', zip: 4, streets: ['Bahnhofstrasse', 'rue du Rhône', 'Seestrasse', 'Dorfstrasse'] },
  { country: 'Luxembourg', prefix: '+352', zip: 4, streets: ['Grand-Rue', 'avenue de la Liberté', 'route d’Arlon'] },
  { country: 'Austria', prefix: '+43', zip: 4, streets: ['Ringstraße', 'Mariahilfer Straße', 'Kirchengasse'] },
  { country: 'United Kingdom', prefix: '+44', zip: 0, streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road'] },
] as const;

export const CAMPAIGNS = [
  'Spring Forex Webinar',
  'Google Ads — France',
  'Facebook Lead Form DE',
  'Diamond Vault Mailing',
  'Affiliate: TradeNews',
  'Binary Options Masterclass',
  'LinkedIn Wealth Managers',
  'Referral Programme',
  'Autumn Investor Fair',
  'Newsletter Q3',
  'Retargeting — Checkout',
  'Podcast Sponsorship',
] as const;

/** Qualifications are the company's own words (settings), shown as written: words, never keys such as no_answer. */
export const QUALIFICATIONS = ['Hot', 'Warm', 'Cold', 'Call back', 'No answer', 'Interested', 'Not interested', 'Wrong number'] as const;

export const COMMENTS = [
  'Called, no answer. Will try again tomorrow morning.',
  'Interested in forex, wants a demo of the platform first.',
  'Asked for documentation about the diamond vault.',
  'Sent the verification documents request by email.',
  'Prefers to be contacted after 6 pm.',
  'Wants to start small: around 500 € first deposit.',
  'Already trades with another broker; compares fees.',
  'Signed up after the webinar, very motivated.',
  'Asked how withdrawals work and how long they take.',
  'Passport received, waiting for proof of address.',
  'Follow-up call scheduled next week.',
  'Not reachable on mobile, left a voicemail.',
  'Requested information on the solar park project.',
  'Happy with the first trades, considering a larger deposit.',
  'Asked to be contacted in German.',
  'Complained about a slow card payment; resolved.',
] as const;

export const SYMBOLS = [
  { symbol: 'EUR/USD', price: 1.085 },
  { symbol: 'GBP/USD', price: 1.27 },
  { symbol: 'USD/JPY', price: 151.2 },
  { symbol: 'USD/CHF', price: 0.89 },
  { symbol: 'AUD/USD', price: 0.66 },
  { symbol: 'EUR/GBP', price: 0.855 },
  { symbol: 'XAU/USD', price: 2330 },
  { symbol: 'BTC/USD', price: 64000 },
  { symbol: 'ETH/USD', price: 3100 },
] as const;

/**
 * Notifications as the server writes them: system ones carry an i18n key as title and its parameters
 * in `data` (src/server/notifications/notify.ts); the others read like an admin wrote them.
 */
export const NOTIFICATIONS = {
  leadAssigned: { type: 'leadsAssigned', title: 'app.notifications.leadsAssigned', body: null, data: { count: 1 } },
  verified: { type: 'verification', title: 'app.notifications.verification.verified', body: null, data: { note: null } },
  deposit: { type: 'deposit', title: 'Deposit received', body: 'Your deposit was credited to your account.', data: null },
  system: { type: 'system', title: 'Scheduled maintenance', body: 'The platform will be briefly unavailable on Sunday night.', data: null },
} as const;

/**
 * A flat, coloured image as PNG bytes, kept through the upload path (URL fields take https: or the
 * app's own uploads, never a data: URL): one colour, so it needs no drawing library.
 */
export function pngImage(colour: string, width = 160, height = 100): Buffer {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  // Each row: filter byte 0, then the pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const PROJECTS = [
  {
    name: 'Solar Park Andalucía',
    description: {
      en: 'A 40 MW solar park near Seville, selling power under a 15-year contract.',
      fr: 'Un parc solaire de 40 MW près de Séville, dont l’électricité est vendue sous contrat de 15 ans.',
      de: 'Ein 40-MW-Solarpark bei Sevilla, der Strom über einen 15-Jahres-Vertrag verkauft.',
    },
    rentability: 7.5,
    duration: 36,
    coefficient: 1.2,
    minimumAmount: 1000,
    dividendFrequency: 'monthly',
    colour: '#f59e0b',
  },
  {
    name: 'Lisbon Residences',
    description: {
      en: 'Renovation of 24 flats in central Lisbon for long-term rental.',
      fr: 'Rénovation de 24 appartements au centre de Lisbonne pour la location longue durée.',
      de: 'Sanierung von 24 Wohnungen im Zentrum Lissabons zur Langzeitvermietung.',
    },
    rentability: 9,
    duration: 48,
    coefficient: 1.5,
    minimumAmount: 5000,
    dividendFrequency: 'yearly',
    colour: '#0ea5e9',
  },
  {
    name: 'North Sea Wind Bond',
    description: {
      en: 'Senior bond financing two offshore wind turbines.',
      fr: 'Obligation senior finançant deux éoliennes en mer.',
      de: 'Vorrangige Anleihe zur Finanzierung zweier Offshore-Windturbinen.',
    },
    rentability: 5.25,
    duration: 24,
    coefficient: 1.1,
    minimumAmount: 2500,
    dividendFrequency: 'monthly',
    colour: '#14b8a6',
  },
  {
    name: 'Alpine Logistics Hub',
    description: {
      en: 'A cross-dock warehouse near Innsbruck, pre-let to a parcel carrier.',
      fr: 'Un entrepôt de transbordement près d’Innsbruck, pré-loué à un transporteur.',
      de: 'Ein Umschlaglager bei Innsbruck, vorvermietet an einen Paketdienst.',
    },
    rentability: 11,
    duration: 60,
    coefficient: 2,
    minimumAmount: 10000,
    dividendFrequency: 'end',
    colour: '#8b5cf6',
  },
  {
    name: 'Vineyard Bordeaux Rive Droite',
    description: {
      en: 'Acquisition of 12 hectares of Merlot vines with an established négociant.',
      fr: 'Acquisition de 12 hectares de vignes de merlot avec un négociant établi.',
      de: 'Erwerb von 12 Hektar Merlot-Reben mit einem etablierten Négociant.',
    },
    rentability: 6.5,
    duration: 72,
    coefficient: 1.3,
    minimumAmount: 3000,
    dividendFrequency: 'yearly',
    colour: '#be123c',
  },
] as const;

export const MARKETS = [
  { name: 'Diamonds', description: 'Certified investment diamonds, stored in a Swiss vault.', colour: '#38bdf8', letter: '◆' },
  { name: 'Fine Wine', description: 'Grand cru bottles and cases kept in bonded cellars.', colour: '#9f1239', letter: 'W' },
  { name: 'Watches', description: 'Collectible Swiss watches with box and papers.', colour: '#334155', letter: 'T' },
  { name: 'Gold', description: 'LBMA gold bars and coins with allocated storage.', colour: '#ca8a04', letter: 'Au' },
] as const;

type Labels = { en: string; fr: string; de: string };
type FieldSpec = {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'date';
  required?: boolean;
  labels: Labels;
  options?: { key: string; labels: Labels }[];
  position: number;
};
const same = (name: string): Labels => ({ en: name, fr: name, de: name });
/** Options named alike in every language (grades, brands, regions): keyed by their slug. */
const options = (...names: string[]) => names.map((name) => ({ key: slugKey(name), labels: same(name) }));
const field = (key: string, type: FieldSpec['type'], labels: Labels, extra: Partial<FieldSpec> = {}): Omit<FieldSpec, 'position'> => ({
  key,
  type,
  labels,
  ...extra,
});
const positioned = (...fields: Omit<FieldSpec, 'position'>[]): FieldSpec[] => fields.map((f, position) => ({ ...f, position }));

/** Product categories with dynamic fields (SPEC.md §3), each tied to a market; labels in en, fr and de. */
export const CATEGORIES: readonly { name: string; market: string | null; status: 'active' | 'inactive'; fields: FieldSpec[] }[] = [
  {
    name: 'Diamond',
    market: 'Diamonds',
    status: 'active',
    fields: positioned(
      field('carat', 'number', { en: 'Carat', fr: 'Carats', de: 'Karat' }, { required: true }),
      field(
        'colour',
        'string',
        { en: 'Colour', fr: 'Couleur', de: 'Farbe' },
        { required: true, options: options('D', 'E', 'F', 'G', 'H') },
      ),
      field(
        'clarity',
        'string',
        { en: 'Clarity', fr: 'Pureté', de: 'Reinheit' },
        { required: true, options: options('IF', 'VVS1', 'VVS2', 'VS1', 'VS2') },
      ),
      field('certified', 'boolean', { en: 'Certified', fr: 'Certifié', de: 'Zertifiziert' }),
    ),
  },
  {
    name: 'Wine case',
    market: 'Fine Wine',
    status: 'active',
    fields: positioned(
      field('vintage', 'number', { en: 'Vintage', fr: 'Millésime', de: 'Jahrgang' }, { required: true }),
      field(
        'region',
        'string',
        { en: 'Region', fr: 'Région', de: 'Region' },
        {
          required: true,
          options: [
            { key: 'bordeaux', labels: same('Bordeaux') },
            { key: 'burgundy', labels: { en: 'Burgundy', fr: 'Bourgogne', de: 'Burgund' } },
            { key: 'champagne', labels: same('Champagne') },
            { key: 'tuscany', labels: { en: 'Tuscany', fr: 'Toscane', de: 'Toskana' } },
            { key: 'rioja', labels: same('Rioja') },
          ],
        },
      ),
      field('bottles', 'number', { en: 'Bottles', fr: 'Bouteilles', de: 'Flaschen' }),
    ),
  },
  {
    name: 'Watch',
    market: 'Watches',
    status: 'active',
    fields: positioned(
      field(
        'brand',
        'string',
        { en: 'Brand', fr: 'Marque', de: 'Marke' },
        { required: true, options: options('Rolex', 'Patek Philippe', 'Audemars Piguet', 'Omega') },
      ),
      field('reference', 'string', { en: 'Reference', fr: 'Référence', de: 'Referenz' }, { required: true }),
      field('year', 'number', { en: 'Year', fr: 'Année', de: 'Jahr' }),
      field('box_and_papers', 'boolean', { en: 'Box and papers', fr: 'Boîte et papiers', de: 'Box und Papiere' }),
    ),
  },
  {
    name: 'Gold bar',
    market: 'Gold',
    status: 'active',
    fields: positioned(
      field('weight_grams', 'number', { en: 'Weight (g)', fr: 'Poids (g)', de: 'Gewicht (g)' }, { required: true }),
      field(
        'refiner',
        'string',
        { en: 'Refiner', fr: 'Affineur', de: 'Scheideanstalt' },
        { options: options('Valcambi', 'PAMP', 'Heraeus', 'Argor-Heraeus') },
      ),
      field('cast_on', 'date', { en: 'Cast on', fr: 'Coulé le', de: 'Gegossen am' }),
    ),
  },
  {
    name: 'Art print',
    market: null,
    status: 'inactive',
    fields: positioned(field('artist', 'string', { en: 'Artist', fr: 'Artiste', de: 'Künstler' }, { required: true })),
  },
];
