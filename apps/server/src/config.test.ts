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

describe('captcha configuration', () => {
  const on = { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key' };

  it('needs the secret and the site key when a provider is set', () => {
    expect(loadConfig(on).CAPTCHA_SITE_KEY).toBe('site-key');
    expect(() => loadConfig({ ...on, CAPTCHA_SITE_KEY: '' })).toThrow(/CAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ ...on, CAPTCHA_SECRET: undefined })).toThrow(/CAPTCHA_SECRET/);
    expect(loadConfig({}).CAPTCHA_PROVIDER).toBe('none');
  });

  it('takes HTTP(S) addresses for the verifier and the widget script', () => {
    const config = loadConfig({
      ...on,
      CAPTCHA_VERIFY_URL: 'http://127.0.0.1:4000/siteverify',
      CAPTCHA_SCRIPT_URL: 'https://captcha.example.com/api.js',
    });
    expect(config.CAPTCHA_VERIFY_URL).toBe('http://127.0.0.1:4000/siteverify');
    expect(config.CAPTCHA_SCRIPT_URL).toBe('https://captcha.example.com/api.js');
    expect(() => loadConfig({ ...on, CAPTCHA_VERIFY_URL: 'not a url' })).toThrow(/CAPTCHA_VERIFY_URL/);
    expect(() => loadConfig({ ...on, CAPTCHA_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/CAPTCHA_SCRIPT_URL/);
  });
});

describe('registration risk configuration', () => {
  it('flags throwaway addresses, 5 registrations an address and 3 a visitor in 60 minutes, and refuses a failed captcha by default', () => {
    const config = loadConfig({});
    expect([
      config.RISK_DISPOSABLE_EMAIL,
      config.RISK_REGISTRATIONS_PER_ADDRESS,
      config.RISK_REGISTRATIONS_PER_VISITOR,
      config.RISK_WINDOW_MINUTES,
      config.RISK_CAPTCHA,
    ]).toEqual(['flag', 5, 3, 60, 'refuse']);
  });

  it('takes its settings, 0 turning a window rule off', () => {
    const config = loadConfig({
      RISK_DISPOSABLE_EMAIL: 'off',
      RISK_REGISTRATIONS_PER_ADDRESS: '0',
      RISK_REGISTRATIONS_PER_VISITOR: '10',
      RISK_WINDOW_MINUTES: '1440',
      RISK_CAPTCHA: 'flag',
    });
    expect(config).toMatchObject({
      RISK_DISPOSABLE_EMAIL: 'off',
      RISK_REGISTRATIONS_PER_ADDRESS: 0,
      RISK_REGISTRATIONS_PER_VISITOR: 10,
      RISK_WINDOW_MINUTES: 1440,
      RISK_CAPTCHA: 'flag',
    });
  });

  it('refuses to start with a bad value, naming the variable and what it takes', () => {
    expect(() => loadConfig({ RISK_DISPOSABLE_EMAIL: 'yes' })).toThrow(/RISK_DISPOSABLE_EMAIL: must be flag or off/);
    expect(() => loadConfig({ RISK_CAPTCHA: 'warn' })).toThrow(/RISK_CAPTCHA: must be refuse or flag/);
    expect(() => loadConfig({ RISK_REGISTRATIONS_PER_ADDRESS: 'five' })).toThrow(
      /RISK_REGISTRATIONS_PER_ADDRESS: must be a whole number/,
    );
    expect(() => loadConfig({ RISK_REGISTRATIONS_PER_VISITOR: '-1' })).toThrow(/RISK_REGISTRATIONS_PER_VISITOR/);
    expect(() => loadConfig({ RISK_WINDOW_MINUTES: '0' })).toThrow(/RISK_WINDOW_MINUTES/);
    expect(() => loadConfig({ RISK_WINDOW_MINUTES: '2.5' })).toThrow(
      /RISK_WINDOW_MINUTES: must be a whole number of minutes/,
    );
  });
});
