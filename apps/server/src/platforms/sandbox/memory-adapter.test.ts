// The sandbox platforms' store: entries live until they expire, not until 1,000 others come, and a
// grant's revocation removes its tokens and codes but not the interaction or session that share it.
import { describe, expect, it } from 'vitest';
import { SandboxStore } from './memory-adapter.ts';

describe('SandboxStore', () => {
  it('keeps every entry until it expires, whatever the number', async () => {
    const codes = new SandboxStore().adapter('AuthorizationCode');
    for (let i = 0; i < 3_000; i++) await codes.upsert(`code-${i}`, { accountId: `a${i}` }, 60);
    expect(await codes.find('code-0')).toEqual({ accountId: 'a0' });
    await codes.upsert('short', { accountId: 'x' }, -1);
    expect(await codes.find('short')).toBeUndefined();
  });

  it("revokes a grant's tokens and codes, and leaves the interaction and the session", async () => {
    const store = new SandboxStore();
    const tokens = store.adapter('AccessToken');
    const interactions = store.adapter('Interaction');
    const sessions = store.adapter('Session');
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await interactions.upsert('i1', { grantId: 'g1', uid: 'i1' }, 60);
    await sessions.upsert('s1', { uid: 'u1', grantId: 'g1' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await interactions.find('i1')).toMatchObject({ uid: 'i1' });
    expect(await sessions.findByUid('u1')).toMatchObject({ uid: 'u1' });
  });

  it('marks a consumed code, and destroys an entry', async () => {
    const codes = new SandboxStore().adapter('AuthorizationCode');
    await codes.upsert('c', { accountId: 'a' }, 60);
    await codes.consume('c');
    expect(await codes.find('c')).toMatchObject({ consumed: expect.any(Number) });
    await codes.destroy('c');
    expect(await codes.find('c')).toBeUndefined();
  });
});
