// Production refuses the development secrets.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const own = { PORTAL_API_KEY: 'an-operator-chosen-api-key', MFA_SECRET_KEY: 'an-operator-chosen-mfa-key-of-32-chars' };

describe('configuration', () => {
  it('runs in production with secrets of the operator', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...own }).production).toBe(true);
  });

  it('refuses the development API key in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MFA_SECRET_KEY: own.MFA_SECRET_KEY })).toThrow(ConfigError);
  });

  it('refuses the development two-factor key in production, and keys shorter than 32 characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_API_KEY: own.PORTAL_API_KEY })).toThrow(/MFA_SECRET_KEY/);
    expect(() => loadConfig({ ...own, MFA_SECRET_KEY: 'short' })).toThrow(/MFA_SECRET_KEY/);
  });

  it('keeps the embedded database in memory for DATA_DIR=memory://, else in a directory', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
    expect(loadConfig({ DATA_DIR: 'data' }, '/srv/portal').dataDir).toBe('/srv/portal/data');
  });
});
