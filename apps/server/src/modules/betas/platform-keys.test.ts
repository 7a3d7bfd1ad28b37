import { describe, expect, it } from 'vitest';
import { normalizeKey, parseKeyFile } from './platform-keys.ts';

describe('platform keys', () => {
  it('Steam: 15 characters in the XXXXX-XXXXX-XXXXX form', () => {
    expect(normalizeKey('pc_steam', 'ab1cd-2efgh-3ijk4')).toBe('AB1CD-2EFGH-3IJK4');
    expect(normalizeKey('pc_steam', 'AB1CD2EFGH3IJK4')).toBeNull();
    expect(normalizeKey('pc_steam', 'AB1CD-2EFGH-3IJK')).toBeNull();
    expect(normalizeKey('pc_steam', 'AB1CD-2EFGH-3IJK!')).toBeNull();
  });
  it('Xbox: 25 characters in five groups, hyphens optional', () => {
    const printed = 'ABCDE-FGHIJ-KLMNO-PQRST-UVWX1';
    expect(normalizeKey('xbox_series_xs', 'abcdefghijklmnopqrstuvwx1')).toBe(printed);
    expect(normalizeKey('xbox_one', printed)).toBe(printed);
    expect(normalizeKey('xbox_one', 'ABCDE-FGHIJKLMNO-PQRST-UVWX1')).toBeNull();
    expect(normalizeKey('xbox_one', 'ABCDEFGHIJKLMNOPQRSTUVWX')).toBeNull();
  });
  it('PlayStation and Epic in their printed forms', () => {
    expect(normalizeKey('ps_5', 'abcd-efgh-ijkl')).toBe('ABCD-EFGH-IJKL');
    expect(normalizeKey('pc_epic', 'AAAAA-BBBBB-CCCCC-DDDDD')).toBe('AAAAA-BBBBB-CCCCC-DDDDD');
    expect(normalizeKey('pc_epic', 'AAAAA-BBBBB-CCCCC')).toBeNull();
  });
  it('reads a file: skips blank and # lines, reports bad lines and duplicates by line number', () => {
    const file = [
      '# keys for the spring playtest',
      'AAAAA-BBBBB-CCCCC',
      '',
      'nope',
      'aaaaa-bbbbb-ccccc',
      'DDDDD-EEEEE-FFFFF',
    ];
    expect(parseKeyFile('pc_steam', file.join('\n'))).toEqual({
      keys: ['AAAAA-BBBBB-CCCCC', 'DDDDD-EEEEE-FFFFF'],
      problems: [
        { line: 4, problem: 'not a pc_steam key (XXXXX-XXXXX-XXXXX)' },
        { line: 5, problem: 'the same key as line 2' },
      ],
    });
  });
});
