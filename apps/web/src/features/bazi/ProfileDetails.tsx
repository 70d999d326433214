import type { MingliEvent } from '@xuanli/contracts/mingli';
import {
  MINGLI_EVENT_WORDS,
  MINGLI_GROUPS,
  MINGLI_LIMITS,
  type MingliGroup,
} from '@xuanli/contracts/mingli-labels';
import { useState } from 'react';
import { Button, DatePicker, TextArea } from '@/lib/antd-mobile';
import styles from './ProfilesSheet.module.css';
import type { SavedProfile } from './profiles';

/** What the details editor changes. */
export type ProfileDetailsValue = Pick<SavedProfile, 'group' | 'note' | 'events'>;

interface ProfileDetailsProps {
  profile: SavedProfile;
  onSave: (details: ProfileDetailsValue) => void;
  onCancel: () => void;
}

/** 'YYYY-MM-DD' of a picked day (the picker answers a local date). */
function dayText(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const FIRST_DAY = new Date(1900, 0, 1);
const LAST_DAY = new Date(2100, 11, 31);

/**
 * A profile's group, note and dated events (婚、子、迁、病 …), edited in the profiles sheet. An event
 * needs a day (the kit's date picker) and a few words; the quick words fill the text in one tap.
 */
export function ProfileDetails({ profile, onSave, onCancel }: ProfileDetailsProps) {
  const [group, setGroup] = useState<MingliGroup>(profile.group ?? '其他');
  const [note, setNote] = useState(profile.note ?? '');
  const [events, setEvents] = useState<MingliEvent[]>(profile.events ?? []);
  const [day, setDay] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const addEvent = () => {
    if (!day) return setProblem('请先选日期');
    if (!text.trim()) return setProblem('请写下发生了什么');
    if (events.length >= MINGLI_LIMITS.events) return setProblem(`最多记 ${MINGLI_LIMITS.events} 件事`);
    setEvents([...events, { date: day, text: text.trim() }].sort((a, b) => a.date.localeCompare(b.date)));
    setText('');
    setProblem(null);
  };

  return (
    <section className={styles.details} aria-label={`${profile.name}的备注与事件`}>
      <h3 className={styles.detailsTitle}>{profile.name}</h3>
      <fieldset className={styles.chips}>
        <legend className={styles.legend}>分组</legend>
        {MINGLI_GROUPS.map((g) => (
          <button
            key={g}
            type="button"
            className={styles.chip}
            aria-pressed={group === g}
            onClick={() => setGroup(g)}
          >
            {g}
          </button>
        ))}
      </fieldset>
      <label className={styles.legend} htmlFor="profile-note">
        备注
      </label>
      <TextArea
        id="profile-note"
        className={styles.note}
        value={note}
        onChange={setNote}
        maxLength={MINGLI_LIMITS.note}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder="性格、断语、来访缘由……"
      />
      <p className={styles.legend}>事件</p>
      {events.length > 0 ? (
        <ul className={styles.events} aria-label="事件">
          {events.map((e, i) => (
            <li key={`${e.date}-${i}`} className={styles.event}>
              <span className={styles.eventDay}>{e.date}</span>
              <span className={styles.eventText}>{e.text}</span>
              <button
                type="button"
                className={styles.eventRemove}
                aria-label={`删除事件${e.date}${e.text}`}
                onClick={() => setEvents(events.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.eventAdd}>
        <button type="button" className={styles.dayButton} onClick={() => setPicking(true)}>
          {day ?? '选日期'}
        </button>
        <input
          className={styles.eventInput}
          aria-label="事件内容"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MINGLI_LIMITS.eventText}
          placeholder="如：婚"
        />
        <button type="button" className={styles.chip} onClick={addEvent}>
          添加
        </button>
      </div>
      <div className={styles.words}>
        {MINGLI_EVENT_WORDS.map((w) => (
          <button
            key={w}
            type="button"
            className={styles.word}
            onClick={() => setText(text ? `${text}${w}` : w)}
          >
            {w}
          </button>
        ))}
      </div>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      <DatePicker
        visible={picking}
        title="事件日期"
        precision="day"
        min={FIRST_DAY}
        max={LAST_DAY}
        defaultValue={new Date()}
        onClose={() => setPicking(false)}
        onConfirm={(value) => {
          setDay(dayText(value));
          setProblem(null);
        }}
      />
      <div className={styles.detailsActions}>
        <Button className={styles.detailsButton} onClick={onCancel}>
          取消
        </Button>
        <Button
          className={styles.detailsButton}
          color="primary"
          onClick={() => onSave({ group, note: note.trim(), events })}
        >
          保存
        </Button>
      </div>
    </section>
  );
}
