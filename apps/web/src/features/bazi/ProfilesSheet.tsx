import { MINGLI_GROUPS, type MingliGroup } from '@xuanli/contracts/mingli-labels';
import { useRef, useState, useSyncExternalStore } from 'react';
import { BottomSheet, SheetToolbar } from '@/components/BottomSheet';
import { ApiError } from '@/lib/api';
import { fromBornText } from '@/lib/birth';
import { offeredProfiles, subscribeProfiles } from '@/stores/profiles';
import { useSession } from '@/stores/session';
import { downloadCaseBook, importCaseBook } from './api/mingli-file';
import { ProfileDetails, type ProfileDetailsValue } from './ProfileDetails';
import styles from './ProfilesSheet.module.css';
import type { SavedProfile } from './profiles';

interface ProfilesSheetProps {
  profiles: SavedProfile[];
  currentId: number | null;
  onSelect: (addTime: number) => void;
  onDelete: (profile: SavedProfile) => void;
  onNew: () => void;
  onClose: () => void;
  /** Changes a profile's group, note and events. */
  onAnnotate: (addTime: number, details: ProfileDetailsValue) => void;
}

/** Text as searched: full-width letters and digits folded to half width, case ignored. */
function folded(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The profiles whose name or note hold every word of `query`, in `group` when one is chosen. */
export function filterProfiles(
  profiles: SavedProfile[],
  query: string,
  group: MingliGroup | null,
): SavedProfile[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  return profiles.filter((p) => {
    if (group && (p.group ?? '其他') !== group) return false;
    const text = folded(`${p.name} ${p.note ?? ''}`);
    return words.every((w) => text.includes(w));
  });
}

/** Loads the sync only when the reader asks to store the set-aside profiles. */
async function acceptOffer(): Promise<void> {
  const sync = await import('@/stores/profiles-sync');
  await sync.acceptOfferedProfiles();
}

/** '公历 1990年5月10日 08:00' / '农历 2023年闰二月十五 08:00' — the birth as the reader entered it. */
function bornLabel(born: string): string {
  const b = fromBornText(born);
  if (!b) return born;
  const time = `${String(b.hour).padStart(2, '0')}:${String(b.minute).padStart(2, '0')}`;
  return b.calendar === 'solar'
    ? `公历 ${b.year}年${b.month}月${b.day}日 ${time}`
    : `农历 ${b.year}年${b.leap ? '闰' : ''}${b.month}月${b.day}日 ${time}`;
}

interface ProfileRowProps {
  profile: SavedProfile;
  current: boolean;
  onSelect: () => void;
  onDelete: () => void;
  onDetails: () => void;
}

/** One saved profile: tap to read its chart; 备注 opens its details; 删除 then 确认删除 removes it. */
function ProfileRow({ profile: p, current, onSelect, onDelete, onDetails }: ProfileRowProps) {
  // Deleting asks once, in the row itself: a second tap on 确认删除 removes the profile.
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={styles.pick}
        aria-current={current ? 'true' : undefined}
        aria-label={`切换到${p.name}`}
        onClick={onSelect}
      >
        <span className={`${styles.sex} ${p.sex === '男' ? styles.male : styles.female}`}>
          {p.sex === '男' ? '乾' : '坤'}
        </span>
        <span className={styles.text}>
          <span className={styles.name}>
            {p.name}
            {current ? <span className={styles.currentTag}>当前</span> : null}
            {p.group && p.group !== '其他' ? <span className={styles.groupTag}>{p.group}</span> : null}
          </span>
          <span className={styles.born}>{bornLabel(p.born)}</span>
          {p.note ? <span className={styles.noteLine}>{p.note}</span> : null}
          {p.syncError ? <span className={styles.syncError}>未存到账号：{p.syncError}</span> : null}
        </span>
      </button>
      {confirming ? (
        <span className={styles.confirm}>
          <button type="button" className={styles.cancel} onClick={() => setConfirming(false)}>
            取消
          </button>
          <button
            type="button"
            className={styles.delete}
            aria-label={`确认删除${p.name}`}
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            确认删除
          </button>
        </span>
      ) : (
        <span className={styles.confirm}>
          <button
            type="button"
            className={styles.cancel}
            aria-label={`${p.name}的备注与事件`}
            onClick={onDetails}
          >
            备注
          </button>
          <button
            type="button"
            className={styles.delete}
            aria-label={`删除${p.name}`}
            onClick={() => setConfirming(true)}
          >
            删除
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * Export and import of the case book (a signed-in reader's: the file is the server's), and the offer
 * to store in the account the profiles this phone kept before the login.
 */
function CaseBookTools() {
  const isLogin = useSession((s) => s.isLogin);
  const offered = useSyncExternalStore(subscribeProfiles, () => offeredProfiles().length);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setMessage(await work());
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : '操作失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  if (!isLogin) return <p className={styles.hint}>登录后命例存到账号，换手机也在；还可导出、导入。</p>;
  return (
    <div className={styles.tools}>
      {offered > 0 ? (
        <div className={styles.offer}>
          <span>本机登录前存的 {offered} 个命例还没存到账号。</span>
          <button
            type="button"
            className={styles.chip}
            disabled={busy}
            onClick={() =>
              run(async () => {
                await acceptOffer();
                return '已存到账号';
              })
            }
          >
            存到账号
          </button>
        </div>
      ) : null}
      <div className={styles.toolRow}>
        <button
          type="button"
          className={styles.chip}
          disabled={busy}
          onClick={() => run(async () => `已导出 ${await downloadCaseBook()} 个命例`)}
        >
          导出
        </button>
        <button type="button" className={styles.chip} disabled={busy} onClick={() => picker.current?.click()}>
          导入
        </button>
        <input
          ref={picker}
          type="file"
          accept="application/json,.json"
          aria-label="选择命例文件"
          className={styles.fileInput}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void run(async () => {
              const { imported, skipped } = await importCaseBook(file);
              const sync = await import('@/stores/profiles-sync');
              await sync.syncCaseBook();
              return `已导入 ${imported} 个${skipped > 0 ? `，${skipped} 个已有而跳过` : ''}`;
            });
          }}
        />
      </div>
      {message ? (
        <p className={styles.hint} role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The saved profiles (命例) in a bottom sheet: search by name or note, filter by group, tap one to
 * read its chart, open its note and dated events, delete it, or start a new one; export and import
 * the case book. Escape and a tap on the dimmed page close it.
 */
export function ProfilesSheet({
  profiles,
  currentId,
  onSelect,
  onDelete,
  onNew,
  onClose,
  onAnnotate,
}: ProfilesSheetProps) {
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<MingliGroup | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const shown = filterProfiles(profiles, query, group);
  const edited = profiles.find((p) => p.add_time === editing);

  return (
    <BottomSheet open label="命例" onClose={onClose} maxHeight="85vh">
      <SheetToolbar
        title={`命例（${profiles.length}）`}
        cancelLabel="关闭"
        onCancel={onClose}
        confirmLabel="新建"
        onConfirm={onNew}
      />
      {edited ? (
        <ProfileDetails
          profile={edited}
          onCancel={() => setEditing(null)}
          onSave={(details) => {
            onAnnotate(edited.add_time, details);
            setEditing(null);
          }}
        />
      ) : (
        <>
          <CaseBookTools />
          <input
            type="search"
            className={styles.search}
            aria-label="搜索命例"
            placeholder="搜索姓名或备注"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <fieldset className={styles.chips} aria-label="分组">
            {[null, ...MINGLI_GROUPS].map((g) => (
              <button
                key={g ?? 'all'}
                type="button"
                className={styles.chip}
                aria-pressed={group === g}
                onClick={() => setGroup(g)}
              >
                {g ?? '全部'}
              </button>
            ))}
          </fieldset>
          {profiles.length === 0 ? (
            <p className={styles.empty}>还没有保存的命例。</p>
          ) : shown.length === 0 ? (
            <p className={styles.empty}>没有符合的命例。</p>
          ) : (
            <ul className={styles.list} aria-label="已保存的命例">
              {shown.map((p) => (
                <ProfileRow
                  key={p.add_time}
                  profile={p}
                  current={p.add_time === currentId}
                  onSelect={() => onSelect(p.add_time)}
                  onDelete={() => onDelete(p)}
                  onDetails={() => setEditing(p.add_time)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </BottomSheet>
  );
}
