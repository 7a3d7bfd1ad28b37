import { describe, expect, it } from 'vitest';
import { queryFlag, queryId, queryWords } from './query-params.ts';

describe('query parameters that open something', () => {
  it('a switch is on when present empty, 1 or true', () => {
    expect(queryFlag('?password', 'password')).toBe(true);
    expect(queryFlag('?password=1', 'password')).toBe(true);
    expect(queryFlag('?password=TRUE', 'password')).toBe(true);
    for (const search of ['', '?password=0', '?password=no', '?password=%3Cx%3E', '?passwords=1']) {
      expect(queryFlag(search, 'password')).toBe(false);
    }
  });
  it('an id has a plain shape or is ignored', () => {
    expect(queryId('?twitch=starfall-launch-drop', 'twitch')).toBe('starfall-launch-drop');
    for (const value of ['', '//evil.test', '../x', 'a b', 'x'.repeat(65), '-x']) {
      expect(queryId(`?twitch=${encodeURIComponent(value)}`, 'twitch')).toBeNull();
    }
  });
  it('a list keeps only the words allowed', () => {
    expect([...queryWords('?hidden=Mine,other', 'hidden', ['available', 'mine'])]).toEqual(['mine']);
    expect(queryWords('', 'hidden', ['available', 'mine']).size).toBe(0);
  });
});
