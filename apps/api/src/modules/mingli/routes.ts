/**
 * The case book's routes, mounted under `/api/crm/bazi`: list, save, change, delete, export and import
 * of the caller's own profiles (contracts mingli.ts). Any signed-in account, VIP or not; a visitor, a
 * missing, revoked or expired token, or a deleted account → 401, checked when the request arrives,
 * before its body is read (an import may be megabytes). The session names the account, so another
 * account's profile is answered 404 as if it did not exist.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MINGLI_FILE_MAX_BYTES } from '@xuanli/contracts/mingli';
import { BAZI_ROUTES } from '@xuanli/contracts/routes/bazi';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import { findUser } from '../member/index.ts';
import { createRequireSession, type SessionDeps, sessionOf } from '../sessions/index.ts';
import { fileRefusal } from './file-refusal.ts';
import { changeProfile, deleteProfile, listProfiles, saveProfile } from './profiles.ts';
import { exportCaseBook, exportFileName, importCaseBook } from './transfer.ts';

/** What the case book's routes need: the database (sessions, users, profiles), the token settings, the clock. */
export interface MingliRouteDeps {
  db: Db;
  config: SessionDeps['config'];
  clock: Clock;
}

const secured = [{ token: [] }];
const tags = ['mingli'];

/** Registers the case book's routes; mount with prefix `/api/crm/bazi`. */
export const mingliRoutes: FastifyPluginAsyncTypebox<MingliRouteDeps> = async (app, deps) => {
  const requireSession = createRequireSession(deps);
  /** A signed-in account that still exists (not deleted, not banned), else 401. */
  const requireMember = async (request: FastifyRequest) => {
    const { userId } = sessionOf(request);
    if (userId === null || !(await findUser(deps.db, userId))) {
      throw new AppError('Unauthorized', 'sign in first');
    }
  };
  /** The account the guards admitted. */
  const ownerOf = (request: FastifyRequest) => sessionOf(request).userId as number;
  const now = () => new Date(deps.clock.now());
  const onRequest = [requireSession, requireMember];

  addRoute(
    app,
    BAZI_ROUTES.getCrmBaziProfiles,
    {
      tags,
      summary: "The caller's 命例, newest change first: words of q in the name or note, one group",
      security: secured,
      onRequest,
    },
    async (request) => ok(await listProfiles(deps.db, ownerOf(request), request.query)),
  );

  addRoute(
    app,
    BAZI_ROUTES.postCrmBaziProfiles,
    {
      tags,
      summary: 'Save a 命例; the same clientId again replaces it unless the stored one is newer',
      description:
        "Errors: ValidationError (a blank name, a day that does not exist), the engine's code for a birth it refuses (WRONG_BIRTH_TEXT …), Conflict for a 501st profile.",
      security: secured,
      onRequest,
    },
    async (request) => ok(await saveProfile(deps.db, ownerOf(request), request.body, now())),
  );

  addRoute(
    app,
    BAZI_ROUTES.patchCrmBaziProfilesById,
    {
      tags,
      summary: 'Change fields of a 命例; a write older than the stored profile changes nothing',
      description: "Errors as on POST; NotFound for a profile that is not the caller's.",
      security: secured,
      onRequest,
    },
    async (request) =>
      ok(await changeProfile(deps.db, ownerOf(request), request.params.id, request.body, now())),
  );

  addRoute(
    app,
    BAZI_ROUTES.deleteCrmBaziProfilesById,
    {
      tags,
      summary: 'Delete a 命例',
      description: "Errors: NotFound for a profile that is not the caller's.",
      security: secured,
      onRequest,
    },
    async (request) => ok(await deleteProfile(deps.db, ownerOf(request), request.params.id)),
  );

  addRoute(
    app,
    BAZI_ROUTES.getCrmBaziProfilesExport,
    {
      tags,
      summary: "The caller's whole case book as a file (format xuanli-mingli, version 1), not enveloped",
      security: secured,
      onRequest,
    },
    async (request, reply) => {
      const at = now();
      const file = await exportCaseBook(deps.db, ownerOf(request), at);
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(exportFileName(at))}`,
      );
      reply.header('cache-control', 'no-store');
      return file;
    },
  );

  addRoute(
    app,
    BAZI_ROUTES.postCrmBaziProfilesImport,
    {
      tags,
      summary: 'Import a file of the export format: all its new entries, or none',
      description:
        'Entries already kept (same name, sex and birth moment) or repeated in the file are skipped and counted. Errors: ValidationError naming the entry (第 3 条命例：…), a malformed file, Conflict when the book would pass 500 profiles; nothing is saved then.',
      security: secured,
      onRequest,
      bodyLimit: MINGLI_FILE_MAX_BYTES,
      schemaErrorFormatter: fileRefusal,
    },
    async (request) => ok(await importCaseBook(deps.db, ownerOf(request), request.body, now())),
  );
};
