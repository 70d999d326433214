import { Link, useLocation } from 'react-router';
import { ComingSoon } from '@/components/ComingSoon';
import { PageHeader } from '@/components/PageHeader';
import { isTabPath, paths, titleOf } from '@/config/paths';
import styles from './ComingSoonPage.module.css';

/** What each not-yet-built page will offer, keyed by router path. */
const blurbs: Record<string, { feature: string; description: string }> = {
  [paths.suan.path]: { feature: '八字排盘', description: '输入出生时间，排出四柱、十神、五行与大运流年。' },
  [paths.dingzhi.path]: { feature: '私人定制', description: '会员可按自己的八字定制每日运势。' },
  [paths.ketang.path]: { feature: '在线课堂', description: '易学课程、免费课件与风水讲堂，随时随地学习。' },
  [paths.shop.path]: { feature: '官方商城', description: '精选书籍、课程与文创好物。' },
  [paths.user.path]: { feature: '用户中心', description: '登录后可查看个人资料、我的课程与会员福利。' },
  [paths.article.path]: { feature: '文章', description: '传统文化与易学文章。' },
  [paths.label.path]: { feature: '标签', description: '按标签浏览文章。' },
  [paths.kejian.path]: { feature: '免费课件', description: '可免费阅读的课程讲义。' },
  [paths.courseSearch.path]: { feature: '课程列表', description: '搜索并浏览全部课程。' },
  [paths.courseShow.path]: { feature: '课程详情', description: '课程介绍、目录与老师简介。' },
  [paths.coursePlayer.path]: { feature: '课程播放', description: '观看已购课程的视频。' },
  [paths.fengshui.path]: { feature: '风水医院', description: '风水知识与咨询。' },
  [paths.login.path]: { feature: '用户登录', description: '登录后可同步课程与会员权益。' },
  [paths.profile.path]: { feature: '个人资料', description: '修改头像、昵称等资料。' },
  [paths.setting.path]: { feature: '系统设置', description: '字号、缓存与账号设置。' },
  [paths.myclass.path]: { feature: '我的课程', description: '已购买的课程会列在这里。' },
  [paths.theme.path]: { feature: '主题设置', description: '选择您喜欢的主题颜色。' },
  [paths.fuli.path]: { feature: 'VIP福利', description: '会员专属的五项福利。' },
};

/**
 * Stand-in for every page whose feature has not shipped: the route's header (with a back arrow
 * off the tab bar) and a plain "即将上线" notice. Each feature's issue replaces its route's use of it.
 */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const isTab = isTabPath(pathname);
  const blurb = blurbs[pathname] ?? { feature: titleOf(pathname) ?? '此功能', description: '' };
  return (
    <>
      <PageHeader back={!isTab} />
      <ComingSoon
        feature={blurb.feature}
        description={blurb.description}
        action={
          <Link className={styles.link} to={paths.calendar.path} replace>
            先看看今日黄历
          </Link>
        }
      />
    </>
  );
}
