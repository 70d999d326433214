/**
 * The reminders' wire: a logged-in user's own calendar events (a 农历生日, an anniversary, a one-off
 * appointment), the 吉日 they saved from 择日, and the secret URL of a calendar that a phone's own
 * calendar app subscribes to — the 24 terms, the festivals the user picked, the 休/班 days, and those
 * events and 吉日 expanded to their solar dates with alarms (`GET /api/calendar/feed/<token>.ics`).
 * Every `crm/calendar/*` route needs a logged-in user (visitor 401); another user's row answers 404.
 */
import { type Static, Type } from 'typebox';
import { DateField, DateTime, RowId } from './common.ts';
import {
  EVENT_REPEATS,
  EVENT_TITLE_MAX,
  MAX_EVENTS,
  MAX_SAVED_DAYS,
  REMIND_DAYS_MAX,
  SAVED_DAY_ACTIVITY_MAX,
  SAVED_DAY_NOTE_MAX,
} from './reminders-labels.ts';

/** A lunar date of an event; `year` starts a yearly event (a birth) and is required by a one-off one. */
export const EventLunarSchema = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12, description: 'Lunar month 1–12' }),
    day: Type.Integer({ minimum: 1, maximum: 30, description: 'Lunar day 1–30' }),
    leap: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'A leap month (闰月); in a year without that leap month the event falls in the ordinary month of the same number',
      }),
    ),
    year: Type.Optional(
      Type.Integer({
        minimum: 1900,
        maximum: 2100,
        description: 'Lunar year: where a yearly event starts, required when it does not repeat',
      }),
    ),
  },
  { description: 'A lunar date (农历); day 30 of a 29-day month falls on day 29' },
);

/** A lunar date of an event. */
export type EventLunar = Static<typeof EventLunarSchema>;

/** Body of `POST /api/crm/calendar/events`: exactly one of `date` and `lunar`. */
export const CalendarEventBodySchema = Type.Object(
  {
    title: Type.String({
      minLength: 1,
      maxLength: EVENT_TITLE_MAX,
      description: `What the day is, e.g. '妈妈生日' (at most ${EVENT_TITLE_MAX} characters, not blank)`,
    }),
    date: Type.Optional(DateField("A solar date 'YYYY-MM-DD' (1900–2100); a yearly one starts that year")),
    lunar: Type.Optional(EventLunarSchema),
    repeat: Type.Enum([...EVENT_REPEATS], { description: 'none: once; yearly: every year on its date' }),
    remindDays: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: REMIND_DAYS_MAX,
        description: 'Remind this many days before (0 = on the day), at 09:00 Beijing time; none when absent',
      }),
    ),
  },
  { description: `A new event; at most ${MAX_EVENTS} per account. Other properties are ignored` },
);

/** A new event. */
export type CalendarEventBody = Static<typeof CalendarEventBodySchema>;

/** The next day an event falls on. */
export const EventOccurrenceSchema = Type.Object({
  date: Type.String({ description: "'YYYY-MM-DD'" }),
  lunarText: Type.Optional(Type.String({ description: "For a lunar event, e.g. '农历四月初八'" })),
  moved: Type.Optional(
    Type.String({ description: "Why it moved from the saved day, e.g. '该年无闰四月，按四月'" }),
  ),
});

/** An occurrence of an event. */
export type EventOccurrence = Static<typeof EventOccurrenceSchema>;

/** A saved event. */
export const CalendarEventSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  date: Type.Union([Type.String({ description: "'YYYY-MM-DD'" }), Type.Null()]),
  lunar: Type.Union([
    Type.Object({
      month: Type.Integer(),
      day: Type.Integer(),
      leap: Type.Boolean(),
      year: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  repeat: Type.Enum([...EVENT_REPEATS]),
  remindDays: Type.Union([Type.Integer(), Type.Null()]),
  next: Type.Union([EventOccurrenceSchema, Type.Null()], {
    description: 'The next day it falls on from today (Beijing), or null for a one-off day gone by',
  }),
  createdAt: DateTime(),
});

/** A saved event. */
export type CalendarEvent = Static<typeof CalendarEventSchema>;

/** `resData` of `GET /api/crm/calendar/events`: the caller's events, the soonest first. */
export const CalendarEventListSchema = Type.Object({ list: Type.Array(CalendarEventSchema) });

/** The caller's events. */
export type CalendarEventList = Static<typeof CalendarEventListSchema>;

/** Path parameter of the routes on one row. */
export const ReminderIdParamsSchema = Type.Object({ id: RowId('The row') });

/** `resData` of a deletion. */
export const ReminderDeletedSchema = Type.Object({ id: Type.Integer({ description: 'The deleted row' }) });

/** Body of `POST /api/crm/calendar/saved-days`. */
export const SavedDayBodySchema = Type.Object(
  {
    date: DateField("The day 'YYYY-MM-DD' (1900–2100)"),
    activity: Type.String({
      minLength: 1,
      maxLength: SAVED_DAY_ACTIVITY_MAX,
      description: "The matter it was chosen for, e.g. '嫁娶'",
    }),
    note: Type.Optional(
      Type.String({ maxLength: SAVED_DAY_NOTE_MAX, description: 'Its reasons and good hours, as 择日 said' }),
    ),
  },
  {
    description: `A 吉日 to keep (the same day and matter again answers the one kept); at most ${MAX_SAVED_DAYS} per account`,
  },
);

/** A 吉日 to keep. */
export type SavedDayBody = Static<typeof SavedDayBodySchema>;

/** A saved 吉日. */
export const SavedDaySchema = Type.Object({
  id: Type.Integer(),
  date: Type.String({ description: "'YYYY-MM-DD'" }),
  activity: Type.String(),
  note: Type.String(),
  createdAt: DateTime(),
});

/** A saved 吉日. */
export type SavedDay = Static<typeof SavedDaySchema>;

/** `resData` of `GET /api/crm/calendar/saved-days`: by date. */
export const SavedDayListSchema = Type.Object({ list: Type.Array(SavedDaySchema) });

/** The caller's saved 吉日. */
export type SavedDayList = Static<typeof SavedDayListSchema>;

/** Which festival groups the subscribed calendar holds (reminders-labels.ts FESTIVAL_GROUPS). */
export const FestivalChoiceSchema = Type.Object({
  traditional: Type.Boolean({ description: '传统节日: 春节 … 除夕' }),
  solar: Type.Boolean({ description: '公历节日: 元旦, 劳动节, 国庆节 …' }),
  buddhist: Type.Boolean({ description: '佛教节日' }),
  taoist: Type.Boolean({ description: '道教节日' }),
});

/** The festival groups of a subscription. */
export type FestivalChoice = Static<typeof FestivalChoiceSchema>;

/** Body of `POST` and `PUT /api/crm/calendar/subscription`: groups left out keep their value (or default). */
export const SubscriptionBodySchema = Type.Object(
  { festivals: Type.Optional(Type.Partial(FestivalChoiceSchema)) },
  { description: 'Festival groups to switch on or off; other properties are ignored' },
);

/** A subscription change. */
export type SubscriptionBody = Static<typeof SubscriptionBodySchema>;

/** `resData` of `GET`/`PUT`/`DELETE /api/crm/calendar/subscription`: whether a link is live, and its options. */
export const SubscriptionStateSchema = Type.Object({
  active: Type.Boolean({ description: 'A link is live (the URL itself is shown only when it is made)' }),
  festivals: FestivalChoiceSchema,
  createdAt: Type.Union([DateTime('When the live link was made'), Type.Null()]),
});

/** A subscription's state. */
export type SubscriptionState = Static<typeof SubscriptionStateSchema>;

/** `resData` of `POST /api/crm/calendar/subscription`: the new secret URL (the old one stops working). */
export const SubscriptionCreatedSchema = Type.Object({
  url: Type.String({
    description: 'https URL of the calendar (webcal:// is the same with its scheme replaced); shown once',
  }),
  festivals: FestivalChoiceSchema,
  createdAt: DateTime(),
});

/** A new subscription link. */
export type SubscriptionCreated = Static<typeof SubscriptionCreatedSchema>;
