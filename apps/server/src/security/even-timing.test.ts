import { describe, expect, it } from 'vitest';
import { EvenTiming } from './even-timing.ts';

describe('EvenTiming', () => {
  it('expects the median of the recent durations of known addresses, per kind', () => {
    const even = new EvenTiming();
    for (const ms of [10, 30, 20]) even.known('recovery', ms);
    even.known('unlock', 50);
    expect(even.expectedMs('recovery')).toBe(20);
    expect(even.expectedMs('unlock')).toBe(50);
  });

  it('uses every kind until a kind has durations of its own, and nothing before any', () => {
    const even = new EvenTiming();
    expect(even.expectedMs('register')).toBe(0);
    even.known('recovery', 12);
    expect(even.expectedMs('register')).toBe(12);
  });

  it('keeps only the recent durations', () => {
    const even = new EvenTiming();
    for (let i = 0; i < 32; i++) even.known('sign_in', 100);
    for (let i = 0; i < 32; i++) even.known('sign_in', 5);
    expect(even.expectedMs('sign_in')).toBe(5);
  });

  it('holds an unknown answer until it has taken as long as a known one', async () => {
    const even = new EvenTiming();
    even.known('recovery', 40);
    const started = performance.now();
    await even.pad('recovery', 10);
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
    const again = performance.now();
    await even.pad('recovery', 45);
    expect(performance.now() - again).toBeLessThan(5);
  });
});
