import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeGuard } from '@/testing/fake-violations';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  const violations = fakeGuard.take();
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.removeAttribute('style');
  if (violations.length > 0) throw new Error(`the fake API refused:\n${violations.join('\n')}`);
});

// `npm test` runs this suite beside the e2e suite at a lower priority, where a page may wait for a
// core longer than Testing Library's default second before it renders what a test looks for.
configure({ asyncUtilTimeout: 5000 });
