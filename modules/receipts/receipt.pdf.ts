import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { sfntFromWoff } from './woff.ts';

export interface ReceiptContent {
  /** Unguessable, so that nobody reaches another donor's receipt by counting. */
  receiptId: string;
  fundraiserTitle: string;
  /** Null or empty for a donor who gave anonymously. */
  donorName: string | null;
  /** Decimal string, as the API speaks it ("25.00"). */
  amount: string;
  currency: 'USD' | 'ETB';
  paidAt: Date;
  paymentMethod: 'STRIPE' | 'PAYPAL' | 'CHAPA';
  /** How the donor paid within the method, as the provider names it (Chapa: telebirr, cbebirr, mpesa, a bank). */
  channel: string | null;
  transactionId: string;
  language: 'en' | 'am';
}

type Lang = ReceiptContent['language'];

// The site's own wording (site/src/i18n): "ስም አልባ" for anonymous gifts, "ገንዘብ ማሰባሰቢያ" for a
// fundraiser, "ካርድ"/"ፔይፓል"/"ቻፓ" for the payment methods, "ቴሌብር", "ሲቢኢ ብር", "ኤም-ፔሳ" for the wallets.
const words = {
  en: {
    platform: 'EthioFundraise',
    title: 'Donation receipt',
    fundraiser: 'Fundraiser',
    donor: 'Donor',
    anonymous: 'Anonymous',
    amount: 'Amount',
    currency: 'Currency',
    date: 'Date',
    paymentMethod: 'Payment method',
    STRIPE: 'Card',
    PAYPAL: 'PayPal',
    CHAPA: 'Chapa',
    viaChapa: '{channel} through Chapa',
    telebirr: 'telebirr',
    cbebirr: 'CBE Birr',
    mpesa: 'M-Pesa',
    bank: 'Bank transfer',
    transactionId: 'Transaction ID',
    chapaReference: 'Chapa reference',
    receiptId: 'Receipt ID',
    platformFee: 'Platform fee',
    feeNote:
      'EthioFundraise takes nothing from your donation: all of it goes to the fundraiser, less only ' +
      'the standard processing fee that card networks, PayPal and Chapa charge.',
    thanks: 'Thank you for your generosity.',
    keep: 'Please keep this receipt for your records.',
  },
  am: {
    platform: 'ኢትዮ ፈንድሬይዝ',
    title: 'የልገሳ ደረሰኝ',
    fundraiser: 'ገንዘብ ማሰባሰቢያ',
    donor: 'ለጋሽ',
    anonymous: 'ስም አልባ',
    amount: 'የልገሳው መጠን',
    currency: 'የገንዘብ ዓይነት',
    date: 'ቀን',
    paymentMethod: 'የክፍያ ዘዴ',
    STRIPE: 'ካርድ',
    PAYPAL: 'ፔይፓል',
    CHAPA: 'ቻፓ',
    viaChapa: '{channel} በቻፓ በኩል',
    telebirr: 'ቴሌብር',
    cbebirr: 'ሲቢኢ ብር',
    mpesa: 'ኤም-ፔሳ',
    bank: 'የባንክ ዝውውር',
    transactionId: 'የግብይት ቁጥር',
    chapaReference: 'የቻፓ መለያ ቁጥር',
    receiptId: 'የደረሰኝ ቁጥር',
    platformFee: 'የመድረክ ክፍያ',
    feeNote:
      'ኢትዮ ፈንድሬይዝ ከልገሳዎ ምንም አይወስድም፤ የካርድ ድርጅቶች፣ ፔይፓልና ቻፓ ከሚያስከፍሉት መደበኛ የማስተናገጃ ክፍያ ' +
      'በስተቀር ልገሳዎ በሙሉ ለገንዘብ ማሰባሰቢያው ይደርሳል።',
    thanks: 'ስለ ልግስናዎ ከልብ እናመሰግናለን።',
    keep: 'እባክዎ ይህንን ደረሰኝ ለመዝገብዎ ያስቀምጡት።',
  },
} satisfies Record<Lang, Record<string, string>>;

const channelWords = ['telebirr', 'cbebirr', 'mpesa', 'bank'] as const;

/** A name as Chapa keys it (`awash_bank`) as a person writes it (Awash Bank). */
const readable = (key: string) => key.replace(/[_-]+/g, ' ').replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());

/** "telebirr through Chapa": the wallet or bank the donor knows they paid with, and who took it; another bank or wallet by the name Chapa gives it. */
function methodText(w: (typeof words)[Lang], content: ReceiptContent): string {
  if (content.paymentMethod !== 'CHAPA' || !content.channel) return w[content.paymentMethod];
  const known = channelWords.find((channel) => channel === content.channel!.toLowerCase());
  return w.viaChapa.replace('{channel}', known ? w[known] : readable(content.channel));
}

// The site formats with these locales: 'am-ET' writes ETB as ብር.
const intlLocales: Record<Lang, string> = { en: 'en-US', am: 'am-ET' };

function formatAmount(lang: Lang, amount: string, currency: ReceiptContent['currency']): string {
  // As the site's formatMoney, except that a receipt always shows the cents of the sum it
  // records. The string goes to Intl as it is, so that no float rounds it.
  return new Intl.NumberFormat(intlLocales[lang], {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount as Intl.StringNumericLiteral);
}

function formatPaidAt(lang: Lang, paidAt: Date): string {
  // Donors are in Ethiopia and abroad alike: one named zone is unambiguous for all of them.
  return new Intl.DateTimeFormat(intlLocales[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(paidAt) + ' UTC';
}

// Noto Sans Ethiopic comes in per-script files, as browsers load it: the Ethiopic file has no
// Latin letters or digits, so every run of text takes the first file that has its glyphs.
const scripts = ['ethiopic', 'latin', 'latin-ext'] as const;
const weights = [400, 700] as const;
type Weight = (typeof weights)[number];

interface Face {
  name: string;
  data: Buffer;
  font: Font;
}

let loadedFaces: Record<Weight, Face[]> | undefined;

/**
 * Read on first use, from the WOFF files unpacked once (woff.ts). Not WOFF2: fontkit would
 * decode its Brotli in JavaScript for every document, a third of a second each.
 */
function faces(): Record<Weight, Face[]> {
  if (loadedFaces) return loadedFaces;
  const files = new URL('files/', import.meta.resolve('@fontsource/noto-sans-ethiopic/index.css'));
  const load = (weight: Weight) =>
    scripts.map((script) => {
      const data = sfntFromWoff(readFileSync(new URL(`noto-sans-ethiopic-${script}-${weight}-normal.woff`, files)));
      const font = create(data);
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${script} ${weight} is a font collection`);
      return { name: `${script}-${weight}`, data, font };
    });
  loadedFaces = { 400: load(400), 700: load(700) };
  return loadedFaces;
}

interface Run {
  face: string;
  text: string;
}

/** Splits text into runs of one face each; a character no face has stays with the Latin one. */
export function fontRuns(text: string, weight: Weight): Run[] {
  const available = faces()[weight];
  const fallback = available[scripts.indexOf('latin')]!;
  const runs: Run[] = [];
  let current: { face: Face; text: string } | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    // Staying in the current face where it can (spaces, punctuation) keeps the runs few.
    if (current?.face.font.hasGlyphForCodePoint(codePoint)) {
      current.text += char;
      continue;
    }
    const face = available.find((candidate) => candidate.font.hasGlyphForCodePoint(codePoint)) ?? fallback;
    if (current?.face === face) {
      current.text += char;
    } else {
      if (current) runs.push({ face: current.face.name, text: current.text });
      current = { face, text: char };
    }
  }
  if (current) runs.push({ face: current.face.name, text: current.text });
  return runs;
}

const colours = { ink: '#1c1917', muted: '#57534e', line: '#d6d3d1', brand: '#166534' };
const margin = 56;
const labelWidth = 150;
const gap = 12;

export function renderReceiptPdf(content: ReceiptContent): Promise<Buffer> {
  const lang = content.language;
  const w = words[lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    lang,
    displayTitle: true,
    info: {
      Title: `${w.title} ${content.receiptId}`,
      Author: w.platform,
      Subject: content.fundraiserTitle,
      // The payment's time rather than the rendering's, so that a receipt rendered again is the
      // same document.
      CreationDate: content.paidAt,
    },
  });
  for (const weight of weights) {
    for (const face of faces()[weight]) doc.registerFont(face.name, face.data);
  }

  const pageWidth = doc.page.width - 2 * margin;

  /** Writes text at the cursor (or at x, y) in as many fonts as its scripts need. */
  const write = (
    text: string,
    style: { size: number; weight?: Weight; colour?: string; width?: number; x?: number; y?: number },
  ) => {
    const runs = fontRuns(text, style.weight ?? 400);
    doc.fontSize(style.size).fillColor(style.colour ?? colours.ink);
    runs.forEach((run, index) => {
      const options = { width: style.width ?? pageWidth, continued: index < runs.length - 1 };
      doc.font(run.face);
      if (index === 0 && style.x !== undefined && style.y !== undefined) {
        doc.text(run.text, style.x, style.y, options);
      } else {
        doc.text(run.text, options);
      }
    });
  };

  const rule = () => {
    const y = doc.y + 10;
    doc.moveTo(margin, y).lineTo(margin + pageWidth, y).lineWidth(0.75).strokeColor(colours.line).stroke();
    doc.y = y + 14;
  };

  write(w.platform, { size: 20, weight: 700, colour: colours.brand });
  write(w.title, { size: 15, colour: colours.muted });
  rule();

  write(w.amount, { size: 10.5, colour: colours.muted });
  write(formatAmount(lang, content.amount, content.currency), { size: 28, weight: 700 });
  doc.moveDown(0.6);

  const currencyName = new Intl.DisplayNames(intlLocales[lang], { type: 'currency' }).of(content.currency);
  const rows: Array<[string, string]> = [
    [w.fundraiser, content.fundraiserTitle],
    [w.donor, content.donorName?.trim() || w.anonymous],
    [w.currency, `${currencyName} (${content.currency})`],
    [w.date, formatPaidAt(lang, content.paidAt)],
    [w.paymentMethod, methodText(w, content)],
    [content.paymentMethod === 'CHAPA' ? w.chapaReference : w.transactionId, content.transactionId],
    [w.receiptId, content.receiptId],
    [w.platformFee, '0%'],
  ];
  const valueX = margin + labelWidth + gap;
  for (const [label, value] of rows) {
    const top = doc.y;
    write(label, { size: 10.5, colour: colours.muted, width: labelWidth, x: margin, y: top + 1 });
    const labelBottom = doc.y;
    write(value, { size: 11, width: pageWidth - labelWidth - gap, x: valueX, y: top });
    doc.y = Math.max(labelBottom, doc.y) + 8;
  }

  doc.x = margin;
  doc.moveDown(0.5);
  write(w.feeNote, { size: 10.5, colour: colours.muted });
  rule();
  write(w.thanks, { size: 13, weight: 700, colour: colours.brand });
  doc.moveDown(0.3);
  write(w.keep, { size: 10.5, colour: colours.muted });

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
