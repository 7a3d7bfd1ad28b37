import { describe, expect, it } from 'vitest';
import { searchQueryOf } from './search-query.ts';

describe('the search box text', () => {
  it('is an email address when it has the shape of one', () => {
    expect(searchQueryOf('nova@example.com')).toEqual({
      ok: true,
      query: { type: 'email', value: 'nova@example.com' },
    });
    expect(searchQueryOf('  Nova.Star+games@mail.example.org ')).toEqual({
      ok: true,
      query: { type: 'email', value: 'Nova.Star+games@mail.example.org' },
    });
  });

  it('is a display name otherwise', () => {
    expect(searchQueryOf('Nova')).toEqual({ ok: true, query: { type: 'username', value: 'Nova' } });
    expect(searchQueryOf(' نوفا ')).toEqual({ ok: true, query: { type: 'username', value: 'نوفا' } });
    expect(searchQueryOf('nova@example')).toEqual({ ok: true, query: { type: 'username', value: 'nova@example' } });
  });

  it('needs some text', () => {
    expect(searchQueryOf('')).toEqual({ ok: false, problem: 'empty' });
    expect(searchQueryOf('   ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses a display name longer than any can be', () => {
    expect(searchQueryOf('n'.repeat(64)).ok).toBe(true);
    expect(searchQueryOf('n'.repeat(65))).toEqual({ ok: false, problem: 'invalid' });
  });
});
