import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { argon2Parameters, hashPassword, passwordProblem, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores argon2id with its parameters and a random salt, in PHC form', async () => {
    const a = await hashPassword('Gojo-Tena-2026!');
    const b = await hashPassword('Gojo-Tena-2026!');
    assert.match(a, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    assert.notEqual(a, b, 'a new salt every time');
    assert.ok(argon2Parameters.memory >= 19456 && argon2Parameters.passes >= 2);
    assert.equal(await verifyPassword('Gojo-Tena-2026!', a), true);
    assert.equal(await verifyPassword('gojo-tena-2026!', a), false);
    assert.equal(await verifyPassword('Gojo-Tena-2026!', 'not a hash'), false);
  });

  it('treats composed and decomposed forms of the same text as the same password', async () => {
    const hash = await hashPassword('Ｐａｓｓ-ሰላም-2026');
    assert.equal(await verifyPassword('Pass-ሰላም-2026', hash), true);
  });
});

describe('password strength', () => {
  it('wants at least 8 characters, counted as characters (Amharic too), and at most 128', () => {
    assert.equal(passwordProblem('Ab1!xyz'), 'password_too_short');
    assert.equal(passwordProblem('ሰላም-ለኢትዮጵያ'), null, 'ten characters, though 28 bytes');
    assert.equal(passwordProblem('ቡናቡናቡ'), 'password_too_short', 'seven characters, though 21 bytes');
    assert.equal(passwordProblem('ቡና-ሻይ'), 'password_too_short');
    assert.equal(passwordProblem('x'.repeat(129)), 'password_too_long');
  });

  it('refuses common passwords, also with different case or a number or symbol tacked on', () => {
    for (const weak of ['password', 'PASSWORD1', '12345678', 'qwerty123', 'Sunshine2024!', 'iloveyou!!', 'aaaaaaaaaa', 'Ethiopia2026', 'habesha123']) {
      assert.equal(passwordProblem(weak), 'password_common', weak);
    }
    for (const fine of ['Gojo-Tena-2026!', 'correct horse battery staple', 'Buna-Tetu-Gize-7']) assert.equal(passwordProblem(fine), null, fine);
  });

  it('refuses the user’s own e-mail or name', () => {
    const identity = { email: 'mekdes.haile@example.com', firstName: 'Mekdes', lastName: 'Haile' };
    assert.equal(passwordProblem('mekdes.haile@example.com', identity), 'password_like_identity');
    assert.equal(passwordProblem('mekdes.haile', identity), 'password_like_identity');
    assert.equal(passwordProblem('MekdesHaile2026', identity), 'password_like_identity');
    assert.equal(passwordProblem('Mekdes-Loves-Buna-7', identity), null);
  });
});
