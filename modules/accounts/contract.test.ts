import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

/** The auth calls as the site makes them: method, path, and the query parameters it sends; renaming one breaks the site. */
const contract: Array<[string, string, string[]]> = [
  ['post', '/api/auth/google', []],
  ['post', '/api/auth/login', ['captchaToken']],
  ['get', '/api/auth/status', []],
  ['post', '/api/auth/logout', []],
  ['get', '/api/auth/users/{id}', ['id']],
  ['put', '/api/auth/users/{id}', ['id']],
  ['get', '/api/auth/validate-verification-token', ['token', 'captchaToken']],
  ['post', '/api/auth/regenerate-verification-token', ['captchaToken']],
  ['post', '/api/auth/register', ['captchaToken']],
  ['post', '/api/auth/forgot-password', ['captchaToken']],
  ['post', '/api/auth/reset-password', ['token', 'captchaToken']],
  ['get', '/api/auth/validate-reset-token', ['token', 'captchaToken']],
];

describe('auth API contract', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('has every auth call of the spec, with its parameters, in the OpenAPI document', async () => {
    const { data } = await app.client().get('/api/openapi.json');
    for (const [method, path, parameters] of contract) {
      const operation = data.paths[path]?.[method];
      assert.ok(operation, `${method.toUpperCase()} ${path}`);
      assert.deepEqual(operation.parameters.map((p: { name: string }) => p.name).sort(), [...parameters].sort(), `${method.toUpperCase()} ${path}`);
    }
    const register = data.paths['/api/auth/register'].post;
    assert.deepEqual(register.requestBody.content['application/json'].schema.required.sort(), ['email', 'firstName', 'lastName', 'password']);
    assert.ok(register.responses['201']);
    const user = data.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema;
    for (const field of ['id', 'email', 'firstName', 'lastName', 'admin', 'emailVerified', 'language']) assert.ok(user.properties[field], field);
    assert.equal(user.properties.passwordHash, undefined);
  });
});
