/**
 * 风水医院 (`pages/ketang/fengshui`, PRODUCT.md#classroom): the 风水 consultation service — what a consultation is,
 * the spaces it covers, the shop's 风水 consultations with their prices (预约 → the product page), how
 * it goes from booking to the follow-up, case articles (label 风水), and 联系大师, which opens the
 * master contact dialog (PRODUCT.md#screens) with the master the consultations are booked with.
 */
import { PageHeader } from '@/components/PageHeader';
import { useDialogs } from '@/stores/dialogs';
import { useConsultation } from './api/get-consultation';
import { useConsultations } from './api/get-consultations';
import { ConsultationList } from './ConsultationList';
import styles from './Fengshui.module.css';
import { FengshuiCases } from './FengshuiCases';
import { FengshuiScopes } from './FengshuiScopes';
import { FengshuiSteps } from './FengshuiSteps';

/** The 风水 page. */
export default function FengshuiPage() {
  const master = useFengshuiMaster();
  return (
    <div className={styles.page}>
      <PageHeader back />
      <div className={styles.body}>
        <section className={styles.intro} aria-labelledby="fengshui-intro">
          <h2 className={styles.introTitle} id="fengshui-intro">
            什么是风水咨询
          </h2>
          <p>
            请擅长风水的师傅帮您看一看住的、用的空间：现场或线上勘察朝向、户型、采光、通风和动线，结合传统的方位讲究，出具一份写明“哪里调、怎么调”的书面方案。
          </p>
          <p>只给看得见、做得到的布局建议；不推销摆件，也不承诺发财、转运。</p>
        </section>
        <FengshuiScopes />
        <ConsultationList />
        <FengshuiSteps />
        <FengshuiCases />
      </div>
      <div className={styles.contactBar}>
        <p className={styles.contactNote}>拿不准选哪项服务？先和师傅聊聊您的情况。</p>
        <button
          type="button"
          className={styles.contact}
          disabled={master.pending}
          aria-busy={master.pending}
          onClick={() =>
            useDialogs.getState().open('dashi', master.sellid === null ? {} : { sellid: master.sellid })
          }
        >
          联系大师
        </button>
      </div>
    </div>
  );
}

/**
 * The master 联系大师 opens: the one the first 风水 consultation is booked with (its product page names
 * the `sellid`). While that is still loading, `pending`; with no consultation on sale, or when it
 * cannot be read, `sellid` is null and the dialog shows the default master.
 */
function useFengshuiMaster(): { sellid: number | null; pending: boolean } {
  const consultations = useConsultations();
  const first = consultations.data?.list[0]?.id ?? null;
  const consultation = useConsultation(first);
  const pending = consultations.isPending || (first !== null && consultation.isPending);
  const sellid = Number(consultation.data?.sellid ?? Number.NaN);
  return { sellid: Number.isSafeInteger(sellid) && sellid > 0 ? sellid : null, pending };
}
