/**
 * The seed texts of the miji readings: `content` rows of kind `reading` (keys from services/readings.ts).
 * Written for this app in plain modern Chinese with a classical flavour, after common 子平 notions of
 * 《渊海子平》《三命通会》《滴天髓》 teaching — general tendencies, not verdicts.
 *
 * Re-seeding (every start-up) is an upsert that respects editors: each seeded row remembers the hash
 * of the text it was given (`data.seedHash` = md5 of title + '\n' + body). A later seed replaces a row
 * only while its text still has that hash — i.e. nobody edited it — so improved seed texts reach
 * existing installs, and an editor's change is never overwritten. Missing rows are inserted. To hand a
 * row back to the seed, delete it: the next start inserts the seed text afresh.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { content } from '../content/index.ts';
import { READING_KIND, readingKeys } from './readings.ts';

/** One seeded reading. */
export interface ReadingSeed {
  key: string;
  title: string;
  body: string;
}

const DAY_MASTERS: readonly ReadingSeed[] = [
  {
    key: readingKeys.dayMaster('甲'),
    title: '甲木日主',
    body: '甲为阳木，犹如参天大树、栋梁之材。其性正直仁厚，志向高远，重信守义，遇事肯担当、敢开拓，不喜屈居人下。甲木春生最旺，喜庚金修剪以成器，喜丙丁之火泄其秀气；生于秋冬则喜火来温暖、土来培根。为人宜刚中带柔，留意过于耿直、不肯转圜之处。',
  },
  {
    key: readingKeys.dayMaster('乙'),
    title: '乙木日主',
    body: '乙为阴木，犹如花草藤萝，柔韧而善攀附，外和内坚。其人心思细腻，善于变通协调，适应力强，能屈能伸。乙木喜阳光雨露，得丙火照暖则花叶繁茂，得癸水滋润则生机不绝；最怕金重而遭摧折。宜发挥灵活周到之长，亦当留意多虑寡断、随人俯仰。',
  },
  {
    key: readingKeys.dayMaster('丙'),
    title: '丙火日主',
    body: '丙为阳火，犹如太阳普照，光明磊落，热烈奔放。其人性情豪爽，乐于助人，重名誉、讲排场，感染力强。丙火喜壬水相映，水火既济而光辉愈显；又需甲木为薪，方能恒久不息。宜保持开朗进取之本色，亦当戒急躁冲动、虎头蛇尾。',
  },
  {
    key: readingKeys.dayMaster('丁'),
    title: '丁火日主',
    body: '丁为阴火，犹如灯烛星光，外柔内明。其人心思细密，洞察力强，重礼数与情义，于学问、技艺能专注深入。丁火得甲木引燃则光焰绵长，庚金劈甲更能助火；水多则火光摇曳。宜发挥温和坚韧之长，亦当留意多愁善感、心事郁积。',
  },
  {
    key: readingKeys.dayMaster('戊'),
    title: '戊土日主',
    body: '戊为阳土，犹如高山城墙，厚重稳固。其人诚实守信，沉稳包容，有承载之量，可托付大事。戊土喜丙火温暖、癸水润泽，燥湿得中方能生养万物；土过多则壅滞不通。宜发挥稳健可靠之长，亦当留意固执保守、转变迟缓。',
  },
  {
    key: readingKeys.dayMaster('己'),
    title: '己土日主',
    body: '己为阴土，犹如田园沃壤，柔润而能生养。其人性情温厚，心思缜密，谦和多才，善于积累与经营。己土得丙火照暖、癸水滋润则田园丰饶；怕木旺疏土过度，亦怕水多成泥。宜发挥细心体贴、善于理财持家之长，亦当留意思虑过多、疑虑自扰。',
  },
  {
    key: readingKeys.dayMaster('庚'),
    title: '庚金日主',
    body: '庚为阳金，犹如刀剑矿石，刚健果决。其人讲义气、重是非，行事雷厉风行，有魄力与执行力。庚金须丁火锻炼方成利器，得壬水淘洗则锋芒清秀；无火炼则顽钝难用。宜以礼节制其刚，留意好胜争强、言语伤人。',
  },
  {
    key: readingKeys.dayMaster('辛'),
    title: '辛金日主',
    body: '辛为阴金，犹如珠玉首饰，温润清秀。其人自尊心强，重仪表与品位，感觉敏锐，做事精致讲究。辛金喜壬水淘洗而光彩益显，怕丁火熔炼，亦怕厚土埋没。宜发挥细致周密之长，亦当留意清高孤傲、易受伤害。',
  },
  {
    key: readingKeys.dayMaster('壬'),
    title: '壬水日主',
    body: '壬为阳水，犹如江河大海，奔流不息。其人聪明机变，胸怀宽广，喜动不喜静，交游广阔，富于谋略。壬水得戊土为堤则能成就事业，有甲木泄秀则才华外显；无制则易泛滥。宜发挥智谋应变之长，亦当留意随性放任、难以专一。',
  },
  {
    key: readingKeys.dayMaster('癸'),
    title: '癸水日主',
    body: '癸为阴水，犹如雨露泉源，润物无声。其人内敛聪慧，想象丰富，富于直觉与同情心，耐心细致。癸水喜庚辛金生其源头，则源远流长；得丙火照耀，雨露化育万物；怕戊土过重而壅塞。宜发挥灵动细腻之长，亦当留意多思多虑、情绪内耗。',
  },
];

const STRENGTHS: readonly ReadingSeed[] = [
  {
    key: readingKeys.strength('strong'),
    title: '身强',
    body: '日主得令、得地或同党相扶，自身力量充足。身强之人精力旺盛，主见鲜明，能担财官之任。旺者宜泄宜制：多以食伤泄秀、财星耗力、官杀制衡为喜，忌比劫印星再来助旺。行运逢财官食伤之地，往往更能施展抱负；逢比劫重来，宜防刚愎自用、破耗钱财。此为通则，仍须结合格局、调候与岁运综合论断。',
  },
  {
    key: readingKeys.strength('weak'),
    title: '身弱',
    body: '日主失令、少根或异党众多，自身力量偏弱。身弱之人多谨慎细腻，善于借力与合作，但担当财官较为吃力。弱者宜扶宜助：多以印星生身、比劫帮身为喜，忌财多耗身、官杀攻身、食伤泄气太过。行运逢印比之地，常得贵人扶持、事半功倍。身弱并非命差，贵在喜用得力、岁运相扶；若弱极无根，另有从格之论，须专门细看。',
  },
  {
    key: readingKeys.strength('balanced'),
    title: '中和',
    body: '日主扶抑之力大体相当，不偏不倚。子平之学以中和为贵，此等命局适应力强，顺境逆境皆能自持，起伏较为平缓。取用多看调候寒暖燥湿与格局清浊，岁运稍有偏倚即显喜忌。宜顺势而为，守中致和。',
  },
  {
    key: readingKeys.strength('follow-strong'),
    title: '从强',
    body: '满局比劫、印星同气相扶，又无官杀制身，日主旺到极处，不宜再抑，命理上称为从强（从旺）。此等命局的取用与一般身强相反：宜顺其旺势，以比劫、印星为喜，食伤顺势泄秀亦吉；忌官杀逆其锋芒，也忌财星激起群比相争。其人多自信刚毅、主见坚定，专注一事往往能成；亦宜知刚极易折，待人处事多留余地。从格成与不成，还要看原局有无破格之神，岁运逢忌时宜稳守。此为通则，仍须结合岁运细看。',
  },
  {
    key: readingKeys.strength('follow-weak'),
    title: '从弱',
    body: '日主在地支无根，生扶之力又极少，难以自立，命理上称为从弱，即“弃命从势”：不再扶身，而是顺从局中最旺的一方——官杀旺者从杀，财星旺者从财，食伤旺者从儿。此等命局的取用与一般身弱相反，以所从之势为喜，忌印星、比劫来扶身破格。其人多善于顺势借力，随环境应变；运行顺势之地常能有所成，逢扶身之运反觉事多阻滞。从格成与不成，还要看岁运有无引出根气，宜结合大运流年细看。',
  },
];

// 大运 and 流年 by the ten god of their stem: what such a period tends to bring, in the 命书's luck pages.
const LUCK_TEXTS: readonly ReadingSeed[] = [
  [
    '比肩',
    '比肩当值，同辈相助，自主之心增强，宜合作共事、稳步经营。身弱者得帮扶而有力；身强者则防朋友分利、意见相争，钱财往来宜清楚。',
  ],
  [
    '劫财',
    '劫财当值，竞争与开销较多，行事易冲动。宜守成理财，不为人作保、不轻信高回报；身弱者得劫财帮身，亦可借众人之力成事。',
  ],
  [
    '食神',
    '食神当值，心情舒展，才艺与口福兼得，宜学习进修、发展专长、经营兴趣。身强者泄秀为吉；身弱者宜量力而行，勿过于安逸懈怠。',
  ],
  [
    '伤官',
    '伤官当值，才思敏捷，表现欲强，利于技艺、创作与变革。言语宜谨慎，少与上级、长辈正面冲突，守规矩方能发挥所长。',
  ],
  [
    '偏财',
    '偏财当值，机会与流动之财较多，人缘活络，利经商、副业与投资。身强者能担，可积极把握；身弱者宜量力而为，见好就收。',
  ],
  [
    '正财',
    '正财当值，勤劳得财，收入较为稳定，利于置业、理财与家庭。宜脚踏实地、按部就班；身弱者财多身累，注意劳逸结合。',
  ],
  [
    '七杀',
    '七杀当值，压力与挑战并存，事业上常有重任或变动。身强者迎难而上，可以建功立业；身弱者宜稳守，注意身体与安全，遇事多求贵人相助。',
  ],
  [
    '正官',
    '正官当值，名誉与规矩当先，利于升迁、考核与承担责任。宜守法守纪、循正道而行；身弱者责任偏重，宜量力承担。',
  ],
  [
    '偏印',
    '偏印当值，思考深入，利于钻研冷门学问、技术与修养身心。宜防想法多而行动少、心绪孤僻，多与人交流。',
  ],
  [
    '正印',
    '正印当值，多得长辈、贵人照拂，利于学业、证书与文书之事。身弱者得印生身最为有利；身强者则防依赖安逸、进取不足。',
  ],
].map(([god, body]) => ({ key: readingKeys.luck(god), title: `逢${god}`, body }));

// 五行 with the virtue, direction, colour and organs tradition pairs with it.
const ELEMENT_TEXTS: readonly ReadingSeed[] = [
  {
    key: readingKeys.element('木', 'missing'),
    title: '五行缺木',
    body: '八字天干地支不见木。木主仁，主生发、条达与规划，在身应肝胆筋脉。缺木之人或于耐性与长远规划上稍弱，宜多亲近草木，方位可取东方，颜色可取青绿，从事教育、文化、园艺等木性之事亦有裨益。五行之缺是否为忌，终须看日主喜用：若木本为忌神，缺之反显清纯。',
  },
  {
    key: readingKeys.element('火', 'missing'),
    title: '五行缺火',
    body: '八字天干地支不见火。火主礼，主热情、表达与光明，在身应心与血脉。缺火之人或显含蓄内敛、行动稍缓，宜多晒太阳、多与人交流，方位可取南方，颜色可取红紫，从事传媒、能源、餐饮等火性之事亦有裨益。命局寒湿者尤喜火来调候；若火为忌，缺之无妨。',
  },
  {
    key: readingKeys.element('土', 'missing'),
    title: '五行缺土',
    body: '八字天干地支不见土。土主信，主承载、稳定与诚信，在身应脾胃。缺土之人或少些定力与安全感，做事宜求踏实、循序渐进，方位可取中央或本地，颜色可取黄褐，从事建筑、地产、农林等土性之事亦有裨益。是否需补，仍以喜用为准。',
  },
  {
    key: readingKeys.element('金', 'missing'),
    title: '五行缺金',
    body: '八字天干地支不见金。金主义，主决断、规则与收敛，在身应肺与大肠、皮毛。缺金之人或于决断与原则上稍显犹豫，宜培养果断与条理，方位可取西方，颜色可取白与金色，从事金融、法律、机械等金性之事亦有裨益。若金为忌神，缺之反为清吉。',
  },
  {
    key: readingKeys.element('水', 'missing'),
    title: '五行缺水',
    body: '八字天干地支不见水。水主智，主流动、智慧与变通，在身应肾与膀胱。缺水之人或少些圆融变通，宜多阅读思考、亲近江河湖海，方位可取北方，颜色可取黑蓝，从事贸易、物流、传播等水性之事亦有裨益。命局燥热者尤喜水来调候；若水为忌，缺之无妨。',
  },
  {
    key: readingKeys.element('木', 'excess'),
    title: '木气偏旺',
    body: '命中木多成林。木旺之人仁厚进取，富于理想与上进心；过旺则易固执好强、枝节横生。木多宜金来修剪成材，或火来泄秀生辉，忌水再生木、木再助木。起居宜留意肝胆保养与情绪舒展。',
  },
  {
    key: readingKeys.element('火', 'excess'),
    title: '火气偏旺',
    body: '命中火多炎上。火旺之人热情奔放，行动迅速，富于感染力；过旺则易急躁冲动、耗神过度。火多宜水来既济，或土来泄火，忌木再助火。起居宜留意心血管与睡眠，遇事多一分冷静。',
  },
  {
    key: readingKeys.element('土', 'excess'),
    title: '土气偏旺',
    body: '命中土重厚实。土旺之人稳重守信，能担重任；过旺则易迟滞保守、思虑沉重。土多宜木来疏通，或金来泄其秀气，忌火再生土。起居宜留意脾胃调养，做事可多求变化与开拓。',
  },
  {
    key: readingKeys.element('金', 'excess'),
    title: '金气偏旺',
    body: '命中金多刚锐。金旺之人果断讲义，执行力强；过旺则易刚愎自用、言语伤人。金多宜火来锻炼成器，或水来泄其锋芒，忌土再生金。起居宜留意呼吸与皮肤，待人多存柔和。',
  },
  {
    key: readingKeys.element('水', 'excess'),
    title: '水气偏旺',
    body: '命中水多流荡。水旺之人聪敏灵活，善于变通；过旺则易漂泊不定、多思少断。水多宜土来筑堤，或木来疏泄，忌金再生水。起居宜留意肾气与保暖，做事宜定目标、重恒心。',
  },
  {
    key: readingKeys.elementBalanced,
    title: '五行周流',
    body: '八字五行俱全，且无一行过旺，气势流通而少偏枯。此等命局性情较为圆融，应变从容。然五行俱全不等于别无喜忌，喜用仍须以日主强弱与调候寒暖来定。',
  },
];

const TEN_GOD_TEXTS: readonly ReadingSeed[] = [
  {
    key: readingKeys.tenGod('比肩'),
    title: '比肩',
    body: '与日主五行相同、阴阳相同，象征兄弟朋友、同辈伙伴与自我意志。透干之人自尊独立，重义气，不轻易求人。身弱得之可为助力；身强再见则易有竞争分夺，合伙求财宜立规矩、分明账目。',
  },
  {
    key: readingKeys.tenGod('劫财'),
    title: '劫财',
    body: '与日主五行相同、阴阳相异，主竞争、魄力与社交。透干之人敢作敢为，行动力强，交游广阔。身弱时如得援手；身强时易冲动投机、钱财进出较大，宜谨慎合伙与担保。',
  },
  {
    key: readingKeys.tenGod('食神'),
    title: '食神',
    body: '日主所生、阴阳相同，主才艺、口福、温和与享受，古称寿星，能泄秀生财、制伏七杀。透干之人多才多艺，心态平和，人缘良好；过多则易散漫懒怠。女命亦以食伤论子女。',
  },
  {
    key: readingKeys.tenGod('伤官'),
    title: '伤官',
    body: '日主所生、阴阳相异，主聪明才华、创新表达与不拘一格。透干之人思维敏捷，口才出众，个性鲜明；旺而无制则恃才傲物，易与上司、规则相冲。得印星配合则才华有度，伤官生财则可凭技艺致富。',
  },
  {
    key: readingKeys.tenGod('偏财'),
    title: '偏财',
    body: '日主所克、阴阳相同，主流动之财、经营机遇与意外之得，亦主父亲，男命兼主异性缘。透干之人慷慨豪爽，善于交际，理财灵活。身强可任财；身弱财多则有财多身弱之虑，投资宜量力而行。',
  },
  {
    key: readingKeys.tenGod('正财'),
    title: '正财',
    body: '日主所克、阴阳相异，主正当收入、勤俭务实，男命为妻星。透干之人踏实守信，重视家庭与积累。身强能任财而富足；身弱财重则劳碌辛苦，喜比劫、印星相扶。',
  },
  {
    key: readingKeys.tenGod('七杀'),
    title: '七杀',
    body: '克日主、阴阳相同，又称偏官，主权威、魄力、压力与挑战。有食神制杀或印星化杀，则为将帅之才，敢担重任；无制而身弱，则压力较大，宜防是非小人。女命亦以官杀论夫星与异性缘。',
  },
  {
    key: readingKeys.tenGod('正官'),
    title: '正官',
    body: '克日主、阴阳相异，主名誉、地位、规矩与责任，女命为夫星。透干清纯之人端正守礼，循规蹈矩，利于公职与管理。官多或官杀混杂则顾虑重重、束缚较多，喜印星通关化解。',
  },
  {
    key: readingKeys.tenGod('偏印'),
    title: '偏印',
    body: '生日主、阴阳相同，又称枭神，主偏门学问、艺术玄学、直觉与独处。透干之人思维独特，领悟力强；过旺则易孤僻多疑。旧有枭神夺食之说，命中又见食神时，宜以偏财制枭为妙。',
  },
  {
    key: readingKeys.tenGod('正印'),
    title: '正印',
    body: '生日主、阴阳相异，主学业、名声、庇护与长辈贵人，亦主母亲。透干之人仁慈宽厚，好学而重修养。身弱最喜印星生扶；印过多则易依赖、行动迟缓，宜财星适度制衡。',
  },
];

// [name as the engine's shensha.ts emits it, text]
const SHENSHA: readonly (readonly [string, string])[] = [
  [
    '天乙贵人',
    '诸吉神之首。命带天乙，一生多遇贵人提携，处世有人缘，遇难常得援手，可逢凶化吉。所临之柱可看贵人所在：年月多为长辈上司，日时多为伴侣、晚辈或晚年之助。逢冲破、空亡则力量减损。',
  ],
  ['太极贵人', '主聪明好学，喜钻研哲理、宗教与玄学，为人正直，做事有始有终。得之者多福寿，晚景安稳。'],
  ['文昌贵人', '主聪明智慧、文采出众，利读书考试、写作研究。命带文昌者气质文雅，遇事亦能化险为夷。'],
  ['国印贵人', '主掌印信权柄，为人诚实守信、办事公道，利于公职、管理或掌权之任。'],
  ['学堂', '日干长生之位，主学识与悟性，利于读书求学、深造进修。与文昌同见，学业更为出色。'],
  [
    '禄神',
    '日干临官之位，又称建禄。主衣食丰足、自立自强、身体康健。喜生扶而忌冲破，禄逢冲空则须凭己力奋斗。',
  ],
  [
    '羊刃',
    '禄前一位，刚烈之星。主性格刚强、胆识过人、敢作敢当。身弱得之可以帮身；身强又见则易冲动争斗，宜防意外。得官杀制伏，可化为武职威权。',
  ],
  ['金舆', '禄前二位，如乘金车。主富贵安逸、出入有车马之便，为人温和，男命多得贤内助。'],
  ['红艳煞', '主风情、魅力与多情，异性缘佳，富于艺术感。宜以礼自持，感情专一则化为福气。'],
  [
    '驿马',
    '主奔波走动、变迁远行，利出差、外贸、迁居或异地发展。吉神相扶则动中得财得名；逢冲则变动更甚，宜有定向。',
  ],
  [
    '桃花',
    '又名咸池，主人缘、魅力与艺术气质。在年月者多应人缘与婚缘和顺；在日时者异性缘较旺，宜把握分寸，珍惜眼前人。',
  ],
  [
    '华盖',
    '主孤高聪慧，与艺术、宗教、学术有缘，喜独处沉思，多有专精造诣。为人清高，宜多与人交往，免生孤寂。',
  ],
  ['将星', '主权柄、领导与组织才能，有威严，能居人上、统御众人。与吉神同临，其象更显。'],
  ['劫煞', '主突发之破耗、争夺与变故，亦主机智果断。吉神同临可化为谋略魄力；凶神同临宜防破财是非。'],
  ['亡神', '主心机深、谋虑多，亦主遗失与是非。吉则足智多谋、城府深沉；凶则宜防官非损耗，修身慎言为要。'],
  ['灾煞', '古称白虎煞，主意外与血光之忧，出行宜谨慎、多注意安全。与吉神同临，可转为勇猛威武之象。'],
  ['红鸾', '主婚恋喜事，利于姻缘。流年、大运逢红鸾，多有婚嫁添喜之兆。'],
  ['天喜', '主喜庆、生育与好事临门，性情开朗。与红鸾互见，婚恋更为吉庆。'],
  ['孤辰', '主个性独立、喜静，有时易生孤独之感。男命尤忌，婚姻宜晚成，平日多沟通经营。'],
  ['寡宿', '主性情内敛，有时少与人亲近。女命尤忌，婚姻宜多体谅、用心经营，聚少离多时更宜互相扶持。'],
  ['元辰', '又称大耗，主性情易变、多生不如意之事与破耗。宜稳重处事、量入为出，少作冒险之举。'],
  [
    '空亡',
    '所临之柱力量虚浮：吉者减吉，凶者减凶。年月空亡多与祖业、父母缘较薄相关，日时空亡多关乎配偶子女。逢冲逢合可解，亦主对哲学、宗教之兴趣。',
  ],
  ['天德贵人', '主福德深厚、仁慈善良，一生少灾，遇难呈祥。与月德同见，化解之力更强。'],
  ['天德合', '天德之合，与天德同论而力稍轻，主心地善良、多得庇荫。'],
  ['月德贵人', '主品性温和、福寿双全，逢凶化吉，少病少灾，女命尤吉。'],
  ['月德合', '月德之合，亦主吉祥和顺，力量稍次于月德。'],
  ['天医', '主身体康健，与医药养生有缘，利于从事医疗、心理、护理之业。'],
  [
    '魁罡',
    '日柱为庚辰、庚戌、壬辰、戊戌。主聪明果断、刚毅好胜，有领袖气质。身强运旺则发达迅速；逢财官或冲刑，宜谨慎行事。',
  ],
  ['阴差阳错', '主婚姻家庭多误会与周折，或与外家往来较疏。感情上宜多沟通、多包容。'],
  ['十恶大败', '日柱禄入空亡，旧说财帛易散。宜节俭理财、稳健经营，不可贪多冒进。'],
  ['孤鸾煞', '主感情之事多有波折，婚姻宜晚、宜多包容。旧说不必过虑，夫妻和睦重在经营。'],
  ['天赦', '日柱逢之，主逢凶化吉、遇难成祥，一生多得宽恕与转机，为人心地宽厚。'],
];

const SHENSHA_TEXTS: readonly ReadingSeed[] = SHENSHA.map(([name, body]) => ({
  key: readingKeys.shensha(name),
  title: name,
  body,
}));

/**
 * Every seeded reading: 10 day masters, 5 strengths (身强, 身弱, 中和, 从强, 从弱), 11 five-element notes,
 * 10 ten gods, 32 神煞, and 10 luck texts (a 大运 or 流年 by the ten god of its stem, for the 命书).
 */
export const READING_SEED: readonly ReadingSeed[] = [
  ...DAY_MASTERS,
  ...STRENGTHS,
  ...ELEMENT_TEXTS,
  ...TEN_GOD_TEXTS,
  ...SHENSHA_TEXTS,
  ...LUCK_TEXTS,
];

/** md5 (hex) of a row's text, as PostgreSQL's `md5(title || chr(10) || body)` computes it. */
export function seedHash(title: string, body: string): string {
  return createHash('md5').update(`${title}\n${body}`, 'utf8').digest('hex');
}

/**
 * Inserts missing readings and refreshes unedited ones (see the module comment); returns how many rows
 * it wrote — 0 when the database already holds this seed.
 */
export async function seedReadings(db: Db, rows: readonly ReadingSeed[] = READING_SEED): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await db
    .insert(content)
    .values(
      rows.map((row) => ({
        key: row.key,
        kind: READING_KIND,
        title: row.title,
        body: row.body,
        data: { seedHash: seedHash(row.title, row.body) },
      })),
    )
    .onConflictDoUpdate({
      target: content.key,
      set: {
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        data: sql`excluded.data`,
        updatedAt: sql`now()`,
      },
      // Only a reading that still holds the text it was seeded with, and only when the seed changed.
      setWhere: sql`${content.kind} = ${READING_KIND}
        and ${content.data}->>'seedHash' = md5(${content.title} || chr(10) || ${content.body})
        and ${content.data}->>'seedHash' <> excluded.data->>'seedHash'`,
    })
    .returning({ key: content.key });
  return written.length;
}
