/**
 * Operator password hashes: argon2id PHC strings with the OWASP cost and a fresh salt each time, that
 * another argon2 implementation (@node-rs/argon2, the one app users' passwords go through) verifies.
 */
import { verify as otherArgon2Verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyNothing, verifyPassword } from './password.ts';

describe('operator passwords', () => {
  it('stores an argon2id PHC string with m=19456 KiB, t=2, p=1 and a 16-byte salt', async () => {
    const stored = await hashPassword('correct horse battery');
    const [, algorithm, version, params, salt, hash] = stored.split('$');
    expect([algorithm, version, params]).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('=$');
  });

  it('hashes at the configured cost, which the stored string carries and verification follows', async () => {
    const stored = await hashPassword('configured-cost-1', { memoryKiB: 1024, passes: 3 });
    expect(stored.split('$')[3]).toBe('m=1024,t=3,p=1');
    expect(await verifyPassword('configured-cost-1', stored)).toBe(true);
    expect(await verifyPassword('configured-cost-2', stored)).toBe(false);
    expect(await otherArgon2Verify(stored, 'configured-cost-1')).toBe(true);
  });

  it('salts every hash afresh, and verifies the right password only', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password-1'), hashPassword('same-password-1')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password-1', a)).toBe(true);
    expect(await verifyPassword('same-password-1', b)).toBe(true);
    expect(await verifyPassword('same-password-2', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('writes the standard format another argon2 library reads', async () => {
    const stored = await hashPassword('密码也可以是中文 123');
    expect(await otherArgon2Verify(stored, '密码也可以是中文 123')).toBe(true);
    expect(await otherArgon2Verify(stored, '密码也可以是中文 124')).toBe(false);
  });

  it('matches nothing for a stored value that is not an argon2id PHC or asks an absurd cost', async () => {
    const stored = await hashPassword('whatever-123');
    for (const bad of [
      '',
      'plain text',
      stored.replace('argon2id', 'argon2i'),
      stored.replace('m=19456', 'm=99999999'),
      stored.replace('t=2', 't=0'),
      stored.replace('v=19', 'v=16'),
    ]) {
      expect(await verifyPassword('whatever-123', bad), bad).toBe(false);
    }
    expect(await verifyNothing('whatever-123')).toBe(false);
  });
});
