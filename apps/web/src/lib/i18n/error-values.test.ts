// Dates in an error's message are the user's format, as on the page beside it.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../dates.ts';
import { errorMessageValues } from './error-values.ts';

describe('errorMessageValues', () => {
  it("shows a locked link's day in the locale's format, the player's own day of the moment", () => {
    const lockedUntil = '2026-12-27T10:00:00.000Z';
    const body = { date: '2026-12-27', locked_until: lockedUntil };
    expect(errorMessageValues(body, 'en-US')?.date).toBe(formatDate(new Date(lockedUntil), 'en-US'));
    expect(errorMessageValues(body, 'en-US')?.date).toMatch(/^12\/2[67]\/2026$/);
    expect(errorMessageValues(body, 'de-DE')?.date).toMatch(/^2[67]\.12\.2026$/);
    expect(errorMessageValues(body, 'ja-JP')?.date).toMatch(/^2026\/12\/2[67]$/);
  });

  it('formats a day alone, and leaves other values as they are', () => {
    expect(errorMessageValues({ date: '2026-03-09', min: 4, name: 'Kratos' }, 'fr-FR')).toEqual({
      date: '09/03/2026',
      min: 4,
      name: 'Kratos',
    });
    // A day the page already formatted stays so.
    expect(errorMessageValues({ date: '03/09/2026' }, 'en-US')).toEqual({ date: '03/09/2026' });
    expect(errorMessageValues(null, 'en-US')).toBeUndefined();
  });
});
