/**
 * The checks of the fake API (app-harness.tsx) against the app's route tables, and what they refused:
 * requests to paths no table has, and success answers not of their route's shape. Kept apart from the
 * harness so the tests' set-up can take the refusals after every test without loading the app.
 */
import { fakeRouteGuard } from '@xuanli/client/fake-routes';
import { APP_ROUTE_TABLES } from '@xuanli/contracts/routes/index';

/** The fake API's guard; the set-up fails a test whose `take()` is not empty. */
export const fakeGuard = fakeRouteGuard(APP_ROUTE_TABLES);
