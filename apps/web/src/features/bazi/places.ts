/**
 * Birthplaces for true solar time: every province-level division of China with its capital and main
 * prefecture cities, plus Hong Kong, Macau and Taiwan. Each city gives the longitude (°E) of its
 * centre and the time zone its clocks keep.
 *
 * Source: city-centre coordinates as listed by GeoNames (geonames.org, `cities15000`, CC BY 4.0) and
 * the coordinates on each city's Chinese Wikipedia page, rounded to 0.1°. 0.1° of longitude is 24 s of
 * solar time, well inside a 时辰's margin; a reader born far from the centre of a large prefecture can
 * still be off by a few minutes, which the chart's boundary warning covers.
 *
 * Time zones: all of mainland China keeps Beijing time (Asia/Shanghai, with the 1986–1991 DST) —
 * Xinjiang and Tibet included, since birth records there use the official clock; the engine's
 * Asia/Urumqi zone is for readers who know their clock was 新疆时间. Hong Kong, Macau and Taiwan keep
 * their own zones (tzdb Asia/Hong_Kong, Asia/Macau, Asia/Taipei), each with its own DST history; the
 * table of those zones is the shared profile store's (src/stores/profiles.ts), which 择日 reads too.
 */
import { PROVINCE_ZONES } from '@/stores/profiles';

/** A city: its name, centre longitude (°E) and the IANA zone of its clocks. */
export interface City {
  name: string;
  lng: number;
  tz: string;
}

/** A province-level division and its cities, the capital first. */
export interface Province {
  name: string;
  cities: readonly City[];
}

const BJT = 'Asia/Shanghai';

/** Builds a province whose cities all keep `tz`, from [name, longitude] pairs. */
function province(name: string, cities: readonly (readonly [string, number])[], tz = BJT): Province {
  return { name, cities: cities.map(([city, lng]) => ({ name: city, lng, tz })) };
}

/** Province → cities, in the usual order of China's administrative listings (华北, 东北, 华东 …). */
export const PROVINCES: readonly Province[] = [
  province('北京', [['北京', 116.4]]),
  province('天津', [['天津', 117.2]]),
  province('河北', [
    ['石家庄', 114.5],
    ['唐山', 118.2],
    ['秦皇岛', 119.6],
    ['邯郸', 114.5],
    ['邢台', 114.5],
    ['保定', 115.5],
    ['张家口', 114.9],
    ['承德', 117.9],
    ['沧州', 116.8],
    ['廊坊', 116.7],
    ['衡水', 115.7],
  ]),
  province('山西', [
    ['太原', 112.5],
    ['大同', 113.3],
    ['阳泉', 113.6],
    ['长治', 113.1],
    ['晋中', 112.8],
    ['临汾', 111.5],
    ['运城', 111.0],
  ]),
  province('内蒙古', [
    ['呼和浩特', 111.7],
    ['包头', 110.0],
    ['赤峰', 118.9],
    ['通辽', 122.3],
    ['鄂尔多斯', 110.0],
    ['呼伦贝尔', 119.8],
  ]),
  province('辽宁', [
    ['沈阳', 123.4],
    ['大连', 121.6],
    ['鞍山', 123.0],
    ['抚顺', 123.9],
    ['丹东', 124.4],
    ['锦州', 121.1],
    ['营口', 122.2],
  ]),
  province('吉林', [
    ['长春', 125.3],
    ['吉林', 126.6],
    ['四平', 124.4],
    ['延吉', 129.5],
  ]),
  province('黑龙江', [
    ['哈尔滨', 126.6],
    ['齐齐哈尔', 124.0],
    ['牡丹江', 129.6],
    ['佳木斯', 130.4],
    ['大庆', 125.1],
  ]),
  province('上海', [['上海', 121.5]]),
  province('江苏', [
    ['南京', 118.8],
    ['无锡', 120.3],
    ['徐州', 117.2],
    ['常州', 120.0],
    ['苏州', 120.6],
    ['南通', 120.9],
    ['连云港', 119.2],
    ['淮安', 119.0],
    ['盐城', 120.2],
    ['扬州', 119.4],
    ['镇江', 119.4],
    ['泰州', 119.9],
  ]),
  province('浙江', [
    ['杭州', 120.2],
    ['宁波', 121.6],
    ['温州', 120.7],
    ['嘉兴', 120.8],
    ['湖州', 120.1],
    ['绍兴', 120.6],
    ['金华', 119.6],
    ['衢州', 118.9],
    ['舟山', 122.2],
    ['台州', 121.4],
    ['丽水', 119.9],
  ]),
  province('安徽', [
    ['合肥', 117.2],
    ['芜湖', 118.4],
    ['蚌埠', 117.4],
    ['淮南', 117.0],
    ['马鞍山', 118.5],
    ['安庆', 117.1],
    ['黄山', 118.3],
    ['阜阳', 115.8],
    ['六安', 116.5],
  ]),
  province('福建', [
    ['福州', 119.3],
    ['厦门', 118.1],
    ['莆田', 119.0],
    ['三明', 117.6],
    ['泉州', 118.6],
    ['漳州', 117.6],
    ['南平', 118.2],
    ['龙岩', 117.0],
    ['宁德', 119.5],
  ]),
  province('江西', [
    ['南昌', 115.9],
    ['景德镇', 117.2],
    ['萍乡', 113.9],
    ['九江', 116.0],
    ['赣州', 114.9],
    ['吉安', 115.0],
    ['宜春', 114.4],
    ['上饶', 117.9],
  ]),
  province('山东', [
    ['济南', 117.0],
    ['青岛', 120.4],
    ['淄博', 118.1],
    ['枣庄', 117.3],
    ['东营', 118.7],
    ['烟台', 121.4],
    ['潍坊', 119.2],
    ['济宁', 116.6],
    ['泰安', 117.1],
    ['威海', 122.1],
    ['日照', 119.5],
    ['临沂', 118.4],
    ['德州', 116.4],
    ['聊城', 116.0],
    ['菏泽', 115.5],
  ]),
  province('河南', [
    ['郑州', 113.6],
    ['开封', 114.3],
    ['洛阳', 112.5],
    ['平顶山', 113.2],
    ['安阳', 114.4],
    ['新乡', 113.9],
    ['许昌', 113.8],
    ['南阳', 112.5],
    ['商丘', 115.7],
    ['信阳', 114.1],
    ['周口', 114.7],
    ['驻马店', 114.0],
  ]),
  province('湖北', [
    ['武汉', 114.3],
    ['十堰', 110.8],
    ['宜昌', 111.3],
    ['襄阳', 112.1],
    ['荆州', 112.2],
    ['孝感', 113.9],
    ['黄冈', 114.9],
    ['恩施', 109.5],
  ]),
  province('湖南', [
    ['长沙', 112.9],
    ['株洲', 113.1],
    ['湘潭', 112.9],
    ['衡阳', 112.6],
    ['邵阳', 111.5],
    ['岳阳', 113.1],
    ['常德', 111.7],
    ['张家界', 110.5],
    ['益阳', 112.4],
    ['郴州', 113.0],
    ['永州', 111.6],
    ['怀化', 110.0],
    ['娄底', 112.0],
  ]),
  province('广东', [
    ['广州', 113.3],
    ['深圳', 114.1],
    ['珠海', 113.6],
    ['汕头', 116.7],
    ['佛山', 113.1],
    ['韶关', 113.6],
    ['湛江', 110.4],
    ['肇庆', 112.5],
    ['江门', 113.1],
    ['茂名', 110.9],
    ['惠州', 114.4],
    ['梅州', 116.1],
    ['阳江', 112.0],
    ['清远', 113.1],
    ['东莞', 113.8],
    ['中山', 113.4],
    ['潮州', 116.6],
    ['揭阳', 116.4],
  ]),
  province('广西', [
    ['南宁', 108.4],
    ['柳州', 109.4],
    ['桂林', 110.3],
    ['梧州', 111.3],
    ['北海', 109.1],
    ['钦州', 108.6],
    ['玉林', 110.2],
    ['百色', 106.6],
  ]),
  province('海南', [
    ['海口', 110.3],
    ['三亚', 109.5],
    ['儋州', 109.6],
  ]),
  province('重庆', [
    ['重庆', 106.6],
    ['万州', 108.4],
  ]),
  province('四川', [
    ['成都', 104.1],
    ['自贡', 104.8],
    ['攀枝花', 101.7],
    ['泸州', 105.4],
    ['德阳', 104.4],
    ['绵阳', 104.7],
    ['广元', 105.8],
    ['遂宁', 105.6],
    ['内江', 105.1],
    ['乐山', 103.8],
    ['南充', 106.1],
    ['眉山', 103.8],
    ['宜宾', 104.6],
    ['达州', 107.5],
    ['雅安', 103.0],
    ['西昌', 102.3],
  ]),
  province('贵州', [
    ['贵阳', 106.6],
    ['六盘水', 104.8],
    ['遵义', 106.9],
    ['安顺', 105.9],
    ['毕节', 105.3],
    ['铜仁', 109.2],
    ['凯里', 108.0],
    ['都匀', 107.5],
  ]),
  province('云南', [
    ['昆明', 102.8],
    ['曲靖', 103.8],
    ['玉溪', 102.5],
    ['保山', 99.2],
    ['昭通', 103.7],
    ['丽江', 100.2],
    ['普洱', 101.0],
    ['大理', 100.2],
    ['蒙自', 103.4],
    ['景洪', 100.8],
  ]),
  province('西藏', [
    ['拉萨', 91.1],
    ['日喀则', 88.9],
    ['昌都', 97.2],
    ['林芝', 94.4],
  ]),
  province('陕西', [
    ['西安', 108.9],
    ['宝鸡', 107.2],
    ['咸阳', 108.7],
    ['渭南', 109.5],
    ['延安', 109.5],
    ['汉中', 107.0],
    ['榆林', 109.7],
    ['安康', 109.0],
  ]),
  province('甘肃', [
    ['兰州', 103.8],
    ['白银', 104.1],
    ['天水', 105.7],
    ['武威', 102.6],
    ['张掖', 100.5],
    ['平凉', 106.7],
    ['酒泉', 98.5],
    ['庆阳', 107.6],
  ]),
  province('青海', [
    ['西宁', 101.8],
    ['海东', 102.1],
    ['格尔木', 94.9],
  ]),
  province('宁夏', [
    ['银川', 106.2],
    ['石嘴山', 106.4],
    ['吴忠', 106.2],
    ['固原', 106.2],
  ]),
  province('新疆', [
    ['乌鲁木齐', 87.6],
    ['克拉玛依', 84.9],
    ['吐鲁番', 89.2],
    ['哈密', 93.5],
    ['石河子', 86.0],
    ['库尔勒', 86.2],
    ['阿克苏', 80.3],
    ['喀什', 76.0],
    ['伊宁', 81.3],
  ]),
  province('香港', [['香港', 114.2]], PROVINCE_ZONES.香港),
  province('澳门', [['澳门', 113.5]], PROVINCE_ZONES.澳门),
  province(
    '台湾',
    [
      ['台北', 121.6],
      ['新北', 121.5],
      ['桃园', 121.3],
      ['台中', 120.7],
      ['台南', 120.2],
      ['高雄', 120.3],
      ['新竹', 121.0],
    ],
    PROVINCE_ZONES.台湾,
  ),
];

/** The city `city` of province `province`, or undefined when either is unknown. */
export function findCity(province: string | undefined, city: string | undefined): City | undefined {
  if (!province || !city) return undefined;
  return PROVINCES.find((p) => p.name === province)?.cities.find((c) => c.name === city);
}
