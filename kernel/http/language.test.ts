import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageFrom } from './language.ts';
import { catalogueKeys, message } from './messages.ts';

describe('request language', () => {
  it('follows the Accept-Language preference order and weights', () => {
    assert.equal(languageFrom(undefined), 'en');
    assert.equal(languageFrom('am'), 'am');
    assert.equal(languageFrom('am-ET,en;q=0.8'), 'am');
    assert.equal(languageFrom('fr-FR,am;q=0.5,en;q=0.4'), 'am');
    assert.equal(languageFrom('en-US,am;q=0.9'), 'en');
    assert.equal(languageFrom('am;q=0,en'), 'en');
    assert.equal(languageFrom('de'), 'en');
  });
});

describe('server messages', () => {
  it('has every message in both languages, and the Amharic ones are not English copies', () => {
    assert.deepEqual(catalogueKeys('am').sort(), catalogueKeys('en').sort());
    for (const key of catalogueKeys('en')) {
      assert.notEqual(message('am', key), message('en', key), key);
      assert.match(message('am', key), /[\u1200-\u137F]/, `${key} is written in Ethiopic`);
    }
  });

  it('fills parameters', () => {
    assert.equal(message('en', 'too_many_requests', { minutes: 3 }), 'Too many attempts. Please wait 3 minute(s) and try again.');
    assert.match(message('am', 'field.too_short', { min: 8 }), /8/);
  });
});
