/**
 * What the fake API (app-harness.tsx) refused during a test: requests to paths the contracts' route
 * tables do not have, and success answers not of their route's shape. Kept apart from the harness so
 * the tests' set-up can check it after every test without loading the app.
 */
const violations: string[] = [];

/** Records a refusal and throws it (inside `fetch`, where the page sees only a failed request). */
export function refuseFake(problem: string): never {
  violations.push(problem);
  throw new Error(problem);
}

/** The refusals since the last call, emptied. */
export function takeFakeApiViolations(): string[] {
  return violations.splice(0);
}
