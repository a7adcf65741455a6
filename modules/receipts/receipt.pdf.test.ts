import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { fontRuns, renderReceiptPdf, type ReceiptContent } from './receipt.pdf.ts';

const receipt: ReceiptContent = {
  receiptId: 'rcpt_Vq3x9LmT2bKp7sWd4nHz',
  fundraiserTitle: 'Heart surgery for Abebe',
  donorName: 'Selam Tesfaye',
  amount: '25.00',
  currency: 'USD',
  paidAt: new Date('2026-03-05T14:07:00Z'),
  paymentMethod: 'STRIPE',
  channel: null,
  transactionId: 'pi_3QxYzAbCdEfGhIjK1234',
  language: 'en',
};

/** The PDF's text with every run of white space (line breaks, no-break spaces) as one space. */
async function read(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  const { info } = await document.getMetadata();
  return { text: text.replace(/\s+/g, ' '), pages: totalPages, info: info as Record<string, unknown> };
}

function assertContains(text: string, expected: string[]) {
  for (const part of expected) assert.ok(text.includes(part), `expected ${JSON.stringify(part)} in ${JSON.stringify(text)}`);
}

describe('receipt PDF', () => {
  it('states the gift, its donor and its references in English on one page', async () => {
    const pdf = await renderReceiptPdf(receipt);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const { text, pages, info } = await read(pdf);
    assert.equal(pages, 1);
    assertContains(text, [
      'EthioFundraise',
      'Donation receipt',
      'Amount $25.00',
      'Fundraiser Heart surgery for Abebe',
      'Donor Selam Tesfaye',
      'Currency US Dollar (USD)',
      'Date March 5, 2026 at 2:07 PM UTC',
      'Payment method Card',
      'Transaction ID pi_3QxYzAbCdEfGhIjK1234',
      'Receipt ID rcpt_Vq3x9LmT2bKp7sWd4nHz',
      'Platform fee 0%',
      'Thank you',
    ]);
    assert.equal(info.Title, 'Donation receipt rcpt_Vq3x9LmT2bKp7sWd4nHz');
    assert.equal(info.Author, 'EthioFundraise');
    assert.equal(info.Language, 'en');
  });

  it('shows a gift without a name as anonymous, and birr to the cent however large', async () => {
    const { text } = await read(
      await renderReceiptPdf({ ...receipt, donorName: '  ', amount: '4503599627370.49', currency: 'ETB', paymentMethod: 'PAYPAL' }),
    );
    assertContains(text, ['Amount ETB 4,503,599,627,370.49', 'Donor Anonymous', 'Currency Ethiopian Birr (ETB)', 'Payment method PayPal']);
    assert.ok(!text.includes('Selam'));
  });

  it('writes an Amharic receipt in Amharic, with Latin titles and references intact', async () => {
    const pdf = await renderReceiptPdf({
      ...receipt,
      fundraiserTitle: 'ለአበበ የልብ ቀዶ ሕክምና — Heart surgery',
      donorName: null,
      amount: '1250.50',
      currency: 'ETB',
      paymentMethod: 'PAYPAL',
      language: 'am',
    });
    const { text, info } = await read(pdf);
    assertContains(text, [
      'ኢትዮ ፈንድሬይዝ',
      'የልገሳ ደረሰኝ',
      'የልገሳው መጠን ብር 1,250.50',
      'ገንዘብ ማሰባሰቢያ ለአበበ የልብ ቀዶ ሕክምና — Heart surgery',
      'ለጋሽ ስም አልባ',
      'የገንዘብ ዓይነት የኢትዮጵያ ብር (ETB)',
      'ቀን 5 ማርች 2026 2:07 ከሰዓት UTC',
      'የክፍያ ዘዴ ፔይፓል',
      'የግብይት ቁጥር pi_3QxYzAbCdEfGhIjK1234',
      'የደረሰኝ ቁጥር rcpt_Vq3x9LmT2bKp7sWd4nHz',
      'የመድረክ ክፍያ 0%',
      'እናመሰግናለን',
    ]);
    assert.ok(!/Donor|Anonymous|Receipt ID/.test(text), 'no English labels on an Amharic receipt');
    assert.equal(info.Title, 'የልገሳ ደረሰኝ rcpt_Vq3x9LmT2bKp7sWd4nHz');
    assert.equal(info.Author, 'ኢትዮ ፈንድሬይዝ');
  });

  it('names the wallet or bank a birr gift was paid with through Chapa, and Chapa’s reference, in both languages', async () => {
    const birr = { ...receipt, amount: '500.00', currency: 'ETB' as const, paymentMethod: 'CHAPA' as const, transactionId: 'APf3K9x2LmQ7' };
    const english = (await read(await renderReceiptPdf({ ...birr, channel: 'telebirr' }))).text;
    assertContains(english, ['Payment method telebirr through Chapa', 'Chapa reference APf3K9x2LmQ7']);
    assert.ok(!english.includes('Transaction ID'));
    const amharic = (await read(await renderReceiptPdf({ ...birr, channel: 'mpesa', language: 'am' }))).text;
    assertContains(amharic, ['የክፍያ ዘዴ ኤም-ፔሳ በቻፓ በኩል', 'የቻፓ መለያ ቁጥር APf3K9x2LmQ7']);
    assertContains((await read(await renderReceiptPdf({ ...birr, channel: 'awash_bank' }))).text, ['Payment method Awash Bank through Chapa']);
    assertContains((await read(await renderReceiptPdf({ ...birr, channel: null }))).text, ['Payment method Chapa']);
  });

  it('takes each run of text from the font that has its letters', () => {
    assert.deepEqual(fontRuns('ለአበበ ልጅ — Abebe Łukasz', 400), [
      { face: 'ethiopic-400', text: 'ለአበበ ልጅ ' },
      { face: 'latin-400', text: '— Abebe ' },
      { face: 'latin-ext-400', text: 'Ł' },
      { face: 'latin-400', text: 'ukasz' },
    ]);
    assert.deepEqual(fontRuns('$25', 700), [{ face: 'latin-700', text: '$25' }]);
  });

  it('embeds only the glyphs it uses and renders the same bytes every time', async () => {
    const amharic = { ...receipt, language: 'am' as const };
    const first = await renderReceiptPdf(amharic);
    assert.ok(first.length < 40_000, `${first.length} bytes`);
    assert.ok(first.equals(await renderReceiptPdf(amharic)));
  });
});
