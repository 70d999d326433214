import type { FanchaDate } from '@xuanli/contracts/bazi';
import { type FormEvent, type MouseEvent, useId, useRef, useState } from 'react';
import { BirthPicker, NativeSelect as Select } from '@/components/BirthPicker';
import { Segmented } from '@/components/Segmented';
import { type BirthValue, birthError, fromBornText, SAMPLE_BIRTH, toBornText } from '@/lib/birth';
import styles from './BirthForm.module.css';
import { FanchaPanel } from './FanchaPanel';
import { findCity, PROVINCES } from './places';
import { type ChartOptions, DEFAULT_OPTIONS, type SavedProfile } from './profiles';

/** What the form edits: a profile without its id (a new one) or with it (an edit). */
export type ProfileDraft = Omit<SavedProfile, 'add_time'> & { add_time?: number };

/** The default sample profile 示例 / 男 (PRODUCT.md#bazi). */
export const SAMPLE_PROFILE: ProfileDraft = {
  name: '示例',
  sex: '男',
  born: toBornText(SAMPLE_BIRTH),
  options: DEFAULT_OPTIONS,
};

/** Longest name kept; longer ones do not fit the chart's header or the share image. */
const NAME_MAX_LENGTH = 12;

/** The zone of a chart without a birthplace: Beijing time, as the engine assumes. */
const DEFAULT_ZONE = 'Asia/Shanghai';

/** The name a 即时 chart gets when the form has none yet. */
export const NOW_CHART_NAME = '即时';

/** The wall-clock moment `nowMs` in `timeZone` as a 公历 birth, to the minute. */
export function birthAt(nowMs: number, timeZone: string = DEFAULT_ZONE): BirthValue {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(nowMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    calendar: 'solar',
    year: part('year'),
    month: part('month'),
    day: part('day'),
    leap: false,
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The name a chart found by 四柱反查 gets when the form has none yet. */
export const FOUND_CHART_NAME = '反查';

/**
 * A birth text to the minute: a 时辰 that a 节 cuts starts at the 节's second ('公 1990-02-04 10:14:21'),
 * and the form keeps minutes, so it moves on to the next whole minute, which still has the pillars.
 */
export function toWholeMinute(born: string): string {
  const m = born.match(/^公 (\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/);
  if (!m || m[6] === '00') return born.replace(/^(公 \S+ \d{2}:\d{2}):00$/, '$1');
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number);
  const next = new Date(Date.UTC(y, mo - 1, d, h, mi + 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `公 ${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())} ${pad(next.getUTCHours())}:${pad(next.getUTCMinutes())}`;
}

type Errors = Partial<Record<'name' | 'born' | 'place' | 'trueSolar', string>>;

/** Checks a draft; the messages are shown beside their fields. */
function validateDraft(name: string, birth: BirthValue, options: ChartOptions): Errors {
  const errors: Errors = {};
  const trimmed = name.trim();
  if (trimmed === '') errors.name = '请填写姓名';
  else if ([...trimmed].length > NAME_MAX_LENGTH) errors.name = `姓名最多 ${NAME_MAX_LENGTH} 个字`;
  const bornError = birthError(birth);
  if (bornError) errors.born = bornError;
  if (options.province && !findCity(options.province, options.city)) errors.place = '请选择城市';
  if (options.trueSolar && !findCity(options.province, options.city)) {
    errors.trueSolar = '真太阳时需要出生地的经度，请先选择出生地';
  }
  return errors;
}

interface BirthFormProps {
  initial: ProfileDraft;
  /** Called with a valid draft; the page saves it and shows its chart. */
  onSubmit: (draft: ProfileDraft) => void;
  /** The clock of the 现在 button (tests fix it). */
  now?: () => number;
  /** Shown as 取消 when there is a chart to go back to. */
  onCancel?: () => void;
  submitLabel?: string;
}

/**
 * The birth form: name, 乾造/坤造, birth date and time on a 公历/农历 picker (PRODUCT.md#input-rules: years
 * 1900–2100, 1930–2100 offered by default, lunar leap months), an optional birthplace (province → city,
 * giving the longitude and zone) and the chart options (子时 school, 真太阳时, 起运 school). Native selects: on a
 * phone they open the system's own wheel, large and familiar to older readers.
 */
export function BirthForm({
  initial,
  onSubmit,
  onCancel,
  submitLabel = '开始排盘',
  now = Date.now,
}: BirthFormProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [sex, setSex] = useState<'男' | '女'>(initial.sex);
  const [birth, setBirth] = useState<BirthValue>(() => fromBornText(initial.born) ?? SAMPLE_BIRTH);
  const [options, setOptions] = useState<ChartOptions>({ ...DEFAULT_OPTIONS, ...initial.options });
  const [errors, setErrors] = useState<Errors>({});
  const [byPillars, setByPillars] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const province = PROVINCES.find((p) => p.name === options.province);
  const city = findCity(options.province, options.city);

  function updateBirth(next: BirthValue) {
    setBirth(next);
    // A time typed or picked is on the ordinary clock again.
    setOptions((o) => ({ ...o, standardTime: undefined }));
    setErrors((e) => ({ ...e, born: undefined }));
  }

  function setOption(next: Partial<ChartOptions>) {
    setOptions((o) => ({ ...o, ...next }));
    setErrors((e) => ({ ...e, place: undefined, trueSolar: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    submitDraft(event.currentTarget as HTMLFormElement, name, birth);
  }

  /** 现在: the current minute in the birthplace's zone (Beijing without one), charted at once. */
  function chartNow(event: MouseEvent<HTMLButtonElement>) {
    const moment = birthAt(now(), city?.tz ?? DEFAULT_ZONE);
    const named = name.trim() === '' ? NOW_CHART_NAME : name;
    setBirth(moment);
    setName(named);
    // The current minute is known to the minute: not a chart without its hour.
    const known: ChartOptions = { ...options, hourUnknown: undefined };
    setOptions(known);
    const form = event.currentTarget.form;
    if (form) submitDraft(form, named, moment, known);
  }

  /** A moment found by 四柱反查: charted on Beijing standard time with the school it was found under. */
  function chartFound(date: FanchaDate) {
    const moment = fromBornText(toWholeMinute(date.born));
    if (!moment || !formRef.current) return;
    const named = name.trim() === '' ? FOUND_CHART_NAME : name;
    setBirth(moment);
    setName(named);
    setByPillars(false);
    const found: ChartOptions = {
      zi: date.input.zi,
      trueSolar: false,
      yunSchool: options.yunSchool,
      standardTime: true,
    };
    setOptions(found);
    submitDraft(formRef.current, named, moment, found);
  }

  /** Checks and sends a draft; the 现在 and 四柱反查 buttons pass the values they have just set. */
  function submitDraft(
    form: HTMLFormElement,
    name: string,
    birth: BirthValue,
    chosen: ChartOptions = options,
  ) {
    const found = validateDraft(name, birth, chosen);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first wrong field may be scrolled away (the button is at the bottom): bring it into view
      // with its message, after React has rendered the message.
      requestAnimationFrame(() => {
        const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
        field?.scrollIntoView?.({ block: 'center' });
        field?.focus({ preventScroll: true });
      });
      return;
    }
    const clean: ChartOptions = {
      zi: chosen.zi,
      trueSolar: chosen.trueSolar,
      yunSchool: chosen.yunSchool,
    };
    if (findCity(chosen.province, chosen.city)) {
      Object.assign(clean, { province: chosen.province, city: chosen.city });
    } else if (chosen.standardTime) {
      clean.standardTime = true;
    }
    if (chosen.hourUnknown) clean.hourUnknown = true;
    onSubmit({
      ...(initial.add_time === undefined ? {} : { add_time: initial.add_time }),
      name: name.trim(),
      sex,
      born: toBornText(birth),
      options: clean,
    });
  }

  const errorId = (field: string) => `${id}-${field}-error`;
  const fieldError = (field: keyof Errors) =>
    errors[field] ? (
      <p className={styles.error} id={errorId(field)} role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="出生资料">
      <div className={styles.card}>
        <div className={styles.row}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            姓名
          </label>
          <div className={styles.control}>
            <input
              id={`${id}-name`}
              className={styles.input}
              value={name}
              maxLength={NAME_MAX_LENGTH * 2}
              placeholder="请输入姓名"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? errorId('name') : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
            />
            {fieldError('name')}
          </div>
        </div>

        <SegmentedRow
          label="性别"
          name={`${id}-sex`}
          choices={[
            ['男', '乾造（男）'],
            ['女', '坤造（女）'],
          ]}
          value={sex}
          onChange={setSex}
        />

        <fieldset className={styles.fieldset} aria-describedby={errors.born ? errorId('born') : undefined}>
          <legend className={styles.legend}>出生时间</legend>
          <div className={styles.nowRow}>
            <button type="button" className={styles.nowButton} onClick={chartNow}>
              现在
            </button>
            <button
              type="button"
              className={styles.nowButton}
              aria-pressed={byPillars}
              onClick={() => setByPillars((on) => !on)}
            >
              四柱反查
            </button>
          </div>
          <p className={styles.hint}>
            现在：按此刻排盘（{city ? tzLabel(city.tz) : '北京时间'}，精确到分钟）
          </p>
          <label className={styles.switchRow}>
            <span className={styles.optionLabel}>时辰不详</span>
            <span className={styles.switchText}>只排年、月、日三柱</span>
            <input
              type="checkbox"
              role="switch"
              className={styles.switch}
              checked={Boolean(options.hourUnknown)}
              aria-checked={Boolean(options.hourUnknown)}
              onChange={(e) => setOption({ hourUnknown: e.target.checked || undefined })}
            />
          </label>
          {options.hourUnknown ? (
            <p className={styles.hint}>所选时刻不用于排盘；大运按出生当日正午起算。</p>
          ) : null}

          {byPillars ? <FanchaPanel zi={options.zi} onChoose={chartFound} /> : null}
          <BirthPicker value={birth} onChange={updateBirth} invalid={Boolean(errors.born)} />
          {fieldError('born')}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            出生地 <span className={styles.optional}>（可选，用于真太阳时与时区）</span>
          </legend>
          <div className={styles.placeGrid}>
            <Select
              label="省份"
              value={options.province ?? ''}
              onChange={(v) =>
                setOption({
                  province: v || undefined,
                  city: PROVINCES.find((p) => p.name === v)?.cities[0]?.name,
                })
              }
              options={[
                { value: '', label: '不选' },
                ...PROVINCES.map((p) => ({ value: p.name, label: p.name })),
              ]}
              wide
            />
            <Select
              label="城市"
              value={options.city ?? ''}
              disabled={!province}
              onChange={(v) => setOption({ city: v || undefined })}
              options={
                province
                  ? province.cities.map((c) => ({ value: c.name, label: c.name }))
                  : [{ value: '', label: '先选省份' }]
              }
              wide
              invalid={Boolean(errors.place)}
            />
          </div>
          {city ? (
            <p className={styles.hint}>
              东经 {city.lng.toFixed(1)}° · {tzLabel(city.tz)}
            </p>
          ) : null}
          {fieldError('place')}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>排盘选项</legend>
          <SegmentedRow
            option
            label="子时"
            name={`${id}-zi`}
            choices={[
              ['late', '晚子时不换日'],
              ['early', '早子时换日'],
            ]}
            value={options.zi}
            onChange={(zi) => setOption({ zi })}
          />
          <p className={styles.hint}>
            {options.zi === 'late'
              ? '23:00–23:59 仍算当天，时柱用次日子时（多数排盘软件的默认）'
              : '23:00 起算作次日（子初换日）'}
          </p>
          <label className={styles.switchRow}>
            <span className={styles.optionLabel}>真太阳时</span>
            <span className={styles.switchText}>
              按出生地经度
              <wbr />
              校正钟表时间
            </span>
            <input
              type="checkbox"
              role="switch"
              className={styles.switch}
              checked={options.trueSolar}
              aria-checked={options.trueSolar}
              aria-invalid={errors.trueSolar ? true : undefined}
              aria-describedby={errors.trueSolar ? errorId('trueSolar') : undefined}
              onChange={(e) => setOption({ trueSolar: e.target.checked })}
            />
          </label>
          {fieldError('trueSolar')}
          <SegmentedRow
            option
            label="起运"
            name={`${id}-yun`}
            choices={[
              [2, '精确到分钟'],
              [1, '按天数时辰'],
            ]}
            value={options.yunSchool}
            onChange={(yunSchool) => setOption({ yunSchool })}
          />
          <p className={styles.hint}>
            {options.yunSchool === 2
              ? '三天折一年，按出生到交节的分钟数推算'
              : '三天折一年，按整天与时辰推算（一日四个月，一时辰十天）'}
          </p>
        </fieldset>
      </div>

      {/* Fixed above the tab bar, so 开始排盘 is on the first screen; the form leaves room for it. */}
      <div className={styles.actions}>
        {onCancel ? (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            取消
          </button>
        ) : null}
        <button type="submit" className={styles.primary}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

interface SegmentedRowProps<T extends string | number> {
  /** The row's label, which also names its radiogroup. */
  label: string;
  /** A row of the 排盘 options (子时, 起运), drawn smaller than the profile's own fields. */
  option?: boolean;
  name: string;
  choices: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}

/** A labelled row of segments (性别, 子时, 起运): the row is the radiogroup, named by its label. */
function SegmentedRow<T extends string | number>({
  label,
  option = false,
  ...segments
}: SegmentedRowProps<T>) {
  return (
    <div className={option ? styles.optionRow : styles.row} role="radiogroup" aria-label={label}>
      <span className={option ? styles.optionLabel : styles.label}>{label}</span>
      <div className={styles.seg}>
        <Segmented {...segments} />
      </div>
    </div>
  );
}

function tzLabel(tz: string): string {
  const labels: Record<string, string> = {
    'Asia/Shanghai': '北京时间',
    'Asia/Hong_Kong': '香港时间',
    'Asia/Macau': '澳门时间',
    'Asia/Taipei': '台北时间',
  };
  return labels[tz] ?? tz;
}
