/**
 * Keeps the phone's case book (./profiles.ts) in step with the account's on the server while a reader
 * is logged in. The phone is changed first and the server told after, so the 排盘 page works the same
 * offline: each changed profile is `pending` and each deleted one waits in the deleted list until a
 * sync sends them. A sync sends the pending profiles (a POST carries the profile's `clientId`, so a
 * send repeated after a lost answer saves once; a profile the server has is PATCHed by its id; both
 * carry `updatedAt`, and the server keeps the later write), then the deletions, then reads the whole
 * case book, which replaces the phone's list — except profiles changed here meanwhile, sent next time.
 *
 * Syncs run at login and launch (src/app/session-sync.ts), after each change on the phone and when
 * the network comes back. A network failure stops a sync and leaves everything queued; a profile the
 * server refuses (a 4xx) keeps its message in `syncError` and stays on this phone only until changed.
 */
import type { MingliOptions, MingliProfile, MingliProfileInput } from '@xuanli/contracts/mingli';
import { MINGLI_LIMITS } from '@xuanli/contracts/mingli-labels';
import { APP_ROUTES, ApiError, api } from '@/lib/api';
import {
  adoptProfiles,
  DEFAULT_OPTIONS,
  deletedProfiles,
  offeredProfiles,
  profilesOwner,
  profilesSnapshot,
  profileZone,
  type SavedProfile,
  STANDARD_TIME_ZONE,
  writeDeletedProfiles,
  writeOfferedProfiles,
  writeProfiles,
} from './profiles';
import { memberCall, useSession } from './session';

/** Rows asked for per page when reading the case book (the API's largest page). */
const PULL_PAGE_SIZE = 100;

/** A new id for a profile saved on this phone: the key that makes its upload idempotent. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The body the server saves for a phone's profile. */
function toInput(p: SavedProfile): MingliProfileInput {
  const { zi, yunSchool, trueSolar, province, city, hourUnknown } = p.options;
  const options: MingliOptions = { zi, yunSchool, trueSolar, timeZone: profileZone(p) };
  if (province) options.province = province;
  if (city) options.city = city;
  if (hourUnknown) options.hourUnknown = true;
  return {
    name: p.name.trim().slice(0, MINGLI_LIMITS.name),
    sex: p.sex,
    born: p.born,
    options,
    group: p.group,
    note: p.note ?? '',
    events: p.events ?? [],
    updatedAt: p.updatedAt ?? new Date(p.add_time).toISOString(),
  };
}

/** The phone's copy of a server profile; `addTime` ties it to the chart being read. */
function fromServer(s: MingliProfile, addTime: number): SavedProfile {
  const { zi, yunSchool, trueSolar, province, city, hourUnknown, timeZone } = s.options;
  // A moment found by 四柱反查 is saved on Beijing standard time, without a birthplace.
  const standardTime = timeZone === STANDARD_TIME_ZONE && !city;
  return {
    name: s.name,
    sex: s.sex,
    born: s.born,
    add_time: addTime,
    options: {
      ...DEFAULT_OPTIONS,
      ...(zi ? { zi } : {}),
      ...(yunSchool ? { yunSchool } : {}),
      ...(trueSolar !== undefined ? { trueSolar } : {}),
      ...(province ? { province } : {}),
      ...(city ? { city } : {}),
      ...(hourUnknown ? { hourUnknown } : {}),
      ...(standardTime ? { standardTime } : {}),
    },
    group: s.group,
    note: s.note,
    events: s.events,
    clientId: s.clientId ?? undefined,
    id: s.id,
    updatedAt: s.updatedAt,
  };
}

/** Whether a failure is the server's answer about this profile (not the network or the session). */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === undefined) return null;
  if (error.status === 401 || error.status >= 500) return null;
  return error.message || '未能存到账号';
}

/** Sends one pending profile; answers the server's copy, or its refusal in Chinese. */
async function pushProfile(p: SavedProfile): Promise<MingliProfile | { refused: string }> {
  const body = toInput(p);
  try {
    if (p.id !== undefined) {
      try {
        return await memberCall(
          APP_ROUTES.bazi.patchCrmBaziProfilesById,
          { params: { id: p.id }, body },
          { background: true },
        );
      } catch (error) {
        // Deleted on another phone since: the change made here is newer, so it is saved again.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    const clientId = p.clientId ?? newClientId();
    return await memberCall(
      APP_ROUTES.bazi.postCrmBaziProfiles,
      { body: { ...body, clientId } },
      { background: true },
    );
  } catch (error) {
    const refused = refusal(error);
    if (refused === null) throw error;
    return { refused };
  }
}

/** Tells the server of one deletion; a profile it no longer has counts as deleted. */
async function sendDeletion(id: number): Promise<void> {
  try {
    await memberCall(APP_ROUTES.bazi.deleteCrmBaziProfilesById, { params: { id } }, { background: true });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** The whole case book on the server, newest change first. */
async function pullCaseBook(): Promise<MingliProfile[]> {
  const all: MingliProfile[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await memberCall(
      APP_ROUTES.bazi.getCrmBaziProfiles,
      { query: { page, size: PULL_PAGE_SIZE } },
      { background: true },
    );
    all.push(...answer.list);
    if (answer.list.length < PULL_PAGE_SIZE || all.length >= answer.total) return all;
  }
}

/** Puts the server's answer for a sent profile into the list, unless it was changed again meanwhile. */
function settle(sent: SavedProfile, answer: MingliProfile | { refused: string }): void {
  const list = profilesSnapshot();
  const index = list.findIndex((p) => p.add_time === sent.add_time);
  const now = list[index];
  if (!now || now.updatedAt !== sent.updatedAt) return;
  const next = [...list];
  next[index] =
    'refused' in answer
      ? { ...now, pending: false, syncError: answer.refused }
      : fromServer(answer, now.add_time);
  writeProfiles(next);
}

/** Same person, same birth: how an offered profile already in the case book is recognised. */
function sameBirth(a: SavedProfile, b: SavedProfile): boolean {
  return a.name === b.name && a.sex === b.sex && a.born === b.born;
}

/** The pulled case book as the phone's list, keeping what the phone has not yet sent. */
function mergePulled(pulled: MingliProfile[]): SavedProfile[] {
  const local = profilesSnapshot();
  const taken = new Set<number>();
  const merged: SavedProfile[] = [];
  for (const s of pulled) {
    const mine = local.find((p) => p.id === s.id || (s.clientId !== null && p.clientId === s.clientId));
    if (mine?.pending) continue;
    let addTime = mine?.add_time ?? Date.parse(s.createdAt);
    while (taken.has(addTime) || (!mine && local.some((p) => p.add_time === addTime))) addTime += 1;
    taken.add(addTime);
    merged.push(fromServer(s, addTime));
  }
  const unsent = local.filter((p) => p.pending || (p.syncError && p.id === undefined));
  return [...unsent, ...merged];
}

/**
 * Sends the deletions queued on this phone and answers the ids deleted. Before the pull (`pulled`
 * null) those of profiles known only by their `clientId` wait: the pull finds their ids.
 */
async function sendDeletions(pulled: MingliProfile[] | null): Promise<Set<number>> {
  const done = new Set<number>();
  for (const deletion of deletedProfiles()) {
    const id = deletion.id ?? pulled?.find((s) => deletion.clientId && s.clientId === deletion.clientId)?.id;
    if (id === undefined && pulled === null) continue;
    if (id !== undefined) {
      await sendDeletion(id);
      done.add(id);
    }
    writeDeletedProfiles(
      deletedProfiles().filter((d) => d.id !== deletion.id || d.clientId !== deletion.clientId),
    );
  }
  return done;
}

/** One sync of the signed-in account's case book (see the module comment). */
async function syncOnce(userId: number): Promise<void> {
  adoptProfiles(userId);
  const stillMine = () => useSession.getState().user?.id === userId && profilesOwner() === userId;
  for (const p of profilesSnapshot().filter((q) => q.pending)) {
    const answer = await pushProfile(p);
    if (!stillMine()) return;
    settle(p, answer);
  }
  await sendDeletions(null);
  const pulled = await pullCaseBook();
  if (!stillMine()) return;
  const deleted = await sendDeletions(pulled);
  if (!stillMine()) return;
  const queued = new Set(deletedProfiles().map((d) => d.id));
  writeProfiles(mergePulled(pulled.filter((s) => !deleted.has(s.id) && !queued.has(s.id))));
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Syncs the case book of the signed-in reader now; a call while one runs makes it run once more after.
 * Resolves when done; a visitor has nothing to sync. Failures (the network, the server) are left for
 * the next sync and only reported through the answer: `false` when the sync did not finish.
 */
export async function syncCaseBook(): Promise<boolean> {
  if (running) {
    again = true;
    return running.then(
      () => true,
      () => false,
    );
  }
  let finished = true;
  do {
    again = false;
    const userId = useSession.getState().user?.id;
    if (userId === undefined) return finished;
    running = syncOnce(userId);
    try {
      await running;
      finished = true;
    } catch {
      finished = false;
    } finally {
      running = null;
    }
  } while (again);
  return finished;
}

/**
 * Stores a visitor's profiles, set aside at login, in the account: added to the list as changes to
 * send (those already there by name, sex and birth are left out), then synced.
 */
export function acceptOfferedProfiles(): Promise<boolean> {
  const offered = offeredProfiles();
  const list = profilesSnapshot();
  const now = new Date(api.serverNow()).toISOString();
  const fresh = offered
    .filter((o) => !list.some((p) => sameBirth(p, o)))
    .map((o) => ({
      ...o,
      id: undefined,
      clientId: o.clientId ?? newClientId(),
      updatedAt: now,
      pending: true,
    }));
  writeProfiles([...fresh, ...list.filter((p) => !fresh.some((f) => f.add_time === p.add_time))]);
  writeOfferedProfiles([]);
  return syncCaseBook();
}

/**
 * Starts syncing for the signed-in reader: now, at every login, and whenever the network comes back.
 * Returns the stop function.
 */
export function startCaseBookSync(): () => void {
  const run = () => {
    if (useSession.getState().isLogin) void syncCaseBook();
  };
  run();
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id && state.user) run();
  });
  window.addEventListener('online', run);
  return () => {
    unsubscribe();
    window.removeEventListener('online', run);
  };
}
