import { PageHeader } from '@/components/PageHeader';
import { VipBenefits } from '@/components/VipBenefits';
import { Button } from '@/lib/antd-mobile';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import styles from './FuliPage.module.css';
import { vipStatus } from './vip';

/**
 * pages/user/fuli (VIP福利, PRODUCT.md#vip): the five VIP benefits and the way to get them — VIP is opened by
 * customer service (PRODUCT.md#vip), so the button opens the customer-service card.
 */
export default function FuliPage() {
  const user = useSession((s) => s.user);
  const vip = user ? vipStatus(user) : null;
  return (
    <div className={styles.page}>
      <PageHeader back />
      <section className={styles.hero}>
        <h2 className={styles.title}>玄历 VIP 会员</h2>
        <p className={styles.lead}>
          {vip?.active ? `您是 VIP 会员，有效期至 ${vip.until}。` : '开通会员，享受以下五项专属福利。'}
        </p>
      </section>
      <div className={styles.benefits}>
        <VipBenefits />
      </div>
      <div className={styles.footer}>
        <p className={styles.note}>会员由客服人工开通：添加客服微信，说明想开通的时长即可。</p>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          className={styles.button}
          onClick={() => useDialogs.getState().open('kefu')}
        >
          {vip?.active ? '联系客服续费' : '联系客服开通'}
        </Button>
      </div>
    </div>
  );
}
