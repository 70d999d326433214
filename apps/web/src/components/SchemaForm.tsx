/**
 * One schema-driven form for the app's small forms (the VIP customisation form, the profile, 意见反馈),
 * with the field rules of PRODUCT.md#input-rules:
 * - a field with neither `name` nor `label` is dropped with a console warning (a field with only a
 *   label is keyed by its label);
 * - text, textarea and password fields take at most `maxlength` characters, 140 by default;
 * - a rating runs 1…`max` (5 by default), every value is clamped into that range (0 = not rated), and
 *   tapping the current value resets it to 0 unless `noReset`;
 * - an upload field takes 1 picture by default, 9 when `multi` is `true`, else `multi` pictures;
 * - the submit button reads 立即提交 unless `submitLabel` says otherwise;
 * - a field with a `cacheKey` keeps its value in local storage under that key (PRODUCT.md#screens) and starts
 *   from it next time.
 * Messages appear beside their fields, in Chinese. antd-mobile's Form does the bookkeeping.
 */
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Form, Input, Radio, Selector, TextArea } from '@/lib/antd-mobile';
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { toast } from '@/lib/feedback';
import { readStorage, writeStorage } from '@/lib/storage';
import { type UploadPurpose, uploadFile } from '@/lib/upload';
import { FallbackImage } from './FallbackImage';
import styles from './SchemaForm.module.css';

/** One field of a {@link SchemaForm}. */
export interface FieldSchema {
  /** Key of the value; a field with neither `name` nor `label` is dropped with `console.warn`. */
  name?: string;
  label?: string;
  type: 'text' | 'textarea' | 'password' | 'radio' | 'selector' | 'rating' | 'upload' | 'custom';
  /** `true` or the Chinese message shown beside the field when it is left empty. */
  required?: boolean | string;
  placeholder?: string;
  /** text/textarea/password: most characters taken, 140 by default. */
  maxlength?: number;
  /** radio/selector choices; the value is the chosen `value` (a string). */
  options?: { label: string; value: string }[];
  /** rating: highest value, 5 by default; values are clamped into 1…max (0 = not rated). */
  max?: number;
  /** rating: tapping the current value keeps it instead of resetting to 0. */
  noReset?: boolean;
  /**
   * upload: how many pictures — 1 by default, 9 when `true`, else the number. The value is the URL
   * (a string, '' for none) when one picture is taken, else an array of URLs.
   */
  multi?: boolean | number;
  /** upload: the purpose sent to `POST base/upload` (default `avatar`). */
  purpose?: UploadPurpose;
  /** Keeps the field's value in local storage under this key (PRODUCT.md#screens). */
  cacheKey?: string;
  /** Returns the Chinese message shown beside the field, or undefined when the value is fine. */
  validate?: (value: unknown) => string | undefined;
  /** type 'custom': draws the control. */
  render?: (value: unknown, onChange: (v: unknown) => void) => ReactNode;
  initialValue?: unknown;
}

/** Props of {@link SchemaForm}. */
export interface SchemaFormProps {
  fields: FieldSchema[];
  initialValues?: Record<string, unknown>;
  /** Default 立即提交 (PRODUCT.md#input-rules). */
  submitLabel?: string;
  /**
   * Called with the values once every field is valid. A thrown {@link FieldError}, or an `ApiError`
   * whose answer names a field, shows beside that field; any other failure shows as a toast with
   * `userMessage(error)`.
   */
  onSubmit(values: Record<string, unknown>): void | Promise<void>;
}

/** Default most characters of a text field (PRODUCT.md#input-rules). */
export const DEFAULT_MAXLENGTH = 140;
/** Default highest rating (PRODUCT.md#input-rules, #constants). */
export const DEFAULT_RATING_MAX = 5;
/** Default submit label (PRODUCT.md#input-rules). */
export const DEFAULT_SUBMIT_LABEL = '立即提交';
/** Pictures an upload field with `multi: true` takes (PRODUCT.md#input-rules). */
export const MULTI_UPLOAD_COUNT = 9;

/** A failure of `onSubmit` that belongs beside one field, e.g. `new FieldError('nickname', '昵称太长')`. */
export class FieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'FieldError';
    this.field = field;
  }
}

/** The key of a field's value: its name, else its label; null when it has neither. */
export function fieldKey(field: FieldSchema): string | null {
  return field.name || field.label || null;
}

/**
 * How many pictures an upload field takes: 1 by default, 9 for `multi: true`, else `multi`
 * (PRODUCT.md#input-rules).
 */
export function uploadCount(multi: FieldSchema['multi']): number {
  if (multi === true) return MULTI_UPLOAD_COUNT;
  if (typeof multi === 'number' && Number.isFinite(multi) && multi >= 1) return Math.floor(multi);
  return 1;
}

/** A rating clamped into 1…max (PRODUCT.md#input-rules); anything not a positive number is 0, "not rated". */
export function clampRating(value: unknown, max: number = DEFAULT_RATING_MAX): number {
  const top = Math.max(1, Math.floor(max));
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(top, Math.max(1, Math.round(n)));
}

/** The rating after tapping `tapped` when `current` is shown: the same value resets to 0 unless `noReset`. */
export function nextRating(current: number, tapped: number, max: number, noReset = false): number {
  const value = clampRating(tapped, max);
  return value === current && !noReset ? 0 : value;
}

const warned = new WeakSet<FieldSchema>();

/** The fields that can be shown; the others are dropped with a console warning (PRODUCT.md#input-rules). */
export function usableFields(fields: readonly FieldSchema[]): FieldSchema[] {
  return fields.filter((field) => {
    if (fieldKey(field) !== null) return true;
    if (!warned.has(field)) {
      warned.add(field);
      console.warn('SchemaForm: a field without name and label is dropped', field);
    }
    return false;
  });
}

function emptyValue(field: FieldSchema): unknown {
  switch (field.type) {
    case 'rating':
      return 0;
    case 'upload':
      return uploadCount(field.multi) === 1 ? '' : [];
    case 'text':
    case 'textarea':
    case 'password':
      return '';
    default:
      return undefined;
  }
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return value === 0;
  return false;
}

function requiredMessage(field: FieldSchema): string {
  if (typeof field.required === 'string' && field.required) return field.required;
  const label = field.label ?? '';
  switch (field.type) {
    case 'radio':
    case 'selector':
    case 'custom':
      return `请选择${label}`;
    case 'rating':
      return `请为${label || '这一项'}评分`;
    case 'upload':
      return `请上传${label || '图片'}`;
    default:
      return `请填写${label}`;
  }
}

function maxlengthOf(field: FieldSchema): number {
  return field.maxlength && field.maxlength > 0 ? Math.floor(field.maxlength) : DEFAULT_MAXLENGTH;
}

/** The value a field starts with: its cached value, else the form's, else its own, else empty. */
function startValue(field: FieldSchema, initialValues: Record<string, unknown> | undefined): unknown {
  const key = fieldKey(field)!;
  let value: unknown;
  if (field.cacheKey) value = readStorage<unknown>(field.cacheKey, undefined);
  if (value === undefined) value = initialValues?.[key];
  if (value === undefined) value = field.initialValue;
  if (value === undefined) value = emptyValue(field);
  if (field.type === 'rating') value = clampRating(value, field.max);
  if (field.type === 'upload') value = normalizeUploads(value, uploadCount(field.multi));
  return value;
}

function normalizeUploads(value: unknown, count: number): string | string[] {
  const urls = (Array.isArray(value) ? value : [value]).filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  return count === 1 ? (urls[0] ?? '') : urls.slice(0, count);
}

/** The field an API failure names: `field` in its answer, or Fastify's `body/<name>` in its message. */
function fieldOfApiError(error: ApiError, keys: readonly string[]): string | null {
  const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
  const candidates: unknown[] = [
    body.field,
    /body\/(\w+)/.exec(error.message)?.[1],
    /required property '(\w+)'/.exec(error.message)?.[1],
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && keys.includes(candidate)) return candidate;
  }
  return null;
}

/**
 * A form built from `fields` (see {@link FieldSchema}) with the rules of PRODUCT.md#input-rules; `onSubmit`
 * gets the values keyed by field name (or label).
 */
export function SchemaForm({
  fields,
  initialValues,
  submitLabel = DEFAULT_SUBMIT_LABEL,
  onSubmit,
}: SchemaFormProps) {
  const [form] = Form.useForm();
  const formName = `schema-form-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const shown = useMemo(() => usableFields(fields), [fields]);
  const [submitting, setSubmitting] = useState(false);
  const uploading = useRef(0);
  // The start values are read once: a cached value must not be overwritten by a re-render.
  const [startValues] = useState(() =>
    Object.fromEntries(shown.map((field) => [fieldKey(field)!, startValue(field, initialValues)])),
  );

  function handleValuesChange(changed: Record<string, unknown>) {
    for (const field of shown) {
      const key = fieldKey(field)!;
      if (field.cacheKey && key in changed) writeStorage(field.cacheKey, changed[key]);
    }
  }

  async function handleFinish(values: Record<string, unknown>) {
    if (uploading.current > 0) {
      toast('图片上传中，请稍候');
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({ ...startValues, ...values });
    } catch (error) {
      const keys = shown.map((field) => fieldKey(field)!);
      const field =
        error instanceof FieldError && keys.includes(error.field)
          ? error.field
          : error instanceof ApiError
            ? fieldOfApiError(error, keys)
            : null;
      const message = error instanceof FieldError ? error.message : userMessage(error);
      if (field) form.setFields([{ name: field, errors: [message] }]);
      else toast(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form
      form={form}
      name={formName}
      className={styles.form}
      layout="vertical"
      initialValues={startValues}
      onValuesChange={handleValuesChange}
      onFinish={handleFinish}
      footer={
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
          {submitLabel}
        </Button>
      }
    >
      {shown.map((field) => (
        <FieldItem
          key={fieldKey(field)}
          field={field}
          onUploadingChange={(delta) => {
            uploading.current += delta;
          }}
        />
      ))}
    </Form>
  );
}

/** One field: its label, control and rules, with its message underneath. */
function FieldItem({
  field,
  onUploadingChange,
}: {
  field: FieldSchema;
  onUploadingChange: (delta: number) => void;
}) {
  const key = fieldKey(field)!;
  const label = field.label ?? field.name;
  const rules = [
    {
      validator: async (_: unknown, value: unknown) => {
        if (field.required && isEmpty(value)) throw new Error(requiredMessage(field));
        if (
          (field.type === 'text' || field.type === 'textarea' || field.type === 'password') &&
          typeof value === 'string' &&
          [...value].length > maxlengthOf(field)
        ) {
          throw new Error(`最多 ${maxlengthOf(field)} 个字`);
        }
        const message = field.validate?.(value);
        if (message) throw new Error(message);
      },
    },
  ];
  return (
    <Form.Item
      name={key}
      label={label}
      // The * of a required field is drawn by CSS: the field's name stays "姓名", not "姓名*".
      className={field.required ? styles.required : undefined}
      rules={rules}
    >
      <FieldControl field={field} label={label ?? key} onUploadingChange={onUploadingChange} />
    </Form.Item>
  );
}

interface ControlProps {
  field: FieldSchema;
  label: string;
  onUploadingChange: (delta: number) => void;
  /** Injected by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The control of one field type; Form.Item passes `value`, `onChange` and `id`. */
function FieldControl({ field, label, onUploadingChange, value, onChange = () => {}, id }: ControlProps) {
  switch (field.type) {
    case 'text':
    case 'password':
      return (
        <Input
          id={id}
          className={styles.input}
          type={field.type === 'password' ? 'password' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          maxLength={maxlengthOf(field)}
          placeholder={field.placeholder ?? `请输入${label}`}
          clearable={field.type === 'text'}
          autoComplete={field.type === 'password' ? 'new-password' : 'off'}
        />
      );
    case 'textarea':
      return (
        <TextArea
          id={id}
          className={styles.textarea}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          maxLength={maxlengthOf(field)}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={field.placeholder ?? `请输入${label}`}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          value={typeof value === 'string' ? value : undefined}
          onChange={(v) => onChange(String(v))}
        >
          <div className={styles.radios} role="radiogroup" aria-label={label}>
            {(field.options ?? []).map((option) => (
              <Radio key={option.value} value={option.value} className={styles.radio}>
                {option.label}
              </Radio>
            ))}
          </div>
        </Radio.Group>
      );
    case 'selector':
      return (
        <Selector
          className={styles.selector}
          aria-label={label}
          options={field.options ?? []}
          value={typeof value === 'string' && value !== '' ? [value] : []}
          onChange={(values) => {
            // A tap on the chosen option would clear it; a single-choice selector keeps its choice.
            if (values.length > 0) onChange(values[values.length - 1]);
          }}
        />
      );
    case 'rating':
      return (
        <Rating
          label={label}
          max={field.max ?? DEFAULT_RATING_MAX}
          noReset={field.noReset}
          value={clampRating(value, field.max)}
          onChange={onChange}
        />
      );
    case 'upload':
      return (
        <UploadControl
          label={label}
          count={uploadCount(field.multi)}
          purpose={field.purpose}
          value={value}
          onChange={onChange}
          onUploadingChange={onUploadingChange}
        />
      );
    case 'custom':
      return <>{field.render?.(value, onChange) ?? null}</>;
    default:
      return null;
  }
}

/**
 * Stars 1…max, each a 44 px toggle button in a group named by the field; tapping the current value
 * resets it unless `noReset` (a native radio could not be un-chosen, hence buttons).
 */
function Rating({
  label,
  max,
  noReset,
  value,
  onChange,
}: {
  label: string;
  max: number;
  noReset?: boolean;
  value: number;
  onChange: (value: number) => void;
}) {
  const top = Math.max(1, Math.floor(max));
  return (
    <fieldset className={styles.rating} aria-label={label}>
      {Array.from({ length: top }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={value === n}
          aria-label={`${n}分`}
          className={`${styles.star} ${n <= value ? styles.starOn : ''}`}
          onClick={() => onChange(nextRating(value, n, top, noReset))}
        >
          ★
        </button>
      ))}
      <span className={styles.ratingText} aria-hidden="true">
        {value > 0 ? `${value}/${top}` : '未评分'}
      </span>
    </fieldset>
  );
}

interface PendingUpload {
  id: number;
  name: string;
  percent: number;
}

let nextUploadId = 1;

/**
 * Pictures of an upload field: thumbnails (with a fallback when one cannot be shown) each with a
 * 删除 button, the uploads under way with their progress, and an add tile while fewer than `count`.
 */
function UploadControl({
  label,
  count,
  purpose,
  value,
  onChange,
  onUploadingChange,
}: {
  label: string;
  count: number;
  purpose?: UploadPurpose;
  value: unknown;
  onChange: (value: unknown) => void;
  onUploadingChange: (delta: number) => void;
}) {
  const inputId = useId();
  const urls = normalizeUploads(value, Number.POSITIVE_INFINITY) as string[];
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // Uploads finish one by one; each adds to the latest list, not the one of its start.
  const latest = useRef(urls);
  latest.current = urls;
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const emit = (next: string[]) => {
    latest.current = next;
    onChange(count === 1 ? (next[0] ?? '') : next);
  };

  async function start(file: File) {
    const item: PendingUpload = { id: nextUploadId++, name: file.name, percent: 0 };
    setPending((list) => [...list, item]);
    onUploadingChange(1);
    try {
      const { url } = await uploadFile(file, {
        purpose,
        onProgress: (percent) =>
          setPending((list) => list.map((p) => (p.id === item.id ? { ...p, percent } : p))),
      });
      if (mounted.current) emit(count === 1 ? [url] : [...latest.current, url].slice(0, count));
    } catch (error) {
      toast(userMessage(error));
    } finally {
      onUploadingChange(-1);
      if (mounted.current) setPending((list) => list.filter((p) => p.id !== item.id));
    }
  }

  function handleFiles(files: FileList | null) {
    const chosen = Array.from(files ?? []);
    if (chosen.length === 0) return;
    const room = count === 1 ? 1 : count - urls.length - pending.length;
    if (chosen.length > room) toast(`最多上传 ${count} 张图片`);
    for (const file of chosen.slice(0, Math.max(0, room))) void start(file);
  }

  const canAdd = count === 1 ? pending.length === 0 : urls.length + pending.length < count;
  return (
    <div className={styles.uploads}>
      {urls.map((url, index) => (
        <div key={url} className={styles.thumb}>
          <FallbackImage
            src={url}
            alt={`${label}${count > 1 ? ` 第${index + 1}张` : ''}`}
            className={styles.image}
          />
          <button
            type="button"
            className={styles.remove}
            aria-label={`删除${label}${count > 1 ? `第${index + 1}张` : ''}`}
            onClick={() => emit(urls.filter((u) => u !== url))}
          >
            ×
          </button>
        </div>
      ))}
      {pending.map((item) => (
        <div
          key={item.id}
          className={`${styles.thumb} ${styles.pending}`}
          role="progressbar"
          aria-label={`${item.name} 上传中`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.percent}
        >
          <span className={styles.percent}>上传中 {item.percent}%</span>
          <span className={styles.bar} style={{ width: `${item.percent}%` }} />
        </div>
      ))}
      {canAdd ? (
        <label className={`${styles.thumb} ${styles.add}`} htmlFor={inputId}>
          <span aria-hidden="true" className={styles.plus}>
            +
          </span>
          <span className={styles.addText}>
            {count === 1 ? (urls.length > 0 ? '更换图片' : '上传图片') : `添加图片 ${urls.length}/${count}`}
          </span>
          <input
            id={inputId}
            className={styles.file}
            type="file"
            accept="image/*"
            multiple={count > 1}
            aria-label={`上传${label}`}
            onChange={(event) => {
              handleFiles(event.currentTarget.files);
              // The same picture may be chosen again after removing it.
              event.currentTarget.value = '';
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
