import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { arrivalBase } from './api-base.ts';

describe('the address on-demand pages call the API at', () => {
  it('is the address and port the request came in on, IPv6 in brackets, IPv4-mapped ones as plain IPv4', () => {
    assert.equal(arrivalBase({ localAddress: '127.0.0.1', localPort: 41234 }), 'http://127.0.0.1:41234');
    assert.equal(arrivalBase({ localAddress: '::1', localPort: 8080 }), 'http://[::1]:8080');
    assert.equal(arrivalBase({ localAddress: '::ffff:10.0.0.5', localPort: 8080 }), 'http://10.0.0.5:8080');
    assert.equal(arrivalBase({ localAddress: '2001:db8::ffff:1', localPort: 80 }), 'http://[2001:db8::ffff:1]:80');
  });

  it('refuses a socket without a local address rather than guess one', () => {
    assert.throws(() => arrivalBase({ localAddress: undefined, localPort: undefined }), /no local address/);
  });
});
