/**
 * The first key of every two-key advisory lock the app takes (the second is an account's, operator's
 * or job's number, or a hash), one class per kind of lock and all in this one table: two kinds sharing
 * a class would make unrelated locks with an equal second key wait for each other — a job whose name
 * hashes to an account's id, or one account's reminders and its case book. The migrations' lock is a
 * one-key lock, a key space of its own.
 */
export const LOCK_CLASSES = {
  /** One buyer's cart, address book and order placement (shop/buyer-lock.ts). */
  buyerCart: 0x58_4c_01,
  buyerAddresses: 0x58_4c_02,
  buyerOrders: 0x58_4c_03,
  /** A job that must run on one node at a time (db/job-locks.ts; the second key hashes its name). */
  job: 0x58_4c_10,
  /** One account's case book, limited to 500 profiles (mingli/profiles.ts). */
  caseBook: 0x58_4c_12,
  /** One account's reminder events and saved days, each limited in number (reminders/owner.ts). */
  reminderEvents: 0x58_4c_13,
  reminderSavedDays: 0x58_4c_14,
  /** One WeChat user's first sight (a hash of the openid), and one phone's binding (member/wechat.ts). */
  wechatUser: 0x58_4c_20,
  phoneBinding: 0x58_4c_21,
  /** One operator's open uploads, limited in number and bytes (ketang/uploads.ts). */
  uploadQuota: 0x58_4c_30,
} as const;
