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
import { changeAudited } from '../../shared/audit.ts';
import { consoleAreaOf, type DbConsoleOptions } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
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

/** `admin/masters…` and `admin/customer-service`. */
export const masterConsoleRoutes: FastifyPluginAsyncTypebox<DbConsoleOptions> = async (app, access) => {
  const { deps, auditorOf } = access;
  const editors = consoleAreaOf(access, ADMIN_AREA_ROLES.content);

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
      ...editors,
      summary: 'Every master (dashi), active or not, in the app’s order',
    },
    async () => ok({ list: await listMastersForEditing(deps.db) }),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postMasters,
    {
      ...editors,
      summary: 'Add a master with the sellid courses and products refer to',
      description: 'Conflict when the sellid is taken. Audit row master.save.',
    },
    async (request) => ok(await savedMaster(request, (tx, at) => createMaster(tx, request.body, at))),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postMastersBySellid,
    {
      ...editors,
      summary: 'Change a master: picture, name, intro, WeChat ID and QR code, order, shown or hidden',
      description: 'The app’s dashi answers show it at once. Audit row master.save.',
    },
    async (request) =>
      ok(await savedMaster(request, (tx, at) => updateMaster(tx, request.params.sellid, request.body, at))),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.getCustomerService,
    {
      ...editors,
      summary: 'The customer-service card of the app’s 在线客服 dialog (label crm/在线客服)',
    },
    async () => ok(await customerServiceCard(deps.db)),
  );

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postCustomerService,
    {
      ...editors,
      summary: 'Save the customer-service card: avatar, nickname, intro, WeChat ID, QR code, notice',
      description: 'base/sysapi/label answers it at once. Audit row label.save.',
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
