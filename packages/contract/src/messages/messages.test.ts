import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_FILES, allMessages } from './message-catalogue.ts';

const SPEC = readFileSync(new URL('../../../../docs/SPEC.md', import.meta.url), 'utf8');

/**
 * The only Simplified → Traditional changes allowed: SPEC.md says interface text is
 * Traditional Chinese, and gives a few texts in Simplified characters.
 */
const SIMPLIFIED_TO_TRADITIONAL: Readonly<Record<string, string>> = {
  细: '細',
  图: '圖',
  过: '過',
  请: '請',
  传: '傳',
  须: '須',
  数: '數',
  组: '組',
  类: '類',
  据: '據',
  开: '開',
  拦: '攔',
};

/**
 * SPEC.md texts with a wrong character, shown as users read them: 復製 (restore) for
 * 複製 (copy). The product owner confirmed it (the copy toast).
 */
const WRONG_CHARACTER_IN_SPEC: Readonly<Record<string, string>> = { 已復製: '已複製' };

function toTraditional(text: string): string {
  const corrected = WRONG_CHARACTER_IN_SPEC[text] ?? text;
  return [...corrected].map((c) => SIMPLIFIED_TO_TRADITIONAL[c] ?? c).join('');
}

/** constant name → the text exactly as SPEC.md writes it. */
const messages = allMessages() as Record<string, unknown> & { ONBOARDING_STEPS: readonly string[]; fieldInvalid(field: string): string };

const FROM_SPEC: ReadonlyArray<readonly [string, string]> = [
  ['TAB_LOANS', '貸款'],
  ['TAB_ORDERS', '訂單'],
  ['TAB_ME', '我的'],
  ['TAB_APTITUDE', '資質'],
  ['STEP_PERSONAL', '個人明细'],
  ['STEP_CONTACTS', '聯絡人'],
  ['STEP_ID_CARD', '身分證'],
  ['STEP_BANK_CARD', '銀行卡'],
  ['STEP_FACE', '識別後領款'],
  ['TOAST_COPIED', '已復製'],
  ['QUIT_POPUP_CONTENT', '還差一點就可以申請貸款了 您確定要退出認證嗎？'],
  ['QUIT_POPUP_CONTINUE', '繼續認證'],
  ['QUIT_POPUP_LEAVE', '放棄並退出'],
  ['SLOW_NETWORK_TEXT', '當前網絡較差，請耐心等候'],
  ['UPLOAD_TOO_LARGE', '图片过大，请重新上传'],
  ['UPLOAD_FILES_NOT_ARRAY', 'files 必须是数组类型'],
  ['UPLOAD_MISSING_URL', '文件上传缺失数据url'],
  ['REQUEST_INTERCEPTOR_REJECTED', '请求开始拦截器未通过'],
  ['HTTP_STATUS_PREFIX', 'http狀態碼'],
  ['DATA_INVALID', '數據驗證不通過'],
  ['MODAL_WARM_TITLE', '溫馨提示'],
  ['MODAL_CONFIRM', '確認'],
  ['DATA_ERROR_RELOGIN', '數據異常，請重新登陸'],
  ['ACCESS_FAILED', '訪問失敗，請嘗試使用谷歌瀏覽器打開'],
  ['COPY_ADDRESS', '複製網址'],
  ['REQUEST_MISSING_URL', '【request】缺失數據url'],
  ['TIMEOUT_TITLE', '網絡請求超時'],
  ['TIMEOUT_CONTENT', '請檢查網絡環境後重試'],
  ['MODAL_FRIENDLY_TITLE', '友情提示'],
];

describe('the message files match SPEC.md', () => {
  it.each(FROM_SPEC)('%s is SPEC.md\'s "%s" (in Traditional characters)', (name, specText) => {
    expect(SPEC).toContain(specText);
    expect(messages[name]).toBe(toTraditional(specText));
  });

  it('lists the tabs and the five onboarding steps in SPEC.md order', () => {
    expect(messages.ONBOARDING_STEPS).toEqual(['個人明細', '聯絡人', '身分證', '銀行卡', '識別後領款']);
    const tabs = SPEC.indexOf('Tab pages, in order');
    const order = ['(貸款)', '(訂單)', '(我的)', '(資質)'].map((t) => SPEC.indexOf(t, tabs));
    expect(order.every((pos, i) => pos > (order[i - 1] ?? tabs))).toBe(true);
  });

  it('leaves no Simplified character in any message', () => {
    const simplified = Object.keys(SIMPLIFIED_TO_TRADITIONAL);
    for (const value of Object.values(messages)) {
      if (typeof value !== 'string') continue;
      for (const c of simplified) expect(value).not.toContain(c);
    }
  });

  it('names the field in a schema error', () => {
    expect(messages.fieldInvalid('configKey')).toContain('configKey');
  });

  it('defines each name in one file only', () => {
    const seen = new Map<string, string>();
    for (const [file, exports] of Object.entries(MESSAGE_FILES)) {
      for (const name of Object.keys(exports)) {
        expect(seen.get(name), `${name} is in ${seen.get(name)} and ${file}`).toBeUndefined();
        seen.set(name, file);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });
});
