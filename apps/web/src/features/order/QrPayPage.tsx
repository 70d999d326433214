import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { toast } from '@/lib/feedback';
import { formatFen } from '@/lib/money';
import { useNavigation } from '@/lib/navigation';
import { useOrder } from './api/get-order';
import { minutesSeconds } from './beijing-time';
import common from './order.module.css';
import { PayLinkFrame } from './PayLinkFrame';
import styles from './QrPayPage.module.css';
import { useDeadline } from './useDeadline';

/** WeChat Native's payment links; anything else is not drawn. */
const CODE_URL = /^weixin:\/\/wxpay\/bizpayurl\?pr=[\w-]+$/;

/**
 * pages/shop/qrpay (微信扫码支付), `?orderNo=&url=`: on a desktop, WeChat Pay's Native `code_url` drawn
 * as a QR code for the buyer's phone to scan, the amount and the time left. The order is asked again
 * every few seconds; once WeChat's callback has paid it, the buyer is taken to the order page.
 */
export default function QrPayPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  const url = params.get('url')?.trim() ?? '';
  return (
    <PayLinkFrame complete={Boolean(orderNo && CODE_URL.test(url))}>
      <QrPay orderNo={orderNo} url={url} />
    </PayLinkFrame>
  );
}

function QrPay({ orderNo, url }: { orderNo: string; url: string }) {
  const order = useOrder(orderNo, { watch: true });
  const navigation = useNavigation();
  const [picture, setPicture] = useState<string | null>(null);
  const status = order.data?.status;
  const left = useDeadline(order.data?.payDeadline ?? '', status === 'pending');

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then((data) => {
      if (live) setPicture(data);
    });
    return () => {
      live = false;
    };
  }, [url]);

  useEffect(() => {
    if (!status || status === 'pending') return;
    if (status !== 'cancelled') toast('支付成功', 'success');
    navigation.redirect(paths.order.getHref({ orderNo }));
  }, [status, orderNo, navigation]);

  if (!order.data) return <Skeleton lines={4} label="正在加载订单" />;
  return (
    <section className={styles.box} aria-label="微信扫码支付">
      <p className={styles.amount}>{formatFen(order.data.total)}</p>
      {picture ? (
        <img
          className={styles.code}
          src={picture}
          width={240}
          height={240}
          alt="微信支付二维码"
          data-code-url={url}
        />
      ) : (
        <div className={styles.code} />
      )}
      <p className={styles.hint}>请用手机微信「扫一扫」扫描二维码完成支付</p>
      <p className={common.muted}>
        {left > 0
          ? `请在 ${minutesSeconds(left)} 内支付，支付后本页会自动跳转`
          : '支付时间已到，请回到订单查看'}
      </p>
      <p className={common.muted}>订单号 {orderNo}</p>
    </section>
  );
}
