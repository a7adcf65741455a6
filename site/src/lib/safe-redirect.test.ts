import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentPath, loginUrl, safeRedirect } from './safe-redirect.ts';

describe('safe redirect after sign-in', () => {
  it('follows a path on this site, with its query and fragment', () => {
    assert.equal(safeRedirect('/profile', '/'), '/profile');
    assert.equal(safeRedirect('/am/edit-profile', '/am'), '/am/edit-profile');
    assert.equal(safeRedirect('/fundraiser/12?tab=updates#latest', '/'), '/fundraiser/12?tab=updates#latest');
  });

  it('goes to the fallback without a target', () => {
    assert.equal(safeRedirect(null, '/am'), '/am');
    assert.equal(safeRedirect(undefined, '/'), '/');
    assert.equal(safeRedirect('', '/'), '/');
  });

  it('never leaves the site', () => {
    const attempts = [
      'https://evil.example/profile',
      'http:evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/.//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /profile',
      'javascript:alert(1)',
      'data:text/html,hi',
      'profile',
      '%2F%2Fevil.example',
    ];
    for (const attempt of attempts) assert.equal(safeRedirect(attempt, '/'), '/', attempt);
  });

  it('keeps an encoded path on this site as it is', () => {
    assert.equal(safeRedirect('/%2F%2Fevil.example', '/'), '/%2F%2Fevil.example');
  });

  it('does not send a visitor back to the sign-in screens', () => {
    for (const path of ['/login', '/login/', '/register', '/am/login', '/am/register/']) assert.equal(safeRedirect(path, '/'), '/', path);
    assert.equal(safeRedirect('/login-help', '/'), '/login-help');
  });

  it('builds the login address that brings the visitor back', () => {
    assert.equal(currentPath({ pathname: '/am/profile', search: '?a=1', hash: '#x' }), '/am/profile?a=1#x');
    assert.equal(loginUrl('/am/login', '/am/profile?a=1'), '/am/login?redirect=%2Fam%2Fprofile%3Fa%3D1');
  });
});
