/**
 * The 定制 tab (`pages/dingzhi/index`, SPEC §2 tab 3, §6). Never blank:
 * - a VIP with a saved profile sees the day's personal fortune and the week (FortuneView);
 * - a VIP without one fills in the profile here;
 * - a user without VIP and a visitor see what VIP brings, the customer-service card through which VIP
 *   is opened (SPEC §1), and the five benefits; a visitor also gets 登录.
 */
import { Link } from 'react-router';
import { KefuContact } from '@/components/dialogs/ContactLoader';
import { VipProfileForm } from '@/components/dialogs/VipProfileForm';
import { PageHeader } from '@/components/PageHeader';
import { VipBenefits } from '@/components/VipBenefits';
import { paths } from '@/config/paths';
import { isVip, useSession } from '@/stores/session';
import styles from './DingzhiPage.module.css';
import { FortuneView } from './FortuneView';

/** The 定制 tab page. */
export default function DingzhiPage() {
  const isLogin = useSession((s) => s.isLogin);
  const vip = useSession((s) => isVip(s.user));
  const bazi = useSession((s) => s.bazi);
  return (
    <div className={styles.page}>
      <PageHeader />
      <div className={styles.body}>
        {!isLogin ? (
          <NotVip visitor />
        ) : !vip ? (
          <NotVip />
        ) : bazi ? (
          <FortuneView bazi={bazi} />
        ) : (
          <section className={styles.card} aria-labelledby="dingzhi-start">
            <h2 className={styles.cardTitle} id="dingzhi-start">
              填写出生资料
            </h2>
            <p className={styles.lead}>
              填好姓名、性别和出生时间，选择想看的运势，即可每天查看为您推算的专属运势。
            </p>
            <VipProfileForm submitLabel="开始定制" />
          </section>
        )}
      </div>
    </div>
  );
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
