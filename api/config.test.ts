import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.ts';

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
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'give.example.org' }), /PUBLIC_URL: must be an absolute URL/);
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
