import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import RemindersPage from './RemindersPage';
import SubscribePage from './SubscribePage';

/** The reminders' pages of the user centre: 我的提醒 and 日历订阅. */
export const REMINDER_PAGES: Readonly<Record<string, ComponentType>> = {
  [paths.reminders.path]: RemindersPage,
  [paths.subscribe.path]: SubscribePage,
};

/** The reminders' page of the current path (日历订阅 when it is neither). */
export default function ReminderPages() {
  const { pathname } = useLocation();
  const Page = REMINDER_PAGES[pathname] ?? SubscribePage;
  return <Page />;
}
