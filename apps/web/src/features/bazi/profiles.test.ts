import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deletedProfiles,
  profilesSnapshot,
  resetProfilesCache,
  setProfilesOwner,
  writeProfiles,
} from '@/stores/profiles';
import { useSession } from '@/stores/session';
import { DEFAULT_OPTIONS, useProfiles } from './profiles';

beforeEach(() => {
  localStorage.clear();
  resetProfilesCache();
  useSession.setState({ user: null, isLogin: false, bazi: null });
});

describe('useProfiles changes', () => {
  it('marks a saved profile to be sent, with an id for the upload, keeping what the case book added', () => {
    const { result } = renderHook(() => useProfiles());
    let saved = result.current.profiles[0];
    act(() => {
      saved = result.current.save({
        name: '张三',
        sex: '男',
        born: '公 1990-05-10 08:00',
        options: DEFAULT_OPTIONS,
      });
    });
    expect(saved).toMatchObject({ pending: true, name: '张三' });
    expect(saved?.clientId).toMatch(/^[A-Za-z0-9_-]+$/);
    act(() => result.current.annotate(saved?.add_time ?? 0, { group: '家人', note: '表哥', events: [] }));
    act(() => {
      result.current.save({ ...(saved as NonNullable<typeof saved>), name: '张三丰' });
    });
    expect(profilesSnapshot()).toMatchObject([
      { name: '张三丰', group: '家人', note: '表哥', clientId: saved?.clientId, pending: true },
    ]);
  });

  it("queues the deletion of an account's profile for the server, and not a visitor's", () => {
    const base = { sex: '女' as const, born: '公 1990-05-10 08:00', options: DEFAULT_OPTIONS };
    writeProfiles([{ ...base, name: '甲', add_time: 1, clientId: 'c-1' }]);
    const { result } = renderHook(() => useProfiles());
    act(() => result.current.remove(1));
    expect(deletedProfiles()).toEqual([]);

    setProfilesOwner(7);
    writeProfiles([{ ...base, name: '乙', add_time: 2, clientId: 'c-2', id: 42 }]);
    act(() => result.current.remove(2));
    expect(deletedProfiles()).toEqual([{ id: 42, clientId: 'c-2' }]);
    expect(profilesSnapshot()).toEqual([]);
  });
});
