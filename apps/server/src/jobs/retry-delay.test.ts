import { describe, expect, it } from 'vitest';
import { isTemporary, retryDelayMs } from './retry-delay.ts';

describe('retryDelayMs', () => {
  it('doubles from the base after each failed attempt', () => {
    expect(retryDelayMs(1, 1000, 60_000, 1)).toBe(1000);
    expect(retryDelayMs(2, 1000, 60_000, 1)).toBe(2000);
    expect(retryDelayMs(3, 1000, 60_000, 1)).toBe(4000);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(retryDelayMs(10, 1000, 60_000, 1)).toBe(60_000);
    expect(retryDelayMs(1000, 1000, 60_000, 1)).toBe(60_000);
  });

  it('jitters only the upper half of the delay', () => {
    expect(retryDelayMs(3, 1000, 60_000, 0)).toBe(2000);
    expect(retryDelayMs(3, 1000, 60_000, 0.5)).toBe(3000);
  });
});

describe('isTemporary', () => {
  it('retries a 4xx answer, a dropped connection and a timeout', () => {
    expect(isTemporary({ responseCode: 451 })).toBe(true);
    expect(isTemporary(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' }))).toBe(true);
    expect(isTemporary(Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT' }))).toBe(true);
  });

  it('gives up on a 5xx answer, which refuses the mail for good', () => {
    expect(isTemporary({ responseCode: 550 })).toBe(false);
    expect(isTemporary({ responseCode: 554 })).toBe(false);
  });
});
