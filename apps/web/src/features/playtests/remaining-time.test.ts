import { describe, expect, it } from 'vitest';
import { remainingTime } from './remaining-time.ts';

const now = new Date('2026-05-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the time left to redeem', () => {
  it('is counted in whole days from one day on', () => {
    expect(remainingTime(later(3 * DAY), now)).toEqual({ unit: 'days', count: 3 });
    expect(remainingTime(later(DAY), now)).toEqual({ unit: 'days', count: 1 });
    expect(remainingTime(later(2 * DAY - 1), now)).toEqual({ unit: 'days', count: 1 });
    expect(remainingTime(later(30 * DAY + 5 * HOUR), now)).toEqual({ unit: 'days', count: 30 });
  });

  it('is counted in hours under one day, rounded up', () => {
    expect(remainingTime(later(DAY - 1), now)).toEqual({ unit: 'hours', count: 24 });
    expect(remainingTime(later(5 * HOUR), now)).toEqual({ unit: 'hours', count: 5 });
    expect(remainingTime(later(4 * HOUR + 1), now)).toEqual({ unit: 'hours', count: 5 });
    expect(remainingTime(later(20 * 60_000), now)).toEqual({ unit: 'hours', count: 1 });
    expect(remainingTime(later(1), now)).toEqual({ unit: 'hours', count: 1 });
  });

  it('is nothing once the end has passed, or without an end', () => {
    expect(remainingTime(now, now)).toBeNull();
    expect(remainingTime(later(-HOUR), now)).toBeNull();
    expect(remainingTime(null, now)).toBeNull();
    expect(remainingTime(new Date(Number.NaN), now)).toBeNull();
  });
});
