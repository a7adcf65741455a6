import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amountPresets, paymentMethodsFor, paymentRefFrom } from './donation.ts';

test('paymentRefFrom: Stripe and the sandbox name the payment payment_intent, PayPal names its order token', () => {
  assert.equal(paymentRefFrom('?payment_intent=pi_123&payment_intent_client_secret=s&redirect_status=succeeded'), 'pi_123');
  assert.equal(paymentRefFrom('?token=5O190127TN364715T&PayerID=ABC'), '5O190127TN364715T');
  assert.equal(paymentRefFrom('?payment_intent=%20&token='), null);
  assert.equal(paymentRefFrom(''), null);
});

test('paymentMethodsFor: PayPal only where it settles the currency', () => {
  assert.deepEqual(paymentMethodsFor('USD'), ['STRIPE', 'PAYPAL']);
  assert.deepEqual(paymentMethodsFor('ETB'), ['STRIPE']);
  // Only the live rails: in production a method without keys is not offered at all.
  assert.deepEqual(paymentMethodsFor('USD', ['STRIPE']), ['STRIPE']);
  assert.deepEqual(paymentMethodsFor('USD', ['PAYPAL']), ['PAYPAL']);
  assert.deepEqual(paymentMethodsFor('ETB', ['PAYPAL']), []);
});

test('amountPresets: five rising amounts per currency, none below the smallest donation', () => {
  for (const presets of Object.values(amountPresets)) {
    assert.equal(presets.length, 5);
    assert.deepEqual([...presets].sort((a, b) => a - b), [...presets]);
    assert.ok(presets.every((amount) => amount >= 1));
  }
});
