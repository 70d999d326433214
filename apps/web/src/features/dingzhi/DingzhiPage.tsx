/**
 * The 定制 tab (`pages/dingzhi/index`, PRODUCT.md#dingzhi). Never blank:
 * - a VIP with a saved 定制 profile sees the day's personal fortune and the week (FortuneView);
 * - a VIP without one fills in the profile here;
 * - a user without VIP and a visitor see what VIP brings, the customer-service card through which VIP
 *   is opened (PRODUCT.md#vip), and the five benefits; a visitor also gets 登录.
 *
 * The profile is the account's own record on the server (components/dialogs/api/dingzhi-profile.ts),
 * never the chart the 排盘 page shows. Opening the tab asks for the user's profile again, so a
 * membership granted a moment ago opens the form without a reload. Offline, or while the server is
 * away, the tab shows what it showed last (kept answers) under a notice, and refreshes by itself.
 */
import { isYunType } from '@xuanli/almanac/bazi/yunType';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ConnectionNotice } from '@/components/ConnectionNotice';
import {
  type DingzhiProfile,
  useDingzhiProfile,
  useSaveDingzhiProfile,
} from '@/components/dialogs/api/dingzhi-profile';
import { KefuContact } from '@/components/dialogs/ContactLoader';
import { VipProfileForm } from '@/components/dialogs/VipProfileForm';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { VipBenefits } from '@/components/VipBenefits';
import { paths } from '@/config/paths';
import { isVip, requestProfileRefresh, useSession } from '@/stores/session';
import styles from './DingzhiPage.module.css';
import { FortuneView } from './FortuneView';

/** The 定制 tab page. */
export default function DingzhiPage() {
  const isLogin = useSession((s) => s.isLogin);
  const vip = useSession((s) => isVip(s.user));
  // A VIP granted while the app was open (paid, or made VIP by customer service) is seen at once.
  useEffect(() => {
    if (isLogin) requestProfileRefresh();
  }, [isLogin]);
  return (
    <div className={styles.page}>
      <PageHeader />
      <ConnectionNotice />
      <div className={styles.body}>{!isLogin ? <NotVip visitor /> : !vip ? <NotVip /> : <VipDingzhi />}</div>
    </div>
  );
}

/** A VIP's tab: the fortune of the saved profile, or the form that saves the first one. */
function VipDingzhi() {
  const profile = useDingzhiProfile();
  useTypeFollowsProfile(profile.data ?? null);
  if (profile.data) return <FortuneView bazi={profile.data} />;
  if (profile.data === null) {
    return (
      <section className={styles.card} aria-labelledby="dingzhi-start">
        <h2 className={styles.cardTitle} id="dingzhi-start">
          填写出生资料
        </h2>
        <p className={styles.lead}>
          填好姓名、性别和出生时间，选择想看的运势，即可每天查看为您推算的专属运势。
        </p>
        <VipProfileForm profile={null} submitLabel="开始定制" />
      </section>
    );
  }
  if (profile.isError) return <LoadFailure error={profile.error} onRetry={() => void profile.refetch()} />;
  return (
    <Skeleton label="正在读取定制资料" className={styles.card}>
      <SkeletonBlock height={48} />
      <SkeletonBlock height={88} />
    </Skeleton>
  );
}

/**
 * Keeps the fortune type of the session store (`yunType`, PRODUCT.md#dingzhi, which the type switch sets) and
 * the saved profile's in step: a profile that arrives (another phone saved it) sets the store's type, and a
 * type the reader picks is saved with the profile, so every phone opens on it.
 */
function useTypeFollowsProfile(profile: DingzhiProfile | null): void {
  const storedType = useSession((s) => s.yunType);
  const save = useSaveDingzhiProfile();
  // The type the store last took from the profile (or sent to it): a store holding it has nothing to save.
  const followed = useRef<string | null>(null);
  const savedType = profile?.yunType;
  const savedAt = profile?.updatedAt;
  useEffect(() => {
    if (!savedType) return;
    followed.current = savedType;
    useSession.getState().setYunType(savedType);
  }, [savedType, savedAt]);
  const mutate = save.mutate;
  useEffect(() => {
    // Read from the store, not this render: the effect above may have set it a moment ago.
    const picked = useSession.getState().yunType;
    if (!profile || followed.current === null || picked === followed.current || !isYunType(picked)) return;
    followed.current = picked;
    mutate({ name: profile.name, sex: profile.sex, born: profile.born, yunType: picked });
  }, [storedType, profile, mutate]);
}

/** What a reader without VIP sees: the offer, the customer-service card and the benefits. */
function NotVip({ visitor = false }: { visitor?: boolean }) {
  return (
    <div className={styles.stack}>
      <section className={styles.intro} aria-labelledby="dingzhi-offer">
        <h2 className={styles.introTitle} id="dingzhi-offer">
          专属运势 · VIP专享
        </h2>
        <p className={styles.introText}>
          按您的八字与每天的干支，推算财运、事业、感情、健康、学业，并给出吉方、吉时与幸运色。VIP由客服为您开通，添加下方客服微信即可办理。
        </p>
        {visitor ? (
          <div className={styles.loginRow}>
            <span className={styles.loginHint}>已是VIP？</span>
            <Link className={styles.primaryButton} to={paths.login.getHref({ redirect: paths.dingzhi.path })}>
              登录
            </Link>
          </div>
        ) : null}
      </section>
      <KefuContact />
      <section className={styles.benefits} aria-labelledby="dingzhi-benefits">
        <h2 className={styles.sectionTitle} id="dingzhi-benefits">
          VIP会员福利
        </h2>
        <VipBenefits />
      </section>
    </div>
  );
}
