/**
 * The words media-chrome's controls say, in Chinese: its own zh-CN dictionary
 * (media-chrome/dist/lang/zh-CN.js, which registers itself with `addTranslation`) with our names for
 * the buttons a learner and a test look for — 快退15秒, 快进15秒, 全屏, 退出全屏 — and the language
 * switched to it for every control, since the elements read their labels when they are created.
 * Imported before the elements (media-chrome.ts), so the first control already speaks Chinese.
 */
import { ZhCn } from 'media-chrome/dist/lang/zh-CN.js';
import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';

/** The language of the player's controls. */
export const PLAYER_LANG = 'zh-CN';

addTranslation(PLAYER_LANG, {
  ...ZhCn,
  'seek back {seekOffset} seconds': '快退{seekOffset}秒',
  'seek forward {seekOffset} seconds': '快进{seekOffset}秒',
  'Seek backward': '快退',
  'Seek forward': '快进',
  'enter fullscreen mode': '全屏',
  'exit fullscreen mode': '退出全屏',
  'Enter fullscreen mode': '全屏',
  'Exit fullscreen mode': '退出全屏',
  seek: '播放进度',
  'media loading': '正在加载视频',
});
setLanguage(PLAYER_LANG);
