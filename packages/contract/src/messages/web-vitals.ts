/** What the vitals beacon route answers when it refuses a report (decision 0158). */
export const VITALS_REPORT_INVALID = '效能紀錄格式不正確，未記錄';
export const VITALS_REPORT_TOO_LARGE = '效能紀錄過大，未記錄';
export const VITALS_REPORTS_THROTTLED = '效能紀錄送出過於頻繁，請稍後再試';

// The back office's dashboard card (operators).
export const VITALS_CARD_TITLE = '真實使用者效能（近 7 日，每日各頁 p75）';
export const VITALS_CARD_EMPTY = '近 7 日沒有效能紀錄';
export const VITALS_COLUMN_DAY = '日期';
export const VITALS_COLUMN_PAGE = '頁面';
export const VITALS_CARD_NOTE =
  '依 web-vitals 於使用者裝置上量測、抽樣回報（正式環境預設 10% 工作階段）；數值為第 75 百分位，括號內為樣本數。LCP、INP、TTFB 單位為毫秒，CLS 無單位。綠色為良好，橘色需改善，紅色為不佳。';
