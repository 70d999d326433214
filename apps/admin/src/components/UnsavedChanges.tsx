/**
 * Editors ask before throwing away what the operator typed: closing a drawer or a dialog with ✕ or
 * 取消, going to another page of the console, and reloading or closing the tab. One provider around
 * the pages holds the route blocker (React Router's `useBlocker`; a router has room for one) and the
 * `beforeunload` listener; each editor's {@link useUnsavedChanges} registers whether its form differs
 * from what it last loaded or saved. Values are compared, not keystrokes: typing and deleting again
 * leaves nothing to lose, and a save makes the current values the saved ones, so nothing asks after it.
 */
import type { FormInstance } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useFeedback } from '@/lib/feedback';

/** Whether an editor has unsaved changes now. */
type DirtyCheck = () => boolean;

/** Where editors register their checks. */
interface Registry {
  add(check: DirtyCheck): () => void;
}

const RegistryContext = createContext<Registry | null>(null);

/** The question every editor asks, with the actions the operator may take. */
const DISCARD_QUESTION = {
  title: '放弃修改？',
  content: '所做的修改还没有保存，离开后将丢失。',
  okText: '放弃修改',
  cancelText: '继续编辑',
  okButtonProps: { danger: true },
} as const;

/**
 * The guard of the pages inside it: a route change or a reload while any registered editor has
 * unsaved changes asks first.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { modal } = useFeedback();
  const checks = useRef(new Set<DirtyCheck>());
  const anyDirty = useCallback(() => [...checks.current].some((check) => check()), []);
  const registry = useMemo<Registry>(
    () => ({
      add(check) {
        checks.current.add(check);
        return () => checks.current.delete(check);
      },
    }),
    [],
  );

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      anyDirty(),
  );
  // One question per blocked navigation, however often the page renders while it is open.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      ...DISCARD_QUESTION,
      onOk: () => {
        asking.current = false;
        blocker.proceed?.();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset?.();
      },
    });
  }, [blocker, modal]);

  useEffect(() => {
    // Browsers show their own wording for this; what matters is that they ask.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [anyDirty]);

  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** A value in a form that compares equal whatever order its keys were set in and however empty. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    return items.length === 0 ? undefined : items;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  // An emptied field and one never filled in are the same to the operator.
  return value === null || value === '' ? undefined : value;
}

/** The form's values as one comparable string. */
function snapshotOf(form: FormInstance): string {
  return JSON.stringify(canonical(form.getFieldsValue(true)) ?? null);
}

/** What an editor does with its guard. */
export interface UnsavedChanges {
  /**
   * ProForm's, DrawerForm's or ModalForm's `onInit`: guard that form from the values it opened with
   * (each time it opens, for a drawer or dialog that is destroyed when hidden).
   */
  watchForm: (values: unknown, form: FormInstance) => void;
  /** The form's values now are the saved ones (after loading them, or after a save). */
  markSaved: () => void;
  /** Nothing to guard until the next {@link UnsavedChanges.markSaved} (while the values load). */
  forgetSaved: () => void;
  /** Whether the guarded form differs from its saved values. */
  isDirty: () => boolean;
  /** Runs `leave` at once when nothing would be lost, else when the operator confirms 放弃修改. */
  confirmLeave: (leave: () => void) => void;
  /** The `onOpenChange` of a drawer or dialog whose `open` is `setOpen`'s: closing asks first. */
  guardOpenChange: (setOpen: (open: boolean) => void) => (open: boolean) => void;
}

/**
 * The guard of one editor. `form` is guarded from the first {@link UnsavedChanges.markSaved} (or
 * `watchForm`); `active` false (a closed drawer) never counts as unsaved.
 */
export function useUnsavedChanges({ form, active = true }: { form?: FormInstance; active?: boolean } = {}) {
  const { modal } = useFeedback();
  const registry = useContext(RegistryContext);
  const formRef = useRef<FormInstance | null>(form ?? null);
  const saved = useRef<string | null>(null);
  const isActive = useRef(active);
  const asking = useRef(false);
  isActive.current = active;
  if (form) formRef.current = form;

  const isDirty = useCallback(() => {
    const current = formRef.current;
    return (
      isActive.current && current !== null && saved.current !== null && snapshotOf(current) !== saved.current
    );
  }, []);

  useEffect(() => registry?.add(isDirty), [registry, isDirty]);

  return useMemo<UnsavedChanges>(() => {
    const markSaved = () => {
      saved.current = formRef.current ? snapshotOf(formRef.current) : null;
    };
    const confirmLeave = (leave: () => void) => {
      if (!isDirty()) {
        leave();
        return;
      }
      // A second ✕ while the question is open does not stack a second question.
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        ...DISCARD_QUESTION,
        onOk: () => {
          asking.current = false;
          saved.current = null;
          leave();
        },
        onCancel: () => {
          asking.current = false;
        },
      });
    };
    return {
      watchForm: (_values, watched) => {
        formRef.current = watched;
        markSaved();
      },
      markSaved,
      forgetSaved: () => {
        saved.current = null;
      },
      isDirty,
      confirmLeave,
      guardOpenChange: (setOpen) => (open) => (open ? setOpen(true) : confirmLeave(() => setOpen(false))),
    };
  }, [isDirty, modal]);
}
