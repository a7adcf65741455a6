import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMessages, defineMessages, kernelMessages, type MessageCatalogue } from './messages.ts';

const parcels = defineMessages({
  en: { parcel_lost: 'Parcel {id} is lost.' },
  am: { parcel_lost: 'ጥቅል {id} ጠፍቷል።' },
});

describe('server messages', () => {
  it('answers a module’s code in the language asked for, its placeholders filled', () => {
    const messages = createMessages([parcels]);
    assert.equal(messages.text('en', 'parcel_lost', { id: 7 }), 'Parcel 7 is lost.');
    assert.equal(messages.text('am', 'parcel_lost', { id: 7 }), 'ጥቅል 7 ጠፍቷል።');
    assert.equal(messages.text('en', 'too_many_requests', { minutes: 3 }), 'Too many attempts. Please wait 3 minute(s) and try again.');
    assert.equal(messages.text('en', 'parcel_lost'), 'Parcel {id} is lost.', 'a missing value leaves its placeholder');
  });

  it('holds the kernel’s texts whatever the modules give', () => {
    const messages = createMessages([]);
    assert.ok(messages.has('field.required') && messages.has('internal_error'));
    assert.deepEqual([...messages.codes].sort(), Object.keys(kernelMessages.en).sort());
  });

  it('answers a code no catalogue has with the generic failure text, and says it has none', () => {
    const messages = createMessages([parcels]);
    assert.equal(messages.has('parcel_found'), false);
    assert.equal(messages.text('am', 'parcel_found'), kernelMessages.am.internal_error);
  });

  it('refuses to start with a code in two catalogues', () => {
    const again = defineMessages({ en: { parcel_lost: 'Lost.' }, am: { parcel_lost: 'ጠፍቷል።' } });
    assert.throws(() => createMessages([parcels, again]), /parcel_lost.*two catalogues/);
    const kernelCode = defineMessages({ en: { not_found: 'Gone.' }, am: { not_found: 'የለም።' } });
    assert.throws(() => createMessages([kernelCode]), /not_found.*two catalogues/);
  });

  it('refuses to start with a text in one language only, should one get past the type check', () => {
    const noAmharic = { en: { parcel_late: 'Late.' }, am: {} } as unknown as MessageCatalogue;
    assert.throws(() => createMessages([noAmharic]), /parcel_late.*am/);
    const amharicOnly = { en: {}, am: { parcel_late: 'ዘግይቷል።' } } as unknown as MessageCatalogue;
    assert.throws(() => createMessages([amharicOnly]), /am but not in en: parcel_late/);
  });
});
