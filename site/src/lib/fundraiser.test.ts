import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageSrcset, parseId, progressPercent, shareLinks, storyParagraphs, summarize } from './fundraiser.ts';

test('progressPercent: whole percent, capped at 100, 0 for a missing goal', () => {
  assert.equal(progressPercent('250.00', '1000.00'), 25);
  assert.equal(progressPercent('999.99', '1000'), 99);
  assert.equal(progressPercent('5000', '1000'), 100);
  assert.equal(progressPercent('10', '0'), 0);
  assert.equal(progressPercent('abc', '100'), 0);
});

test('storyParagraphs: blank lines split paragraphs, single breaks stay, no HTML parsing', () => {
  assert.deepEqual(storyParagraphs('One\ntwo\r\n\r\n\nThree <b>x</b>\n\n  \n'), [['One', 'two'], ['Three <b>x</b>']]);
  assert.deepEqual(storyParagraphs(''), []);
});

test('summarize: cuts at a word and adds an ellipsis', () => {
  assert.equal(summarize('short text'), 'short text');
  assert.equal(summarize('alpha beta gamma delta', 12), 'alpha beta…');
});

test('shareLinks: encodes the URL and title for every service', () => {
  const links = shareLinks('https://x.test/fundraiser/1?a=b', 'Help & hope');
  assert.match(links.telegram, /url=https%3A%2F%2Fx\.test%2Ffundraiser%2F1%3Fa%3Db&text=Help%20%26%20hope$/);
  assert.ok(links.whatsapp.startsWith('https://wa.me/?text=Help%20%26%20hope%20https'));
  assert.ok(links.facebook.includes('u=https%3A%2F%2F'));
  assert.ok(links.x.startsWith('https://x.com/intent/post?url='));
  assert.ok(links.email.startsWith('mailto:?subject=Help%20%26%20hope&body='));
});

test('shareLinks: tagged, each channel shares the address marked with its name, keeping its query', () => {
  const links = shareLinks('https://x.test/fundraiser/1?a=b', 'Help', { tagged: true });
  assert.match(links.telegram, /url=https%3A%2F%2Fx\.test%2Ffundraiser%2F1%3Fa%3Db%26s%3Dtelegram&/);
  assert.ok(links.whatsapp.endsWith('%3Fa%3Db%26s%3Dwhatsapp'));
  assert.ok(links.facebook.endsWith('%26s%3Dfacebook'));
  assert.ok(decodeURIComponent(links.email).endsWith('https://x.test/fundraiser/1?a=b&s=email'));
});

test('imageSrcset and parseId', () => {
  assert.equal(imageSrcset({ id: 1, url: '/l.webp', thumbnailUrl: '/s.webp' }), '/s.webp 400w, /l.webp 1200w');
  assert.equal(parseId('42'), 42);
  for (const bad of [undefined, '0', '-1', '1.5', '01', 'abc', '99999999999999999']) assert.equal(parseId(bad), null);
});
