import type { Db } from './client.ts';
import { faqItems } from './schema/questions.ts';

/**
 * The first FAQ, written for this product's actual terms (docs/product.md): APR cap 16%,
 * full principal paid out, explicit extensions. Operators edit rows later; the seed
 * never overwrites an edited row.
 */
const GROUPS: Array<{ group: string; items: Array<{ id: string; question: string; answer: string }> }> = [
  {
    group: '申請資格',
    items: [
      {
        id: 'eligibility-who',
        question: '誰可以申請小額貸款？',
        answer:
          '年滿 20 歲、持有中華民國國民身分證或居留證、本人名下有台灣的手機號碼與銀行帳戶即可申請。申請時需完成個人資料、緊急聯絡人、身分證、銀行帳戶與本人臉部辨識五個步驟。',
      },
      {
        id: 'eligibility-documents',
        question: '申請需要準備哪些資料？',
        answer:
          '身分證正反面照片、本人的銀行帳戶資料（存摺封面照片可選擇提供）、兩位緊急聯絡人的姓名與手機號碼。我們不會要求提款卡、存摺正本、網路銀行密碼或銀行簡訊驗證碼，任何人以本公司名義索取都是詐騙。',
      },
      {
        id: 'eligibility-review',
        question: '審核需要多久？沒通過會知道原因嗎？',
        answer:
          '資料齊全後通常於一個工作天內完成審核。審核依明確的規則進行（例如年齡、身分證號碼檢核、是否有逾期訂單、申請金額是否在您的額度內），結果會顯示在訂單頁。',
      },
    ],
  },
  {
    group: '費用與利率',
    items: [
      {
        id: 'cost-apr',
        question: '利息和費用怎麼計算？最高是多少？',
        answer:
          '簽約前的試算會列出本金、實際撥款金額、利息、每一筆費用、每期應還金額與日期，以及總費用年百分率。所有產品的總費用年百分率（含一切費用）都不超過 16%，超過上限的方案系統無法建立。',
      },
      {
        id: 'cost-no-deduction',
        question: '撥款時會先扣手續費或利息嗎？',
        answer:
          '不會。核准多少就撥多少，借款本金全額匯入您的帳戶，不預扣開辦費、手續費或利息（民法第 206 條禁止預扣利息）。如有費用，會事先揭露並於還款時支付，且已計入總費用年百分率。',
      },
      {
        id: 'cost-early-repay',
        question: '提前還款要付違約金嗎？',
        answer: '不需要。提前還清時，利息只計算到還款當日，不另收提前清償違約金。',
      },
    ],
  },
  {
    group: '還款與展期',
    items: [
      {
        id: 'repay-how',
        question: '可以用哪些方式還款？',
        answer:
          '可在訂單頁選擇超商代碼繳費或 ATM 轉帳至專屬虛擬帳號，頁面會顯示繳費代碼或帳號與期限，並提供複製按鈕；也可以人工匯款後上傳收據照片與轉出帳號末五碼。',
      },
      {
        id: 'repay-extension',
        question: '到期還不出來，可以展期嗎？',
        answer:
          '單筆到期還款的貸款可以申請展期：支付到目前為止的利息加上事先揭露的展期費用後，到期日延後 30 天，最多可展期 2 次。展期一定由您主動選擇，試算會顯示新的到期日與含展期的總費用年百分率，且不超過 16%。',
      },
      {
        id: 'repay-overdue',
        question: '逾期會怎麼樣？會聯絡我的緊急聯絡人嗎？',
        answer:
          '逾期後按日計收不超過契約利率的逾期利息，總費用仍不超過法定上限。提醒只會在每日 07:00 至 22:00 傳送給您本人；緊急聯絡人僅在無法聯繫您時確認聯絡方式，絕不用於催收。',
      },
    ],
  },
  {
    group: '帳號與隱私',
    items: [
      {
        id: 'account-data',
        question: '你們會讀取我的通訊錄或手機上的應用程式嗎？',
        answer: '不會，網頁也無法讀取。緊急聯絡人由您親自輸入；您在「我的」頁可隨時查看我們保存的所有個人資料類別。',
      },
      {
        id: 'account-delete',
        question: '如何註銷帳號？資料會被刪除嗎？',
        answer:
          '在「我的」頁選擇「註銷帳號」並輸入簡訊驗證碼即可。若仍有未結清的訂單，需結清後才能註銷。註銷後我們會刪除您的個人資料與上傳的照片；依法須保存的借款紀錄會去識別化保存。之後同一手機號碼可重新註冊為新帳號。',
      },
      {
        id: 'account-password',
        question: '忘記密碼怎麼辦？',
        answer:
          '您隨時可以用手機簡訊驗證碼登入，再到「我的」頁用驗證碼重新設定密碼。密碼連續輸入錯誤 10 次會暫停密碼登入一小時，期間仍可使用驗證碼登入。',
      },
    ],
  },
];

export async function seedFaq(db: Db): Promise<void> {
  const rows = GROUPS.flatMap((group, groupOrder) =>
    group.items.map((item, sortOrder) => ({ ...item, groupName: group.group, groupOrder, sortOrder })),
  );
  await db.insert(faqItems).values(rows).onConflictDoNothing({ target: faqItems.id });
}
