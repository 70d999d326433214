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
import { changeAudited } from '../../shared/audit.ts';
import { consoleAreaOf, type DbConsoleOptions } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { listReadingsForEditing, updateReading } from './reading-editing.ts';

/** `admin/readings`. */
export const readingConsoleRoutes: FastifyPluginAsyncTypebox<DbConsoleOptions> = async (app, access) => {
  const { deps, auditorOf } = access;
  const editors = consoleAreaOf(access, ADMIN_AREA_ROLES.content);

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getReadings,
    {
      ...editors,
      summary: 'The 命书 reading texts (miji), by group: 日主, 身强身弱, 五行, 十神, 神煞, 大运流年',
    },
    async (request) =>
      ok({ list: await listReadingsForEditing(deps.db, request.query.group as ReadingGroup | undefined) }),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postReadings,
    {
      ...editors,
      summary: 'Change the title and text of one reading; the app’s miji answers show it at once',
      description: 'NotFound for a key that is no reading. Audit row reading.update.',
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
