/**
 * The 收货地址 routes, mounted under `/api/shop`: list, add, replace and delete. Logged-in users only
 * (buyer.ts: anyone else → 401); another buyer's address is answered 404, never 403.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHOP_ROUTES } from '@xuanli/contracts/routes/shop';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import type { SessionDeps } from '../sessions/index.ts';
import { createAddress, deleteAddress, listAddresses, MAX_ADDRESSES, updateAddress } from './addresses.ts';
import { buyerGuard, buyerOf } from './buyer.ts';

/** What the address routes are built from: the logins the buyer guard checks (the session module's deps). */
export type AddressRoutesOptions = SessionDeps;

/** The address routes. */
export const addressRoutes: FastifyPluginAsyncTypebox<AddressRoutesOptions> = async (
  app,
  { db, config, clock },
) => {
  const requireBuyer = buyerGuard(app, { db, config, clock });
  const secured = [{ token: [] }];
  const rules =
    'Texts are trimmed; a blank required field, a phone that is not a mainland mobile number or a ' +
    `${MAX_ADDRESSES + 1}st address → ValidationError.`;

  addRoute(
    app,
    SHOP_ROUTES.getAddresses,
    {
      tags: ['shop'],
      summary: "The caller's 收货地址, the default first, then newest first",
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) => ok({ list: await listAddresses(db, buyerOf(request)) }),
  );

  addRoute(
    app,
    SHOP_ROUTES.postAddresses,
    {
      tags: ['shop'],
      summary: 'Save a new address; the first one, or one with isDefault, becomes the default',
      description: rules,
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) => ok(await createAddress(db, buyerOf(request), request.body, new Date(clock.now()))),
  );

  addRoute(
    app,
    SHOP_ROUTES.putAddressesById,
    {
      tags: ['shop'],
      summary:
        'Replace an address; isDefault moves the default here, unticking it hands it to the newest other',
      description: `${rules} NotFound for an address that is not the caller's.`,
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) => ok(await updateAddress(db, buyerOf(request), request.params.id, request.body)),
  );

  addRoute(
    app,
    SHOP_ROUTES.deleteAddressesById,
    {
      tags: ['shop'],
      summary: 'Delete an address; deleting the default makes the newest remaining one the default',
      description: "Errors: NotFound for an address that is not the caller's.",
      security: secured,
      preHandler: requireBuyer,
    },
    async (request) => ok(await deleteAddress(db, buyerOf(request), request.params.id)),
  );
};
