/**
 * Helpers of the member tests: what the row of an erased account still holds — nothing personal, the
 * nickname every erased account shows, and when it was erased — for tests of account deletion to
 * compare a row against. Nothing here is used by the app itself.
 */

/** The fields of an erased account's `users` row, erased at `at` (for `toMatchObject`). */
export function erasedAccount(at: Date) {
  return {
    phone: null,
    passwordHash: null,
    account: null,
    nickname: '已注销用户',
    avatar: '',
    deletedAt: at,
  };
}
