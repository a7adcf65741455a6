import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unlinked } from './index.ts';

/** What mail clients and people take for an address: a scheme, or a dot between a name and a letter. */
const linkLike = /:\/\/|[\p{L}\p{N}][.\u3002]\p{L}/u;

describe('text of others in a mail', () => {
  it('leaves nothing that reads as a link, however it is spelled', () => {
    for (const text of [
      'Visit https://spam.example/buy now',
      'HXXPS://spam.example',
      'www.cheap-pills.biz',
      'ｓｐａｍ．ｅｘａｍｐｌｅ',
      'spam\u200B.example',
      'spam\u2060.\u00ADexample',
      'spam。example',
      'write to me@spam.example',
      'spam.испытание',
    ]) {
      const out = unlinked(text);
      assert.doesNotMatch(out, linkLike, `${text} → ${out}`);
    }
    assert.equal(unlinked('http://10.0.0.1/x'), '10. 0. 0. 1/x');
  });

  it('keeps names and titles readable', () => {
    assert.equal(unlinked('Abebe’s classmates'), 'Abebe’s classmates');
    assert.equal(unlinked('ሰላም ለኢትዮጵያ።'), 'ሰላም ለኢትዮጵያ።');
    assert.equal(unlinked('St.Mary choir'), 'St. Mary choir');
    assert.equal(unlinked('Class of 2025, team 2.5'), 'Class of 2025, team 2.5');
    assert.equal(unlinked('Dr. Abebe: 10 km run'), 'Dr. Abebe: 10 km run');
  });
});
