/**
 * The case book (命例) on the server: a signed-in account's saved birth profiles, kept across its
 * phones, searchable, filed under groups, each with a note and dated events. Routes under `/api`:
 *
 * - `GET  crm/bazi/profiles?q&group&page&size` → `{list, total}`, newest change first;
 * - `POST crm/bazi/profiles` → the saved profile with its `id`. With a `clientId` (the phone's own id
 *   of the profile) the call is idempotent: a second POST of the same `clientId` changes the stored
 *   profile only when its `updatedAt` is not older (the last write wins), and answers the stored one;
 * - `PATCH crm/bazi/profiles/{id}` (the fields given; with `updatedAt`, an older write changes nothing
 *   and answers the stored profile) and `DELETE crm/bazi/profiles/{id}`; another account's id → 404;
 * - `GET crm/bazi/profiles/export` → the file below; `POST crm/bazi/profiles/import` ← the same file.
 *
 * **The file** (version 1), a JSON object:
 * `{"format": "xuanli-mingli", "version": 1, "exportedAt": "<ISO 8601>", "profiles": [entry…]}`, newest
 * first, each entry `{name, sex, born, options, group, note, events: [{date, text}], createdAt,
 * updatedAt}` — the fields of a profile without its ids. An import takes the same object (`exportedAt`,
 * `createdAt` and `updatedAt` may be left out; `options`, `group`, `note`, `events` default as on
 * POST) and saves all its entries or none: a malformed file, or any entry the API would refuse on
 * POST, is a 400 naming the entry (第 3 条命例：…). Entries whose name, sex and birth (the same moment,
 * however written) are already in the case book or earlier in the file are skipped and counted.
 */
import { type Static, Type } from 'typebox';
import { DateField, DateTime, pageOf, pageQuery, RowId } from './common.ts';
import { MINGLI_FILE_FORMAT, MINGLI_FILE_VERSION, MINGLI_GROUPS, MINGLI_LIMITS } from './mingli-labels.ts';

export * from './mingli-labels.ts';

/** Longest birth text (the chart body's limit). */
const BORN_MAX = 64;

/** The chart options 排盘 draws the profile with; every field optional, the chart's defaults apply. */
export const MingliOptionsSchema = Type.Object(
  {
    zi: Type.Optional(
      Type.Union([Type.Literal('late'), Type.Literal('early')], {
        description: "子时 school: 'late' (day changes at 00:00, default) or 'early' (at 23:00)",
      }),
    ),
    yunSchool: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2)], {
        description: '起运 school: 2 (to the minute, default) or 1 (days and 时辰)',
      }),
    ),
    trueSolar: Type.Optional(Type.Boolean({ description: 'True solar time from the birthplace' })),
    province: Type.Optional(Type.String({ maxLength: MINGLI_LIMITS.place, description: 'Birthplace' })),
    city: Type.Optional(Type.String({ maxLength: MINGLI_LIMITS.place, description: 'Birthplace' })),
    longitude: Type.Optional(
      Type.Number({ minimum: -180, maximum: 180, description: 'Birthplace °E (west negative)' }),
    ),
    timeZone: Type.Optional(
      Type.String({ maxLength: 40, description: "Birthplace zone, e.g. 'Asia/Hong_Kong'" }),
    ),
    hourUnknown: Type.Optional(Type.Boolean({ description: '时辰不详: a three-pillar chart' })),
  },
  { description: 'Chart options kept with the profile; other properties are dropped' },
);

/** Chart options of a profile. */
export type MingliOptions = Static<typeof MingliOptionsSchema>;

/** The group a profile is filed under. */
export const MingliGroupSchema = Type.Enum([...MINGLI_GROUPS], { description: MINGLI_GROUPS.join(' | ') });

/** A dated event of a profile: 婚、子、迁、病 … in a few words. */
export const MingliEventSchema = Type.Object({
  date: DateField("The day, 'YYYY-MM-DD' (1900-01-01 … 2100-12-31)"),
  text: Type.String({ minLength: 1, maxLength: MINGLI_LIMITS.eventText, description: 'What happened' }),
});

/** A dated event. */
export type MingliEvent = Static<typeof MingliEventSchema>;

const nameField = Type.String({
  minLength: 1,
  maxLength: MINGLI_LIMITS.name,
  description: 'The name shown; surrounding spaces are dropped, none left is 400',
});
const sexField = Type.Union([Type.Literal('男'), Type.Literal('女')], {
  description: "'男' (乾造) or '女' (坤造)",
});
const bornField = Type.String({
  maxLength: BORN_MAX,
  description:
    "Birth text in the chart's grammar, e.g. '公 1990-05-10 08:00'; checked by the engine (400 WRONG_BIRTH_TEXT, a calendar code, OUT_OF_RANGE)",
});
const noteField = Type.String({ maxLength: MINGLI_LIMITS.note, description: 'A note (default empty)' });
const eventsField = Type.Array(MingliEventSchema, {
  maxItems: MINGLI_LIMITS.events,
  description: 'Dated events, kept in the order given',
});
const updatedAtField = DateTime(
  "When the phone made this change; the last write wins per profile (a time after the server's now counts as now)",
);

/** What a saved profile and an entry of the exported file both hold: the birth and what the member adds. */
const profileFields = {
  name: nameField,
  sex: sexField,
  born: bornField,
  options: Type.Optional(MingliOptionsSchema),
  group: Type.Optional(MingliGroupSchema),
  note: Type.Optional(noteField),
  events: Type.Optional(eventsField),
};

/** Body of `POST crm/bazi/profiles`. */
export const MingliProfileInputSchema = Type.Object(
  {
    clientId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MINGLI_LIMITS.clientId,
        pattern: '^[A-Za-z0-9_-]+$',
        description: "The phone's own id of the profile: a repeated POST with it saves once",
      }),
    ),
    ...profileFields,
    updatedAt: Type.Optional(updatedAtField),
  },
  { description: 'A profile to save; other properties are ignored' },
);

/** A profile to save. */
export type MingliProfileInput = Static<typeof MingliProfileInputSchema>;

/** Body of `PATCH crm/bazi/profiles/{id}`: the fields to change. */
export const MingliProfilePatchSchema = Type.Object(
  {
    name: Type.Optional(nameField),
    sex: Type.Optional(sexField),
    born: Type.Optional(bornField),
    options: Type.Optional(MingliOptionsSchema),
    group: Type.Optional(MingliGroupSchema),
    note: Type.Optional(noteField),
    events: Type.Optional(eventsField),
    updatedAt: Type.Optional(updatedAtField),
  },
  { description: 'The fields to change; those left out stay' },
);

/** A change of a profile. */
export type MingliProfilePatch = Static<typeof MingliProfilePatchSchema>;

/** Path parameters of one profile. */
export const MingliProfileParamsSchema = Type.Object({ id: RowId('The profile') });

/** A saved profile. */
export const MingliProfileSchema = Type.Object({
  id: Type.Integer({ description: "The profile's id on the server" }),
  clientId: Type.Union([Type.String(), Type.Null()], {
    description: 'The id the phone saved it under, or null (imported, or saved without one)',
  }),
  name: Type.String(),
  sex: sexField,
  born: Type.String({ description: 'Birth text as saved' }),
  options: MingliOptionsSchema,
  group: MingliGroupSchema,
  note: Type.String(),
  events: Type.Array(MingliEventSchema),
  createdAt: DateTime('When it was first saved'),
  updatedAt: DateTime("The last change (the phone's time of it, at most the server's)"),
});

/** A saved profile. */
export type MingliProfile = Static<typeof MingliProfileSchema>;

/** Query of `GET crm/bazi/profiles`. */
export const MingliListQuerySchema = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: MINGLI_LIMITS.query,
      description:
        'Words looked for in the name and the note (each must occur; case and full/half width do not matter)',
    }),
  ),
  group: Type.Optional(MingliGroupSchema),
  ...pageQuery(),
});

/** The list's query. */
export type MingliListQuery = Static<typeof MingliListQuerySchema>;

/** `resData` of `GET crm/bazi/profiles`: a page, newest change first, and the number of matches. */
export const MingliListSchema = Type.Object(pageOf(MingliProfileSchema));

/** A page of profiles. */
export type MingliList = Static<typeof MingliListSchema>;

/** `resData` of `DELETE crm/bazi/profiles/{id}`. */
export const MingliDeletedSchema = Type.Object({ id: Type.Integer({ description: 'The deleted profile' }) });

/** One profile of the file. */
export const MingliFileEntrySchema = Type.Object({
  ...profileFields,
  createdAt: Type.Optional(DateTime('When it was first saved (ignored by an import)')),
  updatedAt: Type.Optional(DateTime('Its last change (ignored by an import)')),
});

/** A profile of the file. */
export type MingliFileEntry = Static<typeof MingliFileEntrySchema>;

/** The exported file, and the body of an import (see the module comment). */
export const MingliFileSchema = Type.Object(
  {
    format: Type.Literal(MINGLI_FILE_FORMAT, { description: 'What the file is' }),
    version: Type.Literal(MINGLI_FILE_VERSION, { description: 'The version of the format' }),
    exportedAt: Type.Optional(DateTime('When it was written')),
    profiles: Type.Array(MingliFileEntrySchema, {
      maxItems: MINGLI_LIMITS.profiles,
      description: 'The profiles, newest first',
    }),
  },
  { description: '玄历 命例 file, version 1' },
);

/** The exported file. */
export type MingliFile = Static<typeof MingliFileSchema>;

/** `resData` of an import: how many entries were saved and how many were already there. */
export const MingliImportResultSchema = Type.Object({
  imported: Type.Integer({ minimum: 0, description: 'Entries saved' }),
  skipped: Type.Integer({
    minimum: 0,
    description: 'Entries whose name, sex and birth were already in the case book or the file',
  }),
});

/** What an import did. */
export type MingliImportResult = Static<typeof MingliImportResultSchema>;
