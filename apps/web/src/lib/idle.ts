/** Runs `task` once the page has loaded and the main thread is idle (after a second where idle callbacks are missing). */
export function whenIdleAfterLoad(task: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
