/**
 * The record a detail drawer shows (an order, a user): fetched when the drawer opens on it and again
 * when the caller says it changed, with the failure in words when it could not be fetched, so every
 * drawer of the console loads, fails and reloads alike.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '@/lib/feedback';

/**
 * The record of `key` (the drawer is closed while it is null) through `fetch`, a function that stays
 * the same between renders (an API call). `record` is null while it loads or when it failed, and
 * `failure` then says why; `version`, when it changes, fetches the record again (a change made
 * outside the drawer). `setRecord` takes the record an action answered with; `reload` fetches it.
 */
export function useDrawerRecord<Key, Item>(key: Key | null, fetch: (key: Key) => Promise<Item>, version = 0) {
  const [record, setRecord] = useState<Item | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reload = useCallback(
    async (of: Key) => {
      setFailure(null);
      try {
        setRecord(await fetch(of));
      } catch (error) {
        setRecord(null);
        setFailure(errorText(error));
      }
    },
    [fetch],
  );

  useEffect(() => {
    setRecord(null);
    // `version` is read so that a change made outside the drawer reloads the open drawer.
    if (key !== null && version >= 0) void reload(key);
  }, [key, version, reload]);

  return { record, setRecord, failure, reload };
}
