/**
 * For the test fakes of the web and the console: which route of the contracts' tables a request is
 * for, and whether a fake's answer has the shape that route declares. A fake built on these fails its
 * test on a request to a path no table has, and on an answer the API could never send. Tests only:
 * this module holds TypeBox values (the schemas), which no app bundle may take.
 */
import type { RouteSchemas, RouteTable } from '@xuanli/contracts/route';
import { Value } from 'typebox/value';

/** A table entry a request matched, with its path parameters. */
export interface MatchedRoute {
  /** `domain.name` in the tables, e.g. `shop.getCart`. */
  name: string;
  route: RouteSchemas;
  params: Record<string, string>;
}

/** The pattern of a route's path: `:name` matches one segment, a trailing `*` the rest. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return `(?<${segment.slice(1)}>[^/]+)`;
      if (segment === '*') return '(?<rest>.+)';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // The API matches the app's /api/app/ paths in any case (bln.suan and bln.Suan).
  return new RegExp(`^${source}$`, path.startsWith('/api/app/') ? 'i' : '');
}

/** The route of `method pathname` in `tables` (by domain), or null when no table has it. */
export function matchRoute(
  tables: Record<string, RouteTable>,
  method: string,
  pathname: string,
): MatchedRoute | null {
  for (const [domain, table] of Object.entries(tables)) {
    for (const [name, route] of Object.entries(table)) {
      if (route.method !== method.toUpperCase()) continue;
      const found = pathPattern(route.path).exec(pathname);
      if (found) return { name: `${domain}.${name}`, route, params: { ...found.groups } };
    }
  }
  return null;
}

/**
 * What is wrong with a fake's success answer for `route`: the envelope's `resData` against the
 * route's answer schema (or the whole body against a raw reply's). Empty when it fits, or when the
 * answer is a failure (failure envelopes are typed by the fakes' own helpers).
 */
export function answerProblems(route: RouteSchemas, status: number, body: unknown): string[] {
  if (status < 200 || status >= 300) return [];
  const schema = route.answer ?? route.reply;
  // Bytes and texts (files, lesson media, iCalendar) are not JSON: there is no shape to hold them to.
  if (!schema || (!route.answer && (schema as { type?: unknown }).type === 'string')) return [];
  const value = route.answer ? (body as { resData?: unknown } | null)?.resData : body;
  if (Value.Check(schema, value)) return [];
  return Value.Errors(schema, value)
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'} ${error.message}`);
}

/**
 * The checks a test fake makes, with what they refused: `route` finds a request's route (refusing a
 * path no table has), `answer` holds a success answer to its route's shape. A refusal is thrown inside
 * `fetch`, where the page sees only a failed request, and also kept: the tests' set-up calls `take`
 * after each test and fails it when anything was refused.
 */
export function fakeRouteGuard(tables: Record<string, RouteTable>) {
  const refused: string[] = [];
  const refuse = (problem: string): never => {
    refused.push(problem);
    throw new Error(problem);
  };
  return {
    route(method: string, pathname: string): MatchedRoute {
      return (
        matchRoute(tables, method, pathname) ?? refuse(`no route in the tables for ${method} ${pathname}`)
      );
    },
    async answer(matched: MatchedRoute, response: Response): Promise<void> {
      const body = await response
        .clone()
        .json()
        .catch(() => null);
      const problems = answerProblems(matched.route, response.status, body);
      if (problems.length > 0)
        refuse(`${matched.name}: the fake's answer is not its shape: ${problems.join('; ')}`);
    },
    /** The refusals since the last call, emptied. */
    take: (): string[] => refused.splice(0),
  };
}
