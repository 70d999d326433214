/**
 * A count of the saves and deletes this process made to the entered holiday table, so that its
 * calendar answers stop trusting their cached version at once (holiday-cache.ts) instead of after the
 * cache's second. Process-wide on purpose: any app built in the process may hold the old table.
 */
let writes = 0;

/** Records a save or delete (called inside the writer's transaction, before it commits). */
export function noteHolidayWrite(): void {
  writes++;
}

/** How many saves and deletes this process has made. */
export function holidayWrites(): number {
  return writes;
}
