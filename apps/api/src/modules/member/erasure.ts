/**
 * What an account deletion does to every table that holds something of the account. The member
 * module erases its own rows (users, SMS codes, sessions); every other module erases its rows through
 * a function of its index.ts that app.ts hands over as {@link AccountErasure}. The declared list below
 * is checked against the database schema by a test: a table that refers to users (a foreign key, a
 * `user_id`-style column) or holds a phone number, and is missing here, fails it — so a table added
 * later cannot be forgotten by the deletion.
 */
import type { Tx } from '../../shared/orders.ts';

/** How a deletion treats one table: its rows of the account deleted, anonymised, or kept (and why). */
export type Erasure = 'deleted' | 'anonymised' | `kept: ${string}`;

/** Every table that holds something of an account, and what the deletion does to it. */
export const ACCOUNT_DATA_TABLES: Readonly<Record<string, Erasure>> = {
  // member: the row stays (orders refer to it by id) with nothing personal left in it.
  users: 'anonymised',
  sms_codes: 'deleted',
  sessions: 'deleted',
  member_quotas:
    'kept: login and SMS counters, keyed by a keyed hash of the phone (never the number), gone within a day',
  // media
  feedback: 'deleted',
  // shop: the books keep every sale, without the person.
  cart_items: 'deleted',
  addresses: 'deleted',
  orders: 'anonymised',
  order_events: 'anonymised',
  course_grants: 'deleted',
  // classroom
  lesson_progress: 'deleted',
  course_reviews: 'deleted',
  // wechat: the binding goes; what an unfinished authorisation learnt expires within minutes.
  wechat_identities: 'deleted',
  wechat_login_tickets:
    'kept: names a WeChat user, not an account; usable once for 5 minutes, removed by the clean-up job',
  // bazi: the 定制 birth profile is the account's alone.
  dingzhi_profiles: 'deleted',
  // reminders: the account's own events, saved 吉日 and calendar link.
  calendar_events: 'deleted',
  calendar_saved_days: 'deleted',
  calendar_subscriptions: 'deleted',
  // mingli: the case book, other people's births the member kept, goes with the account.
  mingli_profiles: 'deleted',
  // The operators' trail is append-only by design and names an account by id only (`user:<id>`).
  audit_log: 'kept: who changed what and why, append-only, naming the account by id only, never its phone',
};

/** The account being deleted, as other modules need it. */
export interface ErasedAccount {
  id: number;
  /** The profile picture URL, or '' when it is shared with another account or there is none. */
  avatar: string;
}

/** What other modules erase of a deleted account; app.ts wires each module's function. */
export interface AccountErasure {
  /**
   * Deletes or anonymises the account's rows in other modules, inside the deletion's transaction;
   * answers the storage keys of files those rows (and the avatar) named.
   */
  eraseRows(tx: Tx, account: ErasedAccount): Promise<string[]>;
  /** Removes those files once the deletion committed; a file already gone is fine. */
  removeFiles(keys: string[]): Promise<void>;
}
