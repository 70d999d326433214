/**
 * The reminders' calls (reminders wire): the user's own events (`crm/calendar/events`) and the secret
 * link of the calendar a phone subscribes to (`crm/calendar/subscription`). Member routes: the user
 * must be logged in (the pages sit behind RequireLogin).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarEventBody, SubscriptionBody } from '@xuanli/contracts/reminders';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';

const EVENTS_KEY = ['reminders', 'events'] as const;
const SUBSCRIPTION_KEY = ['reminders', 'subscription'] as const;

/** The user's events, the soonest first, each with its next day. */
export function useCalendarEvents() {
  return useQuery({
    queryKey: EVENTS_KEY,
    queryFn: ({ signal }) => memberCall(APP_ROUTES.calendar.getEvents, {}, { signal }),
  });
}

/** Adds an event; the list is asked again afterwards (the server computes its next day). */
export function useAddCalendarEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarEventBody) => memberCall(APP_ROUTES.calendar.postEvents, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
}

/** Deletes an event. */
export function useDeleteCalendarEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => memberCall(APP_ROUTES.calendar.deleteEventsById, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
}

/** Whether a link is live and which festival groups it holds. */
export function useSubscriptionState() {
  return useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => memberCall(APP_ROUTES.calendar.getSubscription, {}, { signal }),
  });
}

/** Makes a new secret link (the old one stops working); answers its URL, shown only now. */
export function useCreateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionBody) => memberCall(APP_ROUTES.calendar.postSubscription, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
  });
}

/** Changes the festival groups of the live link (its URL stays the same). */
export function useUpdateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionBody) => memberCall(APP_ROUTES.calendar.putSubscription, { body }),
    onSuccess: (state) => client.setQueryData(SUBSCRIPTION_KEY, state),
  });
}

/** Ends the link: the calendar apps subscribed to it get nothing more. */
export function useStopSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => memberCall(APP_ROUTES.calendar.deleteSubscription),
    onSuccess: (state) => client.setQueryData(SUBSCRIPTION_KEY, state),
  });
}

/** The `webcal://` form of a feed's https URL, which a phone hands straight to its calendar app. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
