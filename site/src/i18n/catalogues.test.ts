import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import am from './am.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import { formatMoney, localizedPath, otherLanguagePath, t } from './index.ts';

const catalogues: Record<string, Record<string, string>> = { en, am };
const ethiopic = /[\u1200-\u137F]/;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// The switch to English is labelled in English on purpose, so that an English reader
// recognises it on an Amharic page.
const latinOnAmharicPages = new Set(['nav.languageSwitch']);

describe('i18n catalogues', () => {
  it('have the same keys in English and Amharic', () => {
    assert.deepEqual(Object.keys(am).sort(), Object.keys(en).sort());
  });

  for (const [lang, catalogue] of Object.entries(catalogues)) {
    it(`has no empty message in ${lang}`, () => {
      const empty = Object.entries(catalogue).filter(([, message]) => message.trim() === '');
      assert.deepEqual(empty, []);
    });
  }

  it('translates every message into Amharic rather than copying the English', () => {
    const english = catalogues.en ?? {};
    const copied = Object.entries(am).filter(([key, message]) => message === english[key]);
    assert.deepEqual(copied, []);
  });

  it('writes Amharic messages in Ethiopic script', () => {
    const latin = Object.entries(am).filter(
      ([key, message]) => !latinOnAmharicPages.has(key) && !ethiopic.test(message),
    );
    assert.deepEqual(latin, []);
  });

  it('uses the same placeholders in both languages', () => {
    const english = catalogues.en ?? {};
    const mismatched = Object.entries(am).filter(
      ([key, message]) => placeholders(message).join() !== placeholders(english[key] ?? '').join(),
    );
    assert.deepEqual(mismatched, []);
  });
});

describe('i18n helpers', () => {
  it('fills placeholders', () => {
    assert.equal(t('en', 'footer.copyright', { year: 2026 }), '© 2026 EthioFundraise. All rights reserved.');
    assert.equal(t('am', 'howItWorks.stepLabel', { number: 2 }), 'ደረጃ 2');
  });

  it('keeps English at the root and Amharic under /am', () => {
    assert.equal(localizedPath('en', '/'), '/');
    assert.equal(localizedPath('en', '/about'), '/about');
    assert.equal(localizedPath('am', '/'), '/am');
    assert.equal(localizedPath('am', '/category/medical'), '/am/category/medical');
    assert.equal(otherLanguagePath('en', '/faq'), '/am/faq');
    assert.equal(otherLanguagePath('am', '/faq'), '/faq');
  });

  it('formats dollars with a plain $ sign in both languages', () => {
    assert.equal(formatMoney('en', '1250.00', 'USD'), '$1,250');
    assert.equal(formatMoney('am', '1250.50', 'USD'), '$1,250.50');
  });
});
