/**
 * Messages and confirmations through antd's `App` context (src/app/App.tsx), so they take the
 * console's theme and locale instead of antd's static, context-free functions.
 */
import { App } from 'antd';
import { ApiError } from './api';

/** What an action's failures mean in its own words, by code (e.g. Conflict when adding an account). */
export type FailureWords = Partial<Record<string, string>>;

/**
 * The sentence to show for a failed action: the server's Chinese `msg` when it sent one, else the
 * action's own words for the code, else the {@link ApiError}'s message, else a generic one.
 */
export function errorText(error: unknown, words: FailureWords = {}): string {
  if (error instanceof ApiError) return (!error.fromServer && words[error.code]) || error.message;
  return '操作失败，请稍后再试';
}

/** antd's message, modal and notification APIs of the console. */
export function useFeedback() {
  const { message, modal, notification } = App.useApp();
  return {
    message,
    modal,
    notification,
    /**
     * Shows `error` as an error message (the server's Chinese text when it sent one). An ended login
     * is not shown: the console goes to the login page, which says so.
     */
    showError: (error: unknown, words?: FailureWords) => {
      if (error instanceof ApiError && error.status === 401) return;
      void message.error(errorText(error, words));
    },
  };
}
