import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amountPresets, isChapaSandbox, looksLikeEthiopianMobile, paymentMethodsFor, paymentRefFrom } from './donation.ts';

test('paymentRefFrom: Stripe and the sandbox name the payment payment_intent, PayPal names its order token', () => {
  assert.equal(paymentRefFrom('?payment_intent=pi_123&payment_intent_client_secret=s&redirect_status=succeeded'), 'pi_123');
  assert.equal(paymentRefFrom('?token=5O190127TN364715T&PayerID=ABC'), '5O190127TN364715T');
  assert.equal(paymentRefFrom('?payment_intent=%20&token='), null);
  assert.equal(paymentRefFrom(''), null);
});

test('paymentMethodsFor: Chapa then card for birr, card then PayPal for dollars, each only where it settles the currency', () => {
  const all = ['STRIPE', 'PAYPAL', 'CHAPA'] as const;
  assert.deepEqual(paymentMethodsFor('ETB', all), ['CHAPA', 'STRIPE']);
  assert.deepEqual(paymentMethodsFor('USD', all), ['STRIPE', 'PAYPAL']);
  // Only the live rails: in production a method without keys is not offered at all.
  assert.deepEqual(paymentMethodsFor('ETB', ['STRIPE', 'PAYPAL']), ['STRIPE']);
  assert.deepEqual(paymentMethodsFor('ETB', ['CHAPA']), ['CHAPA']);
  assert.deepEqual(paymentMethodsFor('USD', ['STRIPE']), ['STRIPE']);
  assert.deepEqual(paymentMethodsFor('USD', ['PAYPAL', 'CHAPA']), ['PAYPAL']);
  assert.deepEqual(paymentMethodsFor('ETB', ['PAYPAL']), []);
  assert.deepEqual(paymentMethodsFor('USD', ['CHAPA']), []);
});

test('looksLikeEthiopianMobile: empty, or 09… or 07… as people write it, as the API reads it', () => {
  for (const typed of ['', '0911234567', '0712345678', '0911 23 45 67', '0911-234-567', '+251911234567', '+251 711 234 567', '00251911234567', '251911234567']) {
    assert.ok(looksLikeEthiopianMobile(typed), typed);
  }
  for (const typed of ['091123456', '09112345678', '0811234567', '+251811234567', '0911a34567', '911234567', '+1 202 555 0100']) {
    assert.ok(!looksLikeEthiopianMobile(typed), typed);
  }
});

test('isChapaSandbox: the test checkout’s stand-in for Chapa, not for a card or PayPal', () => {
  assert.ok(isChapaSandbox('sandbox_chapa_3f9a'));
  assert.ok(!isChapaSandbox('sandbox_stripe_3f9a'));
  assert.ok(!isChapaSandbox('sandbox_paypal_3f9a'));
});

test('amountPresets: five rising amounts per currency, none below the smallest donation', () => {
  for (const presets of Object.values(amountPresets)) {
    assert.equal(presets.length, 5);
    assert.deepEqual([...presets].sort((a, b) => a - b), [...presets]);
    assert.ok(presets.every((amount) => amount >= 1));
  }
});
