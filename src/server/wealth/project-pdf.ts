import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Language } from '../../shared/constants.ts';
import type { Services } from '../context.ts';
import { projects, uploads, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { translate } from '../http/i18n.ts';
import { currentSettings } from '../settings/settings.ts';
import { scheduleOf, type InvestmentRow } from './open-investment.ts';

const A4 = [595.28, 841.89] as const;
const MARGIN = 50;

/** The standard fonts write WinAnsi only: other characters become '?', spaces of any width a space. */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : /\s/.test(char) ? ' ' : '?')).join('');
}

async function readBytes(services: Pick<Services, 'db' | 'files'>, upload: typeof uploads.$inferSelect): Promise<Buffer | undefined> {
  const stored = await services.files.read(services.db, upload);
  if (!stored || Buffer.isBuffer(stored)) return stored;
  const chunks: Buffer[] = [];
  for await (const chunk of stored) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The signed subscription of an investment (DESIGN.md §10) in the reader's language: the company, the
 * project, the lead, amount, duration, rate, every dividend with its date, the signature and its date.
 * The same bytes on every download: the document's dates are the subscription's, and pdf-lib writes no
 * random identifier.
 */
export async function subscriptionPdf(
  services: Pick<Services, 'db' | 'files'>,
  investment: InvestmentRow,
  lang: Language,
): Promise<Uint8Array> {
  const { db } = services;
  const [lead] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, investment.userId));
  const [project] = investment.projectId ? await db.select().from(projects).where(eq(projects.id, investment.projectId)) : [];
  const [signature] = await db.select().from(uploads).where(eq(uploads.id, investment.signatureUploadId!));
  const signatureBytes = signature && (await readBytes(services, signature));
  if (!lead || !signatureBytes) throw new AppError('NOT_FOUND');
  const company = (await currentSettings(db)).companyName;

  const t = (key: string, params: Record<string, unknown> = {}) => translate(lang, `app.projects.pdf.${key}`, params);
  const money = (cents: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100);
  const day = (date: Date) => new Intl.DateTimeFormat(lang, { timeZone: 'UTC', dateStyle: 'long' }).format(date);
  const schedule = scheduleOf(investment);
  const principalCents = Math.round(investment.initialAmount * 100);

  const pdf = await PDFDocument.create();
  const signedAt = investment.dateCreation;
  pdf.setTitle(writable(await pdf.embedFont(StandardFonts.Helvetica), `${t('title')}: ${project?.name ?? investment.name}`));
  pdf.setCreator('BrokerDesk');
  pdf.setProducer('BrokerDesk');
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage([...A4]);
  let y = A4[1] - MARGIN;
  const line = (text: string, options: { size?: number; strong?: boolean; x?: number; gap?: number } = {}) => {
    const size = options.size ?? 11;
    if (y < MARGIN + size) {
      page = pdf.addPage([...A4]);
      y = A4[1] - MARGIN;
    }
    const face = options.strong ? bold : font;
    page.drawText(writable(face, text), { x: options.x ?? MARGIN, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
    if (options.gap !== 0) y -= options.gap ?? size + 6;
  };

  if (company) line(company, { size: 12, strong: true });
  line(t('title'), { size: 20, strong: true, gap: 30 });
  const facts: [string, string][] = [
    [t('project'), project?.name ?? investment.name],
    [t('lead'), `${lead.firstName} ${lead.lastName} (${lead.email})`],
    [t('amount'), money(principalCents)],
    [t('rate'), t('rateValue', { rate: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(investment.rentability) })],
    [t('frequency'), translate(lang, `app.projects.frequency.${investment.dividendFrequency}`)],
    [t('start'), day(investment.startDate)],
    [t('expiry'), day(investment.expirationDate)],
    [t('totalReturn'), money(schedule.totalCents)],
    [t('finalAmount'), money(principalCents + schedule.totalCents)],
  ];
  for (const [label, value] of facts) {
    line(label, { strong: true, gap: 0 });
    line(value, { x: MARGIN + 150 });
  }
  y -= 10;
  line(t('schedule'), { size: 13, strong: true });
  line(t('period'), { strong: true, gap: 0 });
  line(t('date'), { strong: true, x: MARGIN + 70, gap: 0 });
  line(t('dividend'), { strong: true, x: MARGIN + 300 });
  for (const period of schedule.periods) {
    line(String(period.period), { size: 10, gap: 0 });
    line(day(period.date), { size: 10, x: MARGIN + 70, gap: 0 });
    line(money(period.amountCents), { size: 10, x: MARGIN + 300 });
  }
  y -= 14;
  const image = await pdf.embedPng(signatureBytes);
  const scaled = image.scaleToFit(220, 110);
  if (y - scaled.height < MARGIN + 30) {
    page = pdf.addPage([...A4]);
    y = A4[1] - MARGIN;
  }
  line(t('signedOn', { date: day(signedAt) }), { strong: true });
  page.drawImage(image, { x: MARGIN, y: y - scaled.height, width: scaled.width, height: scaled.height });
  // No object streams: plain, stable output that any reader opens.
  return pdf.save({ useObjectStreams: false });
}
