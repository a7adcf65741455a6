import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Fundraiser } from './fundraiser.ts';
import { fundraiserJsonLd, jsonLdText } from './structured-data.ts';

const fundraiser: Fundraiser = {
  id: 7,
  title: 'Water </script><script>alert(1)</script> for Dila',
  description: `A new pump for the village well. ${'Every family draws water from it. '.repeat(20)}`,
  beneficiaryName: null,
  owner: { id: 3, name: 'Almaz Tadesse', avatarUrl: null },
  category: { id: 1, slug: 'emergency', name: 'Emergency', nameAm: 'አስቸኳይ' },
  location: { id: 2, city: 'Dila', cityAm: 'ዲላ', region: 'Sidama', regionAm: 'ሲዳማ' },
  images: [{ id: 11, url: '/media/11-1200.webp', thumbnailUrl: '/media/11-400.webp' }],
  status: 'ACTIVE',
  raisedAmount: '120.00',
  donationCount: 2,
  goalAmount: '2500.00',
  currency: 'ETB',
  createdAt: '2026-03-01T08:00:00Z',
  updatedAt: '2026-03-04T10:30:00Z',
  teamId: null,
  viewerCanManage: false,
  teamsOpen: false,
  verified: null,
};

const site = { name: 'EthioFundraise', url: 'https://ethiofundraise.example/' };

test('fundraiserJsonLd: an Article with the summary, absolute image URLs, the organiser, the dates and a DonateAction', () => {
  const data = fundraiserJsonLd({
    fundraiser,
    url: 'https://ethiofundraise.example/am/fundraiser/7',
    donateUrl: 'https://ethiofundraise.example/am/donate/7',
    inLanguage: 'en',
    site,
  }) as Record<string, unknown>;
  assert.equal(data['@context'], 'https://schema.org');
  assert.equal(data['@type'], 'Article');
  assert.equal(data.name, fundraiser.title);
  assert.equal(data.headline, fundraiser.title);
  assert.equal(data.url, 'https://ethiofundraise.example/am/fundraiser/7');
  assert.equal(data.inLanguage, 'en');
  const description = String(data.description);
  assert.ok(description.startsWith('A new pump for the village well.') && description.endsWith('…') && description.length <= 201);
  assert.deepEqual(data.image, ['https://ethiofundraise.example/media/11-1200.webp']);
  assert.deepEqual(data.author, { '@type': 'Person', name: 'Almaz Tadesse' });
  assert.deepEqual(data.publisher, { '@type': 'Organization', name: 'EthioFundraise', url: 'https://ethiofundraise.example/' });
  assert.equal(data.datePublished, '2026-03-01T08:00:00Z');
  assert.equal(data.dateModified, '2026-03-04T10:30:00Z');
  assert.deepEqual(data.potentialAction, { '@type': 'DonateAction', target: 'https://ethiofundraise.example/am/donate/7' });
});

test('fundraiserJsonLd: no image and no DonateAction when there are none to offer', () => {
  const data = fundraiserJsonLd({ fundraiser: { ...fundraiser, images: [], status: 'CLOSED' }, url: 'https://x.test/fundraiser/7', inLanguage: 'am', site }) as Record<string, unknown>;
  assert.equal('image' in data, false);
  assert.equal('potentialAction' in data, false);
});

test('jsonLdText: a title with "</script>" cannot end the block, and reads back unchanged', () => {
  const text = jsonLdText(fundraiserJsonLd({ fundraiser, url: 'https://x.test/fundraiser/7', inLanguage: 'en', site }));
  assert.equal(text.includes('<'), false);
  assert.match(text, /Water \\u003c\/script>\\u003cscript>alert\(1\)\\u003c\/script> for Dila/);
  assert.equal((JSON.parse(text) as { name: string }).name, fundraiser.title);
  assert.equal(jsonLdText([{ a: '<!--' }]), '[{"a":"\\u003c!--"}]');
});
