import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { assertServable, ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts with no configuration at all: embedded SQLite on port 8080, a secret kept in the data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    assert.equal(config.PORT, 8080);
    assert.equal(config.DATABASE_URL, 'sqlite:data/app.db');
    assert.equal(config.PUBLIC_URL, 'http://localhost:8080');
    assert.equal(config.SMTP_URL, undefined);
    assert.ok(config.SESSION_SECRET.length >= 32);
    assert.equal(readFileSync(join(dataDir, 'session-secret'), 'utf8'), config.SESSION_SECRET);
    assert.equal(loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET, config.SESSION_SECRET, 'the same secret after a restart');
    assert.ok(Object.isFrozen(config));
  });

  it('points links at the port the app listens on unless PUBLIC_URL says otherwise', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    assert.equal(loadConfig({ DATA_DIR: dataDir, PORT: '3000' }).PUBLIC_URL, 'http://localhost:3000');
    assert.equal(loadConfig({ DATA_DIR: dataDir, PORT: '3000', PUBLIC_URL: '' }).PUBLIC_URL, 'http://localhost:3000', 'empty is unset');
    assert.equal(loadConfig({ DATA_DIR: dataDir, PORT: '3000', PUBLIC_URL: 'https://give.example.org' }).PUBLIC_URL, 'https://give.example.org');
    assert.equal(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://give.example.org/' }).PUBLIC_URL, 'https://give.example.org', 'links append paths to it');
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'give.example.org' }), /PUBLIC_URL: must be an absolute http\(s\) URL/);
  });

  it('refuses a PUBLIC_URL that links could not be made from: another scheme than http(s)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    for (const url of ['javascript:alert(1)', 'ftp://give.example.org', 'data:text/html,hi', 'mailto:give@example.org']) {
      assert.throws(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: url }), /Invalid configuration:\n {2}PUBLIC_URL: must be an absolute http\(s\) URL such as https:\/\/example\.org$/, url);
    }
  });

  it('refuses a DATABASE_URL that names no database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    for (const url of ['mysql://root@127.0.0.1:3306', 'mysql://root@127.0.0.1:3306/', 'mysql://root:pw@db:3306/a/b']) {
      assert.throws(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }), /DATABASE_URL: names no database; end it with one, as in mysql:\/\/user:pass@127\.0\.0\.1:3306\/fundraise/, url);
    }
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'sqlite:' }), /DATABASE_URL: names no file/);
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://' }), /DATABASE_URL: must be a URL such as mysql:/);
    assert.equal(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://u:p@db.internal:3306/fundraise' }).DATABASE_URL, 'mysql://u:p@db.internal:3306/fundraise');
  });

  it('refuses half a payment configuration, naming what is missing, and takes whole ones', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.message;
      }
      return 'accepted';
    };
    assert.equal(refusal({ STRIPE_SECRET_KEY: 'sk' }), 'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY; set both, or neither');
    assert.equal(refusal({ STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh' }), 'Invalid configuration:\n  STRIPE_SECRET_KEY: required with STRIPE_PUBLISHABLE_KEY; set both, or neither');
    assert.equal(refusal({ STRIPE_WEBHOOK_SECRET: 'wh' }), 'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY beside it; set them, or unset STRIPE_WEBHOOK_SECRET');
    assert.equal(refusal({ PAYPAL_CLIENT_SECRET: 's' }), 'Invalid configuration:\n  PAYPAL_CLIENT_ID: required with PAYPAL_CLIENT_SECRET; set both, or neither');
    assert.equal(refusal({ PAYPAL_WEBHOOK_ID: 'w' }), 'Invalid configuration:\n  PAYPAL_WEBHOOK_ID: needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET beside it; set them, or unset PAYPAL_WEBHOOK_ID');
    assert.equal(refusal({ CHAPA_WEBHOOK_SECRET: 'h' }), 'Invalid configuration:\n  CHAPA_WEBHOOK_SECRET: needs CHAPA_SECRET_KEY beside it; set it, or unset CHAPA_WEBHOOK_SECRET');
    assert.equal(
      refusal({ STRIPE_SECRET_KEY: 'sk', CHAPA_WEBHOOK_SECRET: 'h' }),
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY; set both, or neither\n  CHAPA_WEBHOOK_SECRET: needs CHAPA_SECRET_KEY beside it; set it, or unset CHAPA_WEBHOOK_SECRET',
      'every half named at once',
    );
    assert.equal(refusal({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' }), 'accepted', 'webhooks are optional: payments settle by confirmation and reconciliation');
    assert.equal(refusal({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh', PAYPAL_CLIENT_ID: 'i', PAYPAL_CLIENT_SECRET: 's', CHAPA_SECRET_KEY: 'c' }), 'accepted');
  });

  it('listens on every interface unless HOST names one', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    assert.equal(loadConfig({ DATA_DIR: dataDir }).HOST, undefined);
    for (const host of ['127.0.0.1', '::1', 'localhost', '0.0.0.0', 'app.internal']) assert.equal(loadConfig({ DATA_DIR: dataDir, HOST: host }).HOST, host);
    for (const host of ['not a host', 'http://127.0.0.1', '127.0.0.1:8080']) {
      assert.throws(() => loadConfig({ DATA_DIR: dataDir, HOST: host }), /HOST: must be an address or name of this machine/, host);
    }
  });

  it('serves an https PUBLIC_URL only with TRUST_PROXY, naming the fix (the cookies would otherwise never be sent)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    assert.throws(() => assertServable(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://give.example.org' })), (error: Error) => error instanceof ConfigError && /TRUST_PROXY: must be true when PUBLIC_URL is https \(set TRUST_PROXY=true/.test(error.message));
    assertServable(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://give.example.org', TRUST_PROXY: 'true' }));
    assertServable(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://give.example.org' }));
    assertServable(loadConfig({ DATA_DIR: dataDir }));
  });

  it('stops with a message naming each bad variable', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x', SMTP_URL: 'not a url', RECAPTCHA_MIN_SCORE: '2' }),
      (error: Error) =>
        error instanceof ConfigError &&
        /PORT:/.test(error.message) &&
        /DATABASE_URL: must start with sqlite: or mysql:\/\//.test(error.message) &&
        /SMTP_URL:/.test(error.message) &&
        /RECAPTCHA_MIN_SCORE:/.test(error.message),
    );
  });

  it('refuses to run in production without a real session secret', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /SESSION_SECRET: required in production/);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' }), /SESSION_SECRET: must be at least 32 characters/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')), SMTP_URL: '', ANALYTICS_ID: '  ' });
    assert.equal(config.SMTP_URL, undefined);
    assert.equal(config.ANALYTICS_ID, undefined);
  });

  it('reads the session idle timeouts in minutes, fractions allowed, 30 and 60 by default', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    const defaults = loadConfig({ DATA_DIR: dataDir });
    assert.equal(defaults.SESSION_IDLE_MINUTES, 30);
    assert.equal(defaults.SESSION_REMEMBERED_IDLE_MINUTES, 60);
    const short = loadConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: '0.5', SESSION_REMEMBERED_IDLE_MINUTES: '' });
    assert.equal(short.SESSION_IDLE_MINUTES, 0.5);
    assert.equal(short.SESSION_REMEMBERED_IDLE_MINUTES, 60);
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: '0' }), /SESSION_IDLE_MINUTES: must be more than 0/);
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, SESSION_REMEMBERED_IDLE_MINUTES: 'an hour' }), /SESSION_REMEMBERED_IDLE_MINUTES:/);
  });
});
