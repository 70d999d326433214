/**
 * Masters (dashi) and the customer-service card in the console (area content: admin and editor):
 * every master with its order and whether the app shows it, adding and changing one, and the card of
 * the app's 在线客服 dialog. Avatars and QR codes are uploaded first (`POST admin/images`) and saved
 * here by their URL. The content module owns the rows (its functions run in this route's
 * transaction); each write adds its audit row ('master.save', 'label.save') to the same transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AdminMaster } from '@xuanli/contracts/admin-content';
import { ADMIN_AREA_ROLES, type AuditAction } from '@xuanli/contracts/admin-labels';
import { CONTENT_CONSOLE_ROUTES } from '@xuanli/contracts/routes/content';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { changeAudited } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import type { ConsoleRouteOptions } from '../../shared/console-access.ts';
import { addRoute, consoleFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import type { Tx } from '../../shared/orders.ts';
import {
  createMaster,
  customerServiceCard,
  listMastersForEditing,
  type RecordChange,
  saveCustomerServiceCard,
  updateMaster,
} from './master-editing.ts';

/** What the masters area of the console is built from: the console's access and the module's deps. */
export type MasterConsoleOptions = ConsoleRouteOptions<{ db: Db; clock: Clock }>;

const tags = ['admin'];

/** `admin/masters…` and `admin/customer-service`. */
export const masterConsoleRoutes: FastifyPluginAsyncTypebox<MasterConsoleOptions> = async (
  app,
  { deps, requireOperator, auditorOf, security },
) => {
  const editors = requireOperator(...ADMIN_AREA_ROLES.content);

  /** Runs `change` with its audit row in one transaction; answers the record after. */
  async function audited<T>(
    request: FastifyRequest,
    action: AuditAction,
    target: (after: T) => string,
    change: (tx: Tx, at: Date) => Promise<RecordChange<T>>,
  ): Promise<T> {
    const result = await changeAudited(deps, auditorOf(request), action, change, (made) =>
      target(made.after),
    );
    return result.after;
  }

  /** A master added or changed, audited as 'master.save' on `master:<sellid>`; answers the master after. */
  const savedMaster = (
    request: FastifyRequest,
    change: (tx: Tx, at: Date) => Promise<RecordChange<AdminMaster>>,
  ) => audited(request, 'master.save', (after) => `master:${after.sellid}`, change);

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getMasters,
    {
      tags,
      summary: 'Every master (dashi), active or not, in the app’s order',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async () => ok({ list: await listMastersForEditing(deps.db) }),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postMasters,
    {
      tags,
      summary: 'Add a master with the sellid courses and products refer to',
      description: 'Conflict when the sellid is taken. Audit row master.save.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) => ok(await savedMaster(request, (tx, at) => createMaster(tx, request.body, at))),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postMastersBySellid,
    {
      tags,
      summary: 'Change a master: picture, name, intro, WeChat ID and QR code, order, shown or hidden',
      description: 'The app’s dashi answers show it at once. Audit row master.save.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(await savedMaster(request, (tx, at) => updateMaster(tx, request.params.sellid, request.body, at))),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getCustomerService,
    {
      tags,
      summary: 'The customer-service card of the app’s 在线客服 dialog (label crm/在线客服)',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async () => ok(await customerServiceCard(deps.db)),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postCustomerService,
    {
      tags,
      summary: 'Save the customer-service card: avatar, nickname, intro, WeChat ID, QR code, notice',
      description: 'base/sysapi/label answers it at once. Audit row label.save.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(
        await audited(
          request,
          'label.save',
          () => 'label:crm/label/在线客服',
          (tx, at) => saveCustomerServiceCard(tx, request.body, at),
        ),
      ),
  );
};
