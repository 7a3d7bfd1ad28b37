import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('walker@example.com')).toBe('w…@example.com');
    expect(maskEmail('w@example.com')).toBe('w…@example.com');
    expect(maskEmail('first.last+tag@mail.example.co.uk')).toBe('f…@mail.example.co.uk');
  });

  it('leaves what is not an address as it is', () => {
    expect(maskEmail('')).toBe('');
    expect(maskEmail('@example.com')).toBe('@example.com');
    expect(maskEmail('no-at-sign')).toBe('no-at-sign');
  });
});
