import { PageOfPath, type PagesByPath } from '@/components/PageOfPath';
import { paths } from '@/config/paths';
import BindPhonePage from './BindPhonePage';
import FeedbackPage from './FeedbackPage';
import FuliPage from './FuliPage';
import LoginPage from './LoginPage';
import MyclassPage from './MyclassPage';
import PasswordPage from './PasswordPage';
import ProfilePage from './ProfilePage';
import SettingPage from './SettingPage';
import ThemePage from './ThemePage';
import UserPage from './UserPage';

/** The page of each user-centre route (PRODUCT.md#screens pages/user/*). */
export const USER_CENTRE_PAGES: PagesByPath = {
  [paths.user.path]: UserPage,
  [paths.login.path]: LoginPage,
  [paths.profile.path]: ProfilePage,
  [paths.setting.path]: SettingPage,
  [paths.myclass.path]: MyclassPage,
  [paths.theme.path]: ThemePage,
  [paths.fuli.path]: FuliPage,
  [paths.feedback.path]: FeedbackPage,
  [paths.password.path]: PasswordPage,
  [paths.bindPhone.path]: BindPhonePage,
};

/**
 * The user-centre pages as one lazily loaded page that shows the one of the current path. They
 * share one chunk on purpose: every lazy route adds its list of chunks to preload to the entry script,
 * which every route — the calendar first — downloads, and the calendar route has a byte budget
 * (scripts/route-bytes.mjs). The pages' own code is small next to the antd-mobile parts they share.
 */
export default function UserCentre() {
  return <PageOfPath pages={USER_CENTRE_PAGES} fallback={UserPage} />;
}
