import type { Profile } from '@xuanli/contracts/member';
import type { MingliProfile, MingliProfileInput } from '@xuanli/contracts/mingli';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureAnswer, okAnswer, tokenAnswer } from '@/testing/fake-answers';
import { member } from '@/testing/members';
import { savedProfile } from '@/testing/saved-profiles';
import {
  deletedProfiles,
  offeredProfiles,
  profilesOwner,
  profilesSnapshot,
  resetProfilesCache,
  type SavedProfile,
  writeDeletedProfiles,
  writeProfiles,
} from './profiles';
import { acceptOfferedProfiles, startCaseBookSync, syncCaseBook } from './profiles-sync';
import { useSession } from './session';

const user = (id: number): Profile => member({ id, nickname: '玄历用户' });

/** A case book server in memory, with the API's rules: clientId saves once, the later write wins. */
class FakeCaseBook {
  rows: MingliProfile[] = [];
  posts = 0;
  offline = false;
  private nextId = 1;

  save(input: MingliProfileInput, at = '2026-11-01T00:00:00.000Z'): MingliProfile {
    const row: MingliProfile = {
      id: this.nextId++,
      clientId: input.clientId ?? null,
      name: input.name,
      sex: input.sex,
      born: input.born,
      options: input.options ?? {},
      group: input.group ?? '其他',
      note: input.note ?? '',
      events: input.events ?? [],
      createdAt: at,
      updatedAt: input.updatedAt ?? at,
    };
    this.rows.unshift(row);
    return row;
  }

  private write(row: MingliProfile, input: MingliProfileInput): MingliProfile {
    if (input.updatedAt && input.updatedAt < row.updatedAt) return row;
    Object.assign(row, { ...input, clientId: row.clientId, updatedAt: input.updatedAt ?? row.updatedAt });
    return row;
  }

  answer = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.endsWith('/base/token')) return tokenAnswer('jwt', Date.now() / 1000);
    if (this.offline) throw new TypeError('Failed to fetch');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as MingliProfileInput) : null;
    const id = Number(url.pathname.split('/').pop());
    const row = this.rows.find((r) => r.id === id);
    if (method === 'GET') {
      const size = Number(url.searchParams.get('size'));
      const page = Number(url.searchParams.get('page'));
      return okAnswer({ list: this.rows.slice((page - 1) * size, page * size), total: this.rows.length });
    }
    if (method === 'POST' && body) {
      this.posts += 1;
      const same = this.rows.find((r) => body.clientId && r.clientId === body.clientId);
      return okAnswer(same ? this.write(same, body) : this.save(body));
    }
    if (!row) return failureAnswer('NotFound', '命例不存在');
    if (method === 'PATCH' && body) return okAnswer(this.write(row, body));
    this.rows = this.rows.filter((r) => r !== row);
    return okAnswer({ id });
  };
}

let server: FakeCaseBook;
/** Syncs started by a test, stopped after it even when it fails. */
const started: (() => void)[] = [];

/** A woman's 命例 kept on this phone. */
const local = (name: string, addTime: number, extra: Partial<SavedProfile> = {}) =>
  savedProfile(name, addTime, { sex: '女', ...extra });

beforeEach(() => {
  localStorage.clear();
  resetProfilesCache();
  useSession.setState({ user: null, isLogin: false, myclass: [], bazi: null });
  server = new FakeCaseBook();
  vi.stubGlobal('fetch', vi.fn(server.answer));
});

afterEach(() => {
  for (const stop of started.splice(0)) stop();
  vi.unstubAllGlobals();
});

describe('the case book sync', () => {
  it("at login sets a visitor's profiles aside, shows the account's, and uploads the visitor's once when accepted", async () => {
    server.save({ name: '客户甲', sex: '男', born: '公 1980-01-02 03:04' });
    writeProfiles([local('表妹', 1000, { clientId: 'c-1', pending: true })]);
    useSession.setState({ user: user(7), isLogin: true });

    await syncCaseBook();
    expect(profilesOwner()).toBe(7);
    expect(profilesSnapshot().map((p) => p.name)).toEqual(['客户甲']);
    expect(offeredProfiles().map((p) => p.name)).toEqual(['表妹']);
    expect(server.posts).toBe(0);

    await acceptOfferedProfiles();
    await syncCaseBook();
    expect(server.rows.map((r) => r.name).sort()).toEqual(['客户甲', '表妹']);
    expect(server.posts).toBe(1);
    expect(profilesSnapshot().every((p) => !p.pending && p.id !== undefined)).toBe(true);
    expect(offeredProfiles()).toEqual([]);
  });

  it('queues changes made offline and sends them when the network comes back', async () => {
    useSession.setState({ user: user(7), isLogin: true });
    await syncCaseBook();
    server.offline = true;
    writeProfiles([
      local('离线存的', 2000, { clientId: 'c-2', pending: true, updatedAt: '2026-11-02T00:00:00.000Z' }),
    ]);
    started.push(startCaseBookSync());
    expect(await syncCaseBook()).toBe(false);
    expect(profilesSnapshot()[0]?.pending).toBe(true);
    expect(server.rows).toEqual([]);

    server.offline = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.rows.map((r) => r.name)).toEqual(['离线存的']));
    await vi.waitFor(() => expect(profilesSnapshot()[0]?.pending).toBeFalsy());
    expect(profilesSnapshot()[0]?.add_time).toBe(2000);
  });

  it('lets the later write win: an older change from this phone does not replace a newer one', async () => {
    const row = server.save({
      clientId: 'c-3',
      name: '新名字',
      sex: '女',
      born: '公 1990-05-10 08:00',
      updatedAt: '2026-11-05T00:00:00.000Z',
    });
    useSession.setState({ user: user(7), isLogin: true });
    await syncCaseBook();
    const [mine] = profilesSnapshot();
    writeProfiles([
      { ...(mine as SavedProfile), name: '旧名字', pending: true, updatedAt: '2026-11-04T00:00:00.000Z' },
    ]);
    await syncCaseBook();
    expect(row.name).toBe('新名字');
    expect(profilesSnapshot().map((p) => p.name)).toEqual(['新名字']);
  });

  it('sends a deletion made offline later, and the profile is gone on the server', async () => {
    server.save({ clientId: 'c-4', name: '要删的', sex: '男', born: '公 1970-01-01 00:00' });
    useSession.setState({ user: user(7), isLogin: true });
    await syncCaseBook();
    const [gone] = profilesSnapshot();
    server.offline = true;
    writeProfiles([]);
    writeDeletedProfiles([{ id: gone?.id, clientId: gone?.clientId }]);
    await syncCaseBook();
    expect(server.rows).toHaveLength(1);
    server.offline = false;
    await syncCaseBook();
    expect(server.rows).toEqual([]);
    expect(deletedProfiles()).toEqual([]);
    expect(profilesSnapshot()).toEqual([]);
  });

  it('keeps a moment found by 四柱反查 on Beijing standard time through the server and back', async () => {
    useSession.setState({ user: user(7), isLogin: true });
    await syncCaseBook();
    // 1990 had summer time: the found 07:00 is 辰时 only on standard time, so the zone must survive.
    const found = { zi: 'late', trueSolar: false, yunSchool: 2, standardTime: true } as const;
    writeProfiles([
      local('反查', 4000, {
        born: '公 1990-05-10 07:00',
        options: found,
        clientId: 'c-6',
        pending: true,
        updatedAt: '2026-11-07T00:00:00.000Z',
      }),
    ]);
    await syncCaseBook();
    expect(server.rows[0]?.options).toMatchObject({ timeZone: 'UTC+8' });
    expect(profilesSnapshot()[0]).toMatchObject({ name: '反查', options: found });
    expect(profilesSnapshot()[0]?.pending).toBeFalsy();
    expect(profilesSnapshot()[0]?.id).toBe(server.rows[0]?.id);
  });

  it("removes the account's profiles at logout and gives back the visitor's set aside", async () => {
    server.save({ name: '客户甲', sex: '男', born: '公 1980-01-02 03:04' });
    writeProfiles([local('表妹', 1000)]);
    useSession.setState({ user: user(7), isLogin: true });
    await syncCaseBook();
    expect(profilesSnapshot().map((p) => p.name)).toEqual(['客户甲']);

    useSession.getState().logout();
    expect(profilesOwner()).toBeNull();
    expect(profilesSnapshot().map((p) => p.name)).toEqual(['表妹']);
    resetProfilesCache();
    expect(profilesSnapshot().map((p) => p.name)).toEqual(['表妹']);
    expect(localStorage.getItem('bazi-profiles')).not.toContain('客户甲');
  });

  it('keeps a profile the server refuses on this phone with its message, and does not resend it', async () => {
    useSession.setState({ user: user(7), isLogin: true });
    await syncCaseBook();
    server.answer = async (input, init) => {
      if (String(input).endsWith('/base/token')) return tokenAnswer('jwt', Date.now() / 1000);
      if (init?.method === 'POST') return failureAnswer('Conflict', '命例已满 500 个');
      return okAnswer({ list: [], total: 0 });
    };
    vi.stubGlobal('fetch', vi.fn(server.answer));
    writeProfiles([
      local('第501个', 3000, { clientId: 'c-5', pending: true, updatedAt: '2026-11-06T00:00:00.000Z' }),
    ]);
    await syncCaseBook();
    expect(profilesSnapshot()).toMatchObject([
      { name: '第501个', pending: false, syncError: '命例已满 500 个' },
    ]);
  });
});
