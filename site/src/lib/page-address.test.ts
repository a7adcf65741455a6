import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageAddress } from './page-address.ts';

test('a kept page lives at its path with only the query it reads, each value as the page reads it', () => {
  assert.deepEqual(pageAddress('/fundraiser/16', ''), { kind: 'kept', url: '/fundraiser/16' });
  assert.deepEqual(pageAddress('/am/fundraiser/16', '?fbclid=IwAR0&utm_source=telegram&s=telegram'), { kind: 'kept', url: '/am/fundraiser/16' });
  assert.deepEqual(pageAddress('/fundraiser/16', '?commentsPage=02&updatesPage=1&donationsPage=0&query=x&page=3'), { kind: 'kept', url: '/fundraiser/16?updatesPage=1&commentsPage=2' });
  assert.deepEqual(pageAddress('/fundraiser/16', '?updatesPage=abc&updatesPage=4'), { kind: 'kept', url: '/fundraiser/16' }, 'the page reads the first value');
  assert.deepEqual(pageAddress('/fundraiser/16/updates', '?from=0020'), { kind: 'kept', url: '/fundraiser/16/updates?from=20' });
  assert.deepEqual(pageAddress('/fundraiser/16/share', '?from=20'), { kind: 'kept', url: '/fundraiser/16/share' });
  assert.deepEqual(pageAddress('/donate/16', '?fields=donorEmail,amount,nonsense,amount&problem=card_declined'), { kind: 'kept', url: '/donate/16?problem=not_started&fields=amount%2CdonorEmail' });
  assert.deepEqual(pageAddress('/donate/16', '?problem='), { kind: 'kept', url: '/donate/16' });
  assert.deepEqual(pageAddress('/discover', '?page=1&sort=nonsense&query=%20water%20&categoryId=03'), { kind: 'kept', url: '/discover?query=water&categoryId=3' });
});

test('another spelling of a kept page’s path moves to it, keeping the query as sent', () => {
  for (const path of ['//fundraiser/16', '/fundraiser/16/', '/fundraiser//16', '/%66undraiser/16', '/fundraiser/%31%36', '/en/fundraiser/16']) {
    assert.deepEqual(pageAddress(path, '?fbclid=x'), { kind: 'moved', url: '/fundraiser/16?fbclid=x' }, path);
  }
  assert.deepEqual(pageAddress('/%61m/discover/', ''), { kind: 'moved', url: '/am/discover' });
});

test('a kept page’s path with an id in any other spelling is no page at all', () => {
  for (const id of ['016', '+16', '16.0', '0x10', '0b10', '1e1', '%2016', '16%2Fupdates', '-16', '0']) {
    assert.deepEqual(pageAddress(`/fundraiser/${id}`, ''), { kind: 'missing' }, id);
    assert.deepEqual(pageAddress(`/am/donate/${id}`, ''), { kind: 'missing' }, id);
  }
});

test('pages the app never keeps have no address of their own', () => {
  for (const path of ['/fundraiser/16/team', '/edit-fundraiser/16', '/profile', '/am', '/FUNDRAISER/16', '/nope']) assert.equal(pageAddress(path, '?join=2'), null, path);
});
