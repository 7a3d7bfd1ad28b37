// The operators' command line (npm run admin): games, OAuth clients and their redirect URIs, and
// publishing new terms, run against a real database; and the command itself as a process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { composeOperations } from '../src/composition.ts';
import { UsageError } from '../src/admin/usage.ts';
import type { Database } from '../src/db/database.ts';
import { ConsentsService } from '../src/modules/accounts/consents-service.ts';
import { AccountsRepo } from '../src/modules/accounts/repo.ts';
import { demoUserExperience } from '../src/seed/demo.ts';
import { insertAccount, testConfig, testDatabase } from './helpers.ts';

let db: Database;
let drop: () => Promise<void>;
const dir = mkdtempSync(join(tmpdir(), 'portal-admin-'));
beforeAll(async () => ({ db, drop } = await testDatabase()));
afterAll(() => drop());

const run = (...argv: string[]) => runAdmin(argv, composeOperations(db, testConfig()));
const gameFile = (game: object) => {
  const file = join(dir, `${Math.random()}.json`);
  writeFileSync(file, JSON.stringify(game));
  return file;
};
const game = { slug: 'moon-racer', name: 'Moon Racer', user_experience: demoUserExperience() };

describe('games', () => {
  it('adds a game from a JSON file, then updates it, and lists it', async () => {
    expect(await run('games', 'list')).toEqual(['no games']);
    expect(await run('games', 'put', gameFile(game))).toEqual(['added game moon-racer']);
    expect(await run('games', 'put', gameFile({ ...game, name: 'Moon Racer 2', featured: true }))).toEqual([
      'updated game moon-racer',
    ]);
    expect(await run('games', 'list')).toEqual(['moon-racer\tMoon Racer 2\t0 client(s)\tfeatured']);
  });

  it('refuses a file that is not a valid game, naming the field', async () => {
    await expect(run('games', 'put', gameFile({ ...game, slug: 'Bad Slug' }))).rejects.toThrow(/invalid game: slug/);
    await expect(run('games', 'put', gameFile({ ...game, surprise: 1 }))).rejects.toThrow(/invalid game/);
    await expect(run('games', 'put', join(dir, 'missing.json'))).rejects.toThrow(/cannot read/);
  });
});

describe('OAuth clients', () => {
  it('adds a public client with its redirect URIs, and a confidential one with a secret shown once', async () => {
    expect(
      await run(
        'clients',
        'add',
        'moon-racer',
        'moon-racer-pc',
        '--name',
        'Moon Racer PC',
        '--redirect-uri',
        'http://127.0.0.1/cb',
        '--first-party',
      ),
    ).toEqual(['added public first-party client moon-racer-pc to moon-racer']);
    const confidential = await run(
      'clients',
      'add',
      'moon-racer',
      'moon-racer-web',
      '--confidential',
      '--redirect-uri',
      'https://moon.example.com/cb',
    );
    expect(confidential[0]).toBe('added confidential third-party client moon-racer-web to moon-racer');
    const secret = /: (\S+)$/.exec(confidential[1] ?? '')?.[1] ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.query<{ secret_hash: string }>(
      `SELECT secret_hash FROM oauth_clients WHERE client_id = 'moon-racer-web'`,
    );
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secret_hash).not.toContain(secret);
    expect(await run('clients', 'list', 'moon-racer')).toEqual([
      'moon-racer-pc\tmoon-racer\tpublic\tfirst-party\tMoon Racer PC\tscopes: openid profile email offline_access',
      '  http://127.0.0.1/cb',
      'moon-racer-web\tmoon-racer\tconfidential\tthird-party\tmoon-racer-web\tscopes: openid profile email offline_access',
      '  https://moon.example.com/cb',
    ]);
  });

  it('changes what a client may ask for and whether it is first-party (issue 32)', async () => {
    expect(
      await run('clients', 'update', 'moon-racer-web', '--scopes', 'openid profile', '--name', 'Moon Stats'),
    ).toEqual(['client moon-racer-web: third-party, Moon Stats, scopes: openid profile']);
    expect(await run('clients', 'update', 'moon-racer-web', '--first-party')).toEqual([
      'client moon-racer-web: first-party, Moon Stats, scopes: openid profile',
    ]);
    expect(await run('clients', 'update', 'moon-racer-web', '--third-party')).toEqual([
      'client moon-racer-web: third-party, Moon Stats, scopes: openid profile',
    ]);
    await expect(run('clients', 'update', 'moon-racer-web', '--scopes', 'openid games')).rejects.toThrow(
      /unknown scope games/,
    );
    await expect(run('clients', 'update', 'nobody', '--first-party')).rejects.toThrow(/no client nobody/);
    await expect(run('clients', 'update', 'moon-racer-web', '--bogus')).rejects.toThrow(UsageError);
    await expect(run('clients', 'update', 'moon-racer-web')).rejects.toThrow(UsageError);
  });

  it('refuses bad redirect URIs, unknown games, duplicates and unknown options', async () => {
    await expect(
      run('clients', 'add', 'moon-racer', 'x-client', '--redirect-uri', 'http://evil.example.com/cb'),
    ).rejects.toThrow(/http is allowed on loopback hosts only/);
    await expect(run('clients', 'add', 'no-such-game', 'x-client')).rejects.toThrow(/no game no-such-game/);
    await expect(run('clients', 'add', 'moon-racer', 'moon-racer-pc')).rejects.toThrow(/already exists/);
    await expect(run('clients', 'add', 'moon-racer', 'y-client', '--bogus')).rejects.toThrow(UsageError);
  });

  it('adds and removes redirect URIs, matched exactly, and removes a client', async () => {
    expect(await run('clients', 'add-uri', 'moon-racer-pc', 'com.example.moon:/cb')).toEqual([
      'redirect URIs of moon-racer-pc:',
      '  http://127.0.0.1/cb',
      '  com.example.moon:/cb',
    ]);
    await expect(run('clients', 'remove-uri', 'moon-racer-pc', 'http://127.0.0.1/cb/')).rejects.toThrow(
      /has no redirect URI/,
    );
    expect(await run('clients', 'remove-uri', 'moon-racer-pc', 'http://127.0.0.1/cb')).toEqual([
      'redirect URIs of moon-racer-pc:',
      '  com.example.moon:/cb',
    ]);
    expect(await run('clients', 'remove', 'moon-racer-web')).toEqual(['removed client moon-racer-web']);
    await expect(run('clients', 'remove', 'moon-racer-web')).rejects.toThrow(/no client moon-racer-web/);
    expect(await run('games', 'list')).toEqual(['moon-racer\tMoon Racer 2\t1 client(s)\tfeatured']);
  });
});

describe('terms', () => {
  it('publishes a new version that every account must consent to', async () => {
    const id = await insertAccount(db);
    const accounts = new AccountsRepo(db.orm);
    const consents = new ConsentsService(accounts);
    const account = await consents.consent((await accounts.findById(id))!, 'tos');
    expect((await consents.view(account)).tos_consent_required).toBe(false);
    const [published] = await run('terms', 'publish', 'tos');
    expect(published).toMatch(/^published tos version \d+: every account is asked to consent again$/);
    // The command runs in its own process: a server sees the new version once its cache expires.
    const fresh = new ConsentsService(accounts);
    expect((await fresh.view((await accounts.findById(id))!)).tos_consent_required).toBe(true);
    await expect(run('terms', 'publish', 'cookies')).rejects.toThrow(UsageError);
  });
});

describe('platforms', () => {
  const twitch = {
    platform: 'twitch',
    protocol: 'oidc',
    client_id: 'portal',
    client_secret: 'twitch-client-secret',
    issuer: 'https://id.twitch.tv/oauth2',
    relink_cooldown_days: 14,
  };

  it('configures a platform from a JSON file, seals its secret, and lists it', async () => {
    expect(await run('platforms', 'list')).toEqual(['no platforms']);
    expect(await run('platforms', 'put', gameFile(twitch))).toEqual([
      'configured platform twitch: every instance uses it within 5 s',
    ]);
    expect(await run('platforms', 'list')).toEqual([
      'twitch\toidc\toffered\trelink cooldown 14 days\thttps://id.twitch.tv/oauth2\tsecret set',
    ]);
    const [row] = await db.query<{ client_secret_sealed: string }>(
      `SELECT client_secret_sealed FROM platform_configs WHERE platform = 'twitch'`,
    );
    expect(row?.client_secret_sealed).toMatch(/^v1\./);
    expect(row?.client_secret_sealed).not.toContain('twitch-client-secret');
    await run('platforms', 'put', gameFile({ ...twitch, enabled: false }));
    expect((await run('platforms', 'list'))[0]).toContain('\tdisabled\t');
  });

  it('refuses a configuration that cannot be used, naming what is wrong', async () => {
    await expect(run('platforms', 'put', gameFile({ ...twitch, platform: 'myspace' }))).rejects.toThrow(/platform/);
    await expect(run('platforms', 'put', gameFile({ ...twitch, issuer: 'ftp://example.com' }))).rejects.toThrow(
      /issuer/,
    );
    await expect(run('platforms', 'put', gameFile({ ...twitch, issuer: null }))).rejects.toThrow(/no issuer/);
    await expect(
      run('platforms', 'put', gameFile({ platform: 'discord', protocol: 'oauth2', client_id: 'c' })),
    ).rejects.toThrow(/token and profile endpoints/);
    await expect(run('platforms', 'put', join(dir, 'missing.json'))).rejects.toThrow(/cannot read/);
  });
});

describe('the command', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['src/admin/cli.ts', ...args], {
      cwd: join(import.meta.dirname, '..'),
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-admin-db-')),
        LOG_LEVEL: 'silent',
        ...env,
      },
    });

  it('prints its usage, and refuses an unknown command with exit code 2', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('npm run admin -- <command>');
    const unknown = cli(['games', 'delete-everything']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command games delete-everything');
  }, 60_000);

  it('works on the embedded database of DATA_DIR', () => {
    const listed = cli(['games', 'list']);
    expect(listed.stderr).toBe('');
    expect(listed.stdout.trim()).toBe('no games');
    expect(listed.status).toBe(0);
  }, 60_000);
});
