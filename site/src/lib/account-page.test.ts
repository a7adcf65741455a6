import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountPage, type AccountPageContext } from './account-page.ts';

function visit(address: string, locale: string | undefined, cookies: Record<string, string> = {}): AccountPageContext {
  return {
    params: { locale },
    url: new URL(address, 'http://localhost:8080'),
    cookies: { get: (name) => (name in cookies ? { value: cookies[name]! } : undefined) },
    response: { headers: new Headers() },
  };
}

describe('a signed-in screen', () => {
  it('sends a visitor without a session to log in, and back to the page afterwards', () => {
    const page = visit('/create-fundraiser', undefined);
    const { lang, found, leave } = accountPage(page);
    assert.equal(lang, 'en');
    assert.equal(found, true);
    assert.equal(leave?.status, 302);
    assert.equal(leave?.headers.get('Location'), '/login?redirect=%2Fcreate-fundraiser');
    assert.equal(leave?.headers.get('Cache-Control'), 'private, no-cache');
  });

  it('keeps the language and the query in the return address', () => {
    const { lang, leave } = accountPage(visit('/am/profile?tab=fundraisers', 'am'));
    assert.equal(lang, 'am');
    assert.equal(leave?.headers.get('Location'), '/am/login?redirect=%2Fam%2Fprofile%3Ftab%3Dfundraisers');
  });

  it('shows the page to a visitor with a session cookie, never kept by a shared cache', () => {
    const page = visit('/edit-profile', undefined, { sid: 'token' });
    assert.deepEqual(accountPage(page), { lang: 'en', found: true, leave: null });
    assert.equal(page.response.headers.get('Cache-Control'), 'private, no-cache');
  });

  it('answers 404 for an unknown locale, whoever asks', () => {
    const page = visit('/fr/profile', 'fr');
    assert.deepEqual(accountPage(page), { lang: 'en', found: false, leave: null });
    assert.equal(page.response.status, 404);
  });
});
