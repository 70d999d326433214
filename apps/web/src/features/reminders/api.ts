/**
 * The reminders' calls (reminders wire): the user's own events (`crm/calendar/events`) and the secret
 * link of the calendar a phone subscribes to (`crm/calendar/subscription`). Member routes: the user
 * must be logged in (the pages sit behind RequireLogin).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarEventBody,
  CalendarEventList,
  SubscriptionBody,
  SubscriptionCreated,
  SubscriptionState,
} from '@xuanli/contracts/reminders';
import { REMINDER_PATHS } from '@xuanli/contracts/reminders-labels';
import { memberRequest } from '@/stores/session';

const EVENTS_KEY = ['reminders', 'events'] as const;
const SUBSCRIPTION_KEY = ['reminders', 'subscription'] as const;

/** The user's events, the soonest first, each with its next day. */
export function useCalendarEvents() {
  return useQuery({
    queryKey: EVENTS_KEY,
    queryFn: ({ signal }) => memberRequest<CalendarEventList>('GET', REMINDER_PATHS.events, { signal }),
  });
}

/** Adds an event; the list is asked again afterwards (the server computes its next day). */
export function useAddCalendarEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarEventBody) => memberRequest<unknown>('POST', REMINDER_PATHS.events, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
}

/** Deletes an event. */
export function useDeleteCalendarEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => memberRequest<unknown>('DELETE', `${REMINDER_PATHS.events}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
}

/** Whether a link is live and which festival groups it holds. */
export function useSubscriptionState() {
  return useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => memberRequest<SubscriptionState>('GET', REMINDER_PATHS.subscription, { signal }),
  });
}

/** Makes a new secret link (the old one stops working); answers its URL, shown only now. */
export function useCreateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionBody) =>
      memberRequest<SubscriptionCreated>('POST', REMINDER_PATHS.subscription, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
  });
}

/** Changes the festival groups of the live link (its URL stays the same). */
export function useUpdateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionBody) =>
      memberRequest<SubscriptionState>('PUT', REMINDER_PATHS.subscription, { body }),
    onSuccess: (state) => client.setQueryData(SUBSCRIPTION_KEY, state),
  });
}

/** Ends the link: the calendar apps subscribed to it get nothing more. */
export function useStopSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => memberRequest<SubscriptionState>('DELETE', REMINDER_PATHS.subscription),
    onSuccess: (state) => client.setQueryData(SUBSCRIPTION_KEY, state),
  });
}

/** The `webcal://` form of a feed's https URL, which a phone hands straight to its calendar app. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
