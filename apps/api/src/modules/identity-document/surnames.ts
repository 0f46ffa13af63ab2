/**
 * Chinese surnames, for the ID card reader's name vote (parse-id-card-front.ts): a name on a
 * Taiwanese card begins with one, so where the reader is torn at the first character between
 * a surname and a look-alike that is none (許 / 誠, 呂 / 昇, 鄭 / 鄙), the surname is proposed.
 *
 * Source: 百家姓 (the Hundred Family Surnames, a Song-dynasty text in the public domain), in
 * traditional characters, single surnames and the first character of each compound one;
 * then the forms common on Taiwanese registers that the text writes otherwise or lacks
 * (涂 and 凃 beside 塗, 鐘 beside 鍾, 温 beside 溫, 黄 beside 黃, 粘, 官). A prior, not a
 * check: a name whose first character is not listed is read as before.
 */
const HUNDRED_FAMILY_SURNAMES =
  '趙錢孫李周吳鄭王馮陳褚衛蔣沈韓楊朱秦尤許何呂施張孔曹嚴華金魏陶姜戚謝鄒喻柏水竇章雲蘇潘葛奚范彭郎' +
  '魯韋昌馬苗鳳花方俞任袁柳酆鮑史唐費廉岑薛雷賀倪湯滕殷羅畢郝鄔安常樂于時傅皮卞齊康伍余元卜顧孟平黃' +
  '和穆蕭尹姚邵湛汪祁毛禹狄米貝明臧計伏成戴談宋茅龐熊紀舒屈項祝董梁杜阮藍閔席季麻強賈路婁危江童顏郭' +
  '梅盛林刁鍾徐邱駱高夏蔡田樊胡凌霍虞萬支柯昝管盧莫經房裘繆干解應宗丁宣賁鄧郁單杭洪包諸左石崔吉鈕龔' +
  '程嵇邢滑裴陸榮翁荀羊於惠甄麴家封芮羿儲靳汲邴糜松井段富巫烏焦巴弓牧隗山谷車侯宓蓬全郗班仰秋仲伊宮' +
  '甯仇欒暴甘鈄厲戎祖武符劉景詹束龍葉幸司韶郜黎薊薄印宿白懷蒲邰從鄂索咸籍賴卓藺屠蒙池喬陰鬱胥能蒼雙' +
  '聞莘黨翟譚貢勞逄姬申扶堵冉宰酈雍郤璩桑桂濮牛壽通邊扈燕冀郟浦尚農溫別莊晏柴瞿閻充慕連茹習宦艾魚容' +
  '向古易慎戈廖庾終暨居衡步都耿滿弘匡國文寇廣祿闕東歐殳沃利蔚越夔隆師鞏厙聶晁勾敖融冷訾辛闞那簡饒空' +
  '曾毋沙乜養鞠須豐巢關蒯相查後荊紅游竺權逯蓋益桓公' +
  // The compound surnames' first characters, then the single ones of the text's last lines.
  '萬司上歐夏諸聞東赫皇尉公澹宗濮淳單太申仲軒令鍾宇長慕鮮閭亓仉子顓端巫漆樂壤拓夾宰穀段百南呼歸羊微梁左西' +
  '晉楚閆法汝鄢塗欽岳帥緱亢況郈有琴商牟佘佴伯賞墨哈譙笪年愛陽佟第言福';

const TAIWAN_REGISTER_FORMS = '涂凃鐘温黄粘官';

const SURNAME_CHARS: ReadonlySet<string> = new Set([...HUNDRED_FAMILY_SURNAMES, ...TAIWAN_REGISTER_FORMS]);

/** Whether a name may begin with this character (a surname, or a compound surname's first character). */
export function isSurnameStart(char: string): boolean {
  return SURNAME_CHARS.has(char);
}
