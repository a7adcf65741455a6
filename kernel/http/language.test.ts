import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageFrom } from './language.ts';

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
