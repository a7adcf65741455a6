import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentSecurityPolicy, type ThirdParties } from './security-headers.ts';

const off: ThirdParties = { stripe: false, paypal: false, chapa: false, googleSignIn: false, botCheck: false, analytics: false };

/** Each directive's sources that are not this site's own. */
function foreignSources(thirdParties: ThirdParties): Record<string, string[]> {
  const policy = contentSecurityPolicy({ publicUrl: 'https://give.example.org', scriptHashes: ['sha256-abc'], thirdParties });
  const own = new Set(["'self'", "'unsafe-inline'", "'none'", "'sha256-abc'", 'data:', 'blob:', 'https://give.example.org']);
  const directives = policy.split('; ').map((d) => d.split(' '));
  return Object.fromEntries(directives.map(([name, ...sources]) => [name, sources.filter((s) => !own.has(s))]).filter(([, sources]) => sources!.length));
}

describe('content security policy', () => {
  it('names no other site when no provider is configured', () => {
    assert.deepEqual(foreignSources(off), {});
  });

  it('names the hosts of each configured provider, in the directives it needs, and of no other', () => {
    const only = (feature: keyof ThirdParties) => foreignSources({ ...off, [feature]: true });
    assert.deepEqual(only('analytics'), {
      'script-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
      'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
      'connect-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
    });
    const recaptcha = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://recaptcha.google.com'];
    assert.deepEqual(only('botCheck'), { 'script-src': recaptcha, 'connect-src': recaptcha, 'frame-src': recaptcha });
    assert.deepEqual(only('googleSignIn'), {
      'script-src': ['https://accounts.google.com/gsi/client'],
      'style-src': ['https://accounts.google.com/gsi/style'],
      'img-src': ['https://*.googleusercontent.com'],
      'connect-src': ['https://accounts.google.com'],
      'frame-src': ['https://accounts.google.com'],
    });
    const stripe = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];
    assert.deepEqual(only('stripe'), { 'script-src': ['https://js.stripe.com'], 'connect-src': stripe, 'frame-src': stripe });
    assert.deepEqual(Object.keys(only('paypal')), ['script-src', 'img-src', 'connect-src', 'frame-src', 'form-action']);
    assert.ok(only('paypal')['form-action']!.includes('https://www.paypal.com'), 'the plain donate form is redirected to PayPal');
    assert.deepEqual(only('chapa'), { 'form-action': ['https://*.chapa.co'] }, 'the plain donate form is redirected to Chapa’s checkout');
  });
});
