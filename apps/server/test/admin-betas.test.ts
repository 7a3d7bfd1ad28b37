// The operators' playtest commands (npm run admin -- betas ..., twitch benefits put) against a real
// database: definitions put and updated by key, platform keys imported all or nothing with the bad
// lines reported by number (never the key), campaign codes, the figures, and Twitch benefits.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { composeOperations } from '../src/composition.ts';
import type { Database } from '../src/db/database.ts';
import { demoUserExperience } from '../src/seed/demo.ts';
import { testConfig, testDatabase } from './helpers.ts';

let db: Database;
let drop: () => Promise<void>;
const dir = mkdtempSync(join(tmpdir(), 'portal-admin-betas-'));
const run = (...argv: string[]) => runAdmin(argv, composeOperations(db, testConfig()));
const file = (content: object | string) => {
  const path = join(dir, `${Math.random()}.txt`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const playtest = {
  key: 'moon-racer-beta',
  game: 'moon-racer',
  title: { default: 'Moon Racer Beta', localizations: { 'fr-FR': 'Bêta de Moon Racer' } },
  redemption_agreement: 'Keep the beta to yourself.',
  platforms: ['pc_steam', 'xbox_one'],
  registration: { start: '2026-01-01T00:00:00Z', end: '2030-01-01T00:00:00Z' },
  redemption: { start: '2026-02-01T00:00:00Z', end: '2030-01-01T00:00:00Z' },
  referral_max_count: 3,
};

beforeAll(async () => {
  ({ db, drop } = await testDatabase());
  await run('games', 'put', file({ slug: 'moon-racer', name: 'Moon Racer', user_experience: demoUserExperience() }));
});
afterAll(() => drop());

describe('betas put and list', () => {
  it('adds a playtest from a JSON file, updates it by its key, and lists it', async () => {
    const [added] = await run('betas', 'put', file(playtest));
    expect(added).toMatch(/^added playtest moon-racer-beta \([0-9a-f-]{36}\)$/);
    expect(await run('betas', 'put', file(playtest))).toEqual(['playtest moon-racer-beta unchanged']);
    expect(await run('betas', 'put', file({ ...playtest, speed_check: true }))).toEqual([
      'updated playtest moon-racer-beta: open pages of it are now out of date',
    ]);
    const [line] = await run('betas', 'list');
    expect(line).toMatch(/^moon-racer-beta\t[0-9a-f-]{36}\tmoon-racer\tMoon Racer Beta\tpc_steam,xbox_one\t/);
    expect(line).toContain('registration 2026-01-01T00:00 to 2030-01-01T00:00');
    expect(line).toContain('version 2');
  });

  it('refuses an invalid file, naming the fields, and a game that does not exist', async () => {
    await expect(run('betas', 'put', file({ ...playtest, platforms: ['switch'] }))).rejects.toThrow(
      /the playtest is not valid:\n {2}platforms\.0/,
    );
    await expect(
      run(
        'betas',
        'put',
        file({ ...playtest, registration: { start: '2030-01-01T00:00:00Z', end: '2026-01-01T00:00:00Z' } }),
      ),
    ).rejects.toThrow(/registration: start must come before end/);
    await expect(run('betas', 'put', file({ ...playtest, game: 'no-such-game' }))).rejects.toThrow(
      /no game no-such-game/,
    );
    await expect(run('betas', 'put', join(dir, 'missing.json'))).rejects.toThrow(/cannot read/);
  });
});

describe('platform keys', () => {
  it('imports a valid file, and reports every bad line by number without importing anything', async () => {
    const steam = ['# spring batch', 'AAAAA-BBBBB-CCCCC', '', 'ddddd-eeeee-fffff'].join('\n');
    expect(await run('betas', 'codes', 'import', 'moon-racer-beta', 'pc_steam', file(steam))).toEqual([
      'imported 2 pc_steam key(s) into moon-racer-beta',
    ]);
    const xbox = ['ABCDEFGHJKLMNPQRSTUVWXYZ2', 'ABCDE-FGHJK-LMNPQ-RSTUV-WXYZ3'].join('\n');
    expect(await run('betas', 'codes', 'import', 'moon-racer-beta', 'xbox_one', file(xbox))).toEqual([
      'imported 2 xbox_one key(s) into moon-racer-beta',
    ]);

    const bad = ['GGGGG-HHHHH-JJJJJ', 'AAAAA-BBBBB-CCCCC', 'not-a-key', 'GGGGG-HHHHH-JJJJJ'].join('\n');
    const refused = run('betas', 'codes', 'import', 'moon-racer-beta', 'pc_steam', file(bad));
    await expect(refused).rejects.toThrow(
      [
        'nothing imported: 3 bad line(s)',
        '  line 2: imported before',
        '  line 3: not a pc_steam key (XXXXX-XXXXX-XXXXX)',
        '  line 4: the same key as line 1',
      ].join('\n'),
    );
    await expect(refused).rejects.not.toThrow(/GGGGG/);
    expect((await run('betas', 'stats', 'moon-racer-beta')).slice(1)).toEqual([
      'pc_steam\t2 imported\t0 awarded\t2 left',
      'xbox_one\t2 imported\t0 awarded\t2 left',
    ]);
  });

  it('refuses a platform the playtest is not on, and an unknown playtest', async () => {
    await expect(run('betas', 'codes', 'import', 'moon-racer-beta', 'ps_5', file('ABCD-EFGH-JKLM'))).rejects.toThrow(
      /moon-racer-beta is not on ps_5/,
    );
    await expect(run('betas', 'codes', 'import', 'nope', 'pc_steam', file('AAAAA-BBBBB-CCCCC'))).rejects.toThrow(
      /no playtest nope/,
    );
  });
});

describe('campaign codes, figures and Twitch benefits', () => {
  it('makes campaign codes, prints them, and counts them in the figures', async () => {
    const codes = await run('betas', 'campaign-codes', 'moon-racer-beta', '3');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(new Set(codes).size).toBe(3);
    expect(await run('betas', 'campaign-codes', 'moon-racer-beta', '1', '--type', 'shared')).toHaveLength(1);
    await expect(run('betas', 'campaign-codes', 'moon-racer-beta', 'many')).rejects.toThrow(/whole number/);
    await expect(run('betas', 'campaign-codes', 'moon-racer-beta', '2', '--type', 'open')).rejects.toThrow(
      /unknown option/,
    );
    const [line] = await run('betas', 'stats', 'moon-racer-beta');
    expect(line).toBe('moon-racer-beta: 0 registered, 0 redeemed, 0 referral code(s)');
  });

  it('adds a Twitch benefit for a playtest, then updates it', async () => {
    const benefit = {
      benefit_id: 'moon-drop-1',
      game: 'moon-racer',
      beta: 'moon-racer-beta',
      campaign: { id: 'launch', title: 'Launch drops' },
      cycle: { id: 'week-1', start: '2026-03-01T00:00:00Z', end: '2026-03-08T00:00:00Z' },
    };
    expect(await run('twitch', 'benefits', 'put', file(benefit))).toEqual(['added Twitch benefit moon-drop-1']);
    expect(await run('twitch', 'benefits', 'put', file({ ...benefit, cycle: { id: 'week-2' } }))).toEqual([
      'updated Twitch benefit moon-drop-1',
    ]);
    await expect(run('twitch', 'benefits', 'put', file({ ...benefit, beta: 'nope' }))).rejects.toThrow(
      /no playtest nope/,
    );
  });
});
