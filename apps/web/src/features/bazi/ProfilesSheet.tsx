import { useState } from 'react';
import { BottomSheet, SheetToolbar } from '@/components/BottomSheet';
import { fromBornText } from '@/lib/birth';
import styles from './ProfilesSheet.module.css';
import type { SavedProfile } from './profiles';

interface ProfilesSheetProps {
  profiles: SavedProfile[];
  currentId: number | null;
  onSelect: (addTime: number) => void;
  onDelete: (profile: SavedProfile) => void;
  onNew: () => void;
  onClose: () => void;
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

/**
 * The saved profiles (命例) in a bottom sheet: tap one to read its chart, 删除 then 确认删除 to remove
 * it, or start a new one. Escape and a tap on the dimmed page close it.
 */
export function ProfilesSheet({
  profiles,
  currentId,
  onSelect,
  onDelete,
  onNew,
  onClose,
}: ProfilesSheetProps) {
  // Deleting asks once, in the row itself: a second tap on 确认删除 removes the profile.
  const [confirming, setConfirming] = useState<number | null>(null);

  return (
    <BottomSheet open label="命例" onClose={onClose} maxHeight="80vh">
      <SheetToolbar
        title={`命例（${profiles.length}）`}
        cancelLabel="关闭"
        onCancel={onClose}
        confirmLabel="新建"
        onConfirm={onNew}
      />
      {profiles.length === 0 ? (
        <p className={styles.empty}>还没有保存的命例。</p>
      ) : (
        <ul className={styles.list} aria-label="已保存的命例">
          {profiles.map((p) => {
            const current = p.add_time === currentId;
            return (
              <li key={p.add_time} className={styles.item}>
                <button
                  type="button"
                  className={styles.pick}
                  aria-current={current ? 'true' : undefined}
                  aria-label={`切换到${p.name}`}
                  onClick={() => onSelect(p.add_time)}
                >
                  <span className={`${styles.sex} ${p.sex === '男' ? styles.male : styles.female}`}>
                    {p.sex === '男' ? '乾' : '坤'}
                  </span>
                  <span className={styles.text}>
                    <span className={styles.name}>
                      {p.name}
                      {current ? <span className={styles.currentTag}>当前</span> : null}
                    </span>
                    <span className={styles.born}>{bornLabel(p.born)}</span>
                  </span>
                </button>
                {confirming === p.add_time ? (
                  <span className={styles.confirm}>
                    <button type="button" className={styles.cancel} onClick={() => setConfirming(null)}>
                      取消
                    </button>
                    <button
                      type="button"
                      className={styles.delete}
                      aria-label={`确认删除${p.name}`}
                      onClick={() => {
                        setConfirming(null);
                        onDelete(p);
                      }}
                    >
                      确认删除
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    className={styles.delete}
                    aria-label={`删除${p.name}`}
                    onClick={() => setConfirming(p.add_time)}
                  >
                    删除
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </BottomSheet>
  );
}
