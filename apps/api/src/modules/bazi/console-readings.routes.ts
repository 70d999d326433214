/**
 * The 命书 reading texts (miji) in the console (area content: admin and editor): every text by group,
 * and changing one. The bazi module owns the texts (its function runs inside this route's
 * transaction); the route adds the audit row 'reading.update' to the same transaction. The app's miji
 * answers read the same rows, so an edit shows at once.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ReadingGroup } from '@xuanli/contracts/admin-content';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { CONTENT_CONSOLE_ROUTES } from '@xuanli/contracts/routes/content';
import type { Db } from '../../db/client.ts';
import { changeAudited } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import type { ConsoleRouteOptions } from '../../shared/console-access.ts';
import { addRoute, consoleFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { listReadingsForEditing, updateReading } from './reading-editing.ts';

/** What the readings area of the console is built from: the console's access and the module's deps. */
export type ReadingConsoleOptions = ConsoleRouteOptions<{ db: Db; clock: Clock }>;

const tags = ['admin'];

/** `admin/readings`. */
export const readingConsoleRoutes: FastifyPluginAsyncTypebox<ReadingConsoleOptions> = async (
  app,
  { deps, requireOperator, auditorOf, security },
) => {
  const editors = requireOperator(...ADMIN_AREA_ROLES.content);

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getReadings,
    {
      tags,
      summary: 'The 命书 reading texts (miji), by group: 日主, 身强身弱, 五行, 十神, 神煞, 大运流年',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok({ list: await listReadingsForEditing(deps.db, request.query.group as ReadingGroup | undefined) }),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postReadings,
    {
      tags,
      summary: 'Change the title and text of one reading; the app’s miji answers show it at once',
      description: 'NotFound for a key that is no reading. Audit row reading.update.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) => {
      const change = await changeAudited(
        deps,
        auditorOf(request),
        'reading.update',
        (tx, at) => updateReading(tx, request.body, at),
        (result) => `reading:${result.after.key}`,
      );
      return ok(change.after);
    },
  );
};
