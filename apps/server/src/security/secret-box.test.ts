import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

const KEY = 'a-test-key-of-at-least-32-characters!';

describe('SecretBox', () => {
  it('opens what it sealed, and seals the same value differently each time', () => {
    const box = new SecretBox(KEY);
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed with another key or changed', () => {
    const sealed = new SecretBox(KEY).seal('secret');
    expect(() => new SecretBox(`${KEY}-other`).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => new SecretBox(KEY).open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(KEY).open('plain')).toThrow();
  });
});
