import { formatTaipeiDateTime } from '../../../domain/taipei-time.ts';
import type { ContractSigning, ContractTemplate, ContractTerms } from '../contract-terms.ts';
import { amount, bankAndBranch, chineseNumber, date, esc, GAP, ntd, percent, plainPercent } from './contract-format.ts';

/**
 * 借款契約, version v1. A signed contract keeps its own HTML, so this text may change
 * only as a new version (v2 beside it); the version is stored with every signature.
 *
 * The markup uses a small vocabulary (h1, h2, p, ol/li, table rows, img) that
 * render-contract-pdf.ts turns into the PDF, so the download shows the signed text.
 * Styles are inline and scoped to `.loan-contract` (the page may be inserted into the
 * app's own document); nothing is loaded from elsewhere.
 */

const VERSION = 'v1';

const STYLE = `
.loan-contract{font-family:-apple-system,"PingFang TC","Noto Sans TC","Noto Sans CJK TC","Microsoft JhengHei",sans-serif;color:#1f2329;background:#fff;font-size:15px;line-height:1.75;max-width:720px;margin:0 auto;padding:16px;overflow-wrap:anywhere}
.loan-contract h1{font-size:22px;text-align:center;margin:8px 0 4px}
.loan-contract h2{font-size:16px;margin:22px 0 6px;padding-left:8px;border-left:4px solid #1677ff}
.loan-contract p{margin:6px 0}
.loan-contract ol{margin:6px 0;padding-left:1.5em}
.loan-contract li{margin:3px 0}
.loan-contract .meta{text-align:center;color:#646a73;font-size:13px}
.loan-contract .notice{background:#fff7e6;border:1px solid #ffd591;border-radius:6px;padding:8px 10px}
.loan-contract .small{font-size:13px;color:#646a73}
.loan-contract .table{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:8px 0}
.loan-contract table{border-collapse:collapse;width:100%;font-size:13px;font-variant-numeric:tabular-nums}
.loan-contract th,.loan-contract td{border:1px solid #dcdee0;padding:4px 5px;text-align:right;white-space:nowrap}
.loan-contract thead th,.loan-contract tfoot th{background:#f5f6f7;text-align:center}
.loan-contract td:first-child{text-align:center}
.loan-contract table.facts th{background:#f5f6f7;text-align:left;width:42%}
.loan-contract table.facts td{text-align:left;white-space:normal}
.loan-contract .signature img{display:block;max-width:100%;max-height:140px;height:auto;border-bottom:1px solid #1f2329}
`;

const p = (html: string, className?: string) => `<p${className ? ` class="${className}"` : ''}>${html}</p>`;
const ol = (items: readonly string[]) => `<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>`;

function factsTable(t: ContractTerms): string {
  const unit = t.method === 'singleRepayment' ? '日' : '個月';
  const feeTotal = t.fees.reduce((sum, fee) => sum + fee.amount, 0);
  const rows: Array<[string, string]> = [
    ['借款金額', ntd(t.principal)],
    ['實際撥款金額', `${ntd(t.principal)}（不預扣任何費用）`],
    ['借款期間', `${esc(t.term)} ${unit}`],
    ['借款用途', esc(t.purpose)],
    ['還款方式', t.method === 'singleRepayment' ? '到期一次清償本息' : `按月等額本息攤還，共 ${esc(t.term)} 期`],
    ['約定年利率', percent(t.annualRatePercent)],
    ['利息合計', ntd(t.interest)],
    ['費用合計', ntd(feeTotal)],
    ['應還總額', ntd(t.totalRepayment)],
    ['總費用年百分率', percent(t.aprPercent)],
  ];
  return `<div class="table"><table class="facts"><tbody>${rows
    .map(([label, value]) => `<tr><th>${label}</th><td>${value}</td></tr>`)
    .join('')}</tbody></table></div>`;
}

function scheduleTable(t: ContractTerms): string {
  const head = '<tr><th>期數</th><th>應還日</th><th>本金</th><th>利息</th><th>費用</th><th>應還金額</th></tr>';
  const rows = t.instalments
    .map(
      (row) =>
        `<tr><td>${esc(row.number)}</td><td>${date(row.dueDate)}</td><td>${amount(row.principal)}</td><td>${amount(row.interest)}</td><td>${amount(row.fee)}</td><td>${amount(row.total)}</td></tr>`,
    )
    .join('');
  const sum = (pick: (row: ContractTerms['instalments'][number]) => number) => amount(t.instalments.reduce((s, row) => s + pick(row), 0));
  const foot = `<tr><th>合計</th><th></th><th>${sum((r) => r.principal)}</th><th>${sum((r) => r.interest)}</th><th>${sum((r) => r.fee)}</th><th>${sum((r) => r.total)}</th></tr>`;
  return `<div class="table"><table class="schedule"><thead>${head}</thead><tbody>${rows}</tbody><tfoot>${foot}</tfoot></table></div>`;
}

/** The articles in order; numbered when rendered (the extension article exists for some products only). */
function articles(t: ContractTerms): Array<{ title: string; body: string }> {
  const single = t.method === 'singleRepayment';
  const rate = percent(t.annualRatePercent);
  const account = `${bankAndBranch(t.account.bankName, t.account.branchName)}，戶名 ${esc(t.account.holderName)}，帳號 ${esc(t.account.maskedNumber)}`;
  const feeItems = t.fees.map((fee) => `${esc(fee.name)}：${ntd(fee.amount)}`);
  const list: Array<{ title: string; body: string }> = [
    {
      title: '借款金額及撥款',
      body:
        p(
          `借款金額為${ntd(t.principal)}（產品：${esc(t.productName)}）。本契約生效後，貸與人將借款金額全數撥入借款人指定之帳戶：${account}。`,
        ) + p('貸與人於撥款時不預扣任何利息、手續費或其他費用（民法第二百零六條），借款人實際收到之金額即為借款金額。'),
    },
    {
      title: '借款期間及還款方式',
      body: single
        ? p(`借款期間為 ${esc(t.term)} 日，自撥款日起算；借款人應於到期日一次清償本金、利息及第三條所列費用。`)
        : p(
            `借款期間為 ${esc(t.term)} 個月，自撥款日起算；借款人應按月以等額本息方式攤還，共 ${esc(t.term)} 期，每期應還金額如第五條還款計畫表。`,
          ),
    },
    {
      title: '利率及費用',
      body:
        p(
          single
            ? `約定利率為年利率 ${rate}，按日計息：以未清償本金乘以年利率，再乘以實際借款日數除以三百六十五。`
            : `約定利率為年利率 ${rate}，每月利率為年利率除以十二，按未清償本金逐月計算利息。`,
        ) +
        (feeItems.length > 0
          ? p('借款人應支付之費用僅限下列各項，於第一期（一次清償者為到期日）應還款項中收取，不於撥款時預扣：') + ol(feeItems)
          : p('本借款不收取任何手續費、帳戶管理費或其他費用。')) +
        p(`利息合計${ntd(t.interest)}，應還總額${ntd(t.totalRepayment)}。除本契約明列者外，貸與人不得以任何名目向借款人收取其他費用。`),
    },
    {
      title: '總費用年百分率',
      body:
        p(`本借款之總費用年百分率為 ${percent(t.aprPercent)}，不超過法定上限年利率 ${percent(t.aprCapPercent)}（民法第二百零五條）。`) +
        p(`${esc(t.aprFootnote)}`, 'small'),
    },
    {
      title: '還款計畫',
      body:
        scheduleTable(t) +
        p(
          `上表以 ${date(t.aprBaseDate)} 撥款試算（單位：新臺幣元）。各期應還日以實際撥款日起算，依同一方式順延；各期應還金額不變。`,
          'small',
        ),
    },
  ];
  if (single && t.extension) {
    const e = t.extension;
    const fee =
      e.feeFixed > 0
        ? `${ntd(e.feeFixed)}加本金之 ${plainPercent(e.feePercentOfPrincipal)}`
        : `本金之 ${plainPercent(e.feePercentOfPrincipal)}`;
    list.push({
      title: '展期',
      body:
        p(`借款人得於到期日前 ${esc(e.windowDays)} 日內申請展期，每次將到期日延後 ${esc(e.periodDays)} 日，最多 ${esc(e.maxCount)} 次。`) +
        p(`展期時，借款人應支付截至申請日之應計利息及展期手續費（${fee}，即${ntd(e.feeAmount)}），本金於延後之到期日清償。`) +
        p(
          `展期須由借款人每次自行明示申請，貸與人不得預先勾選或自動展期。貸與人於受理前應告知該次展期之費用、新到期日及含展期在內之總費用年百分率；該年百分率超過 ${percent(t.aprCapPercent)} 者，貸與人不受理該次展期。`,
        ),
    });
  } else if (single) {
    list.push({ title: '展期', body: p('本借款不提供展期。') });
  }
  list.push(
    {
      title: '提前清償',
      body:
        p(
          '借款人得隨時提前清償全部借款，無須事先通知，貸與人不收取任何違約金或提前清償手續費；利息僅計算至實際清償日，按日計算，尚未開始之各期利息免付。',
        ) +
        (t.fees.length > 0
          ? p(
              '第三條所列費用屬第一期（一次清償者為借款期間），按該期間實際經過日數及未還本金比例按日發生；提前清償或提前償還本金者，僅支付至清償日止已發生之部分，尚未發生之部分免付。',
            )
          : '') +
        p('民法第二百零四條賦予借款人之提前清償權利，本契約不予限制，並給予較該條更有利之條件。', 'small'),
    },
    {
      title: '逾期',
      body: ol([
        `借款人未於應還日清償者，自應還日之翌日起至清償日止，就逾期未還之本金按約定年利率 ${rate}（不高於約定利率）按日計算逾期利息，不另收取違約金、催收費或其他任何費用。`,
        '逾期利息不計入本金，不計算複利（民法第二百零七條）。',
        `利息、費用及逾期利息合計之年利率不超過 ${percent(t.aprCapPercent)}（民法第二百零五條）；超過部分借款人無須給付，已給付者由貸與人抵充本金或返還。`,
        '貸與人僅於每日上午七時至晚間十時聯絡借款人本人，不以恐嚇、侮辱、騷擾或其他不當方式催收，亦不向第三人（包括緊急聯絡人）揭露借款人之債務。',
      ]),
    },
    {
      title: '撥款前取消',
      body: p('借款人於撥款前得隨時取消本借款申請，無須負擔任何費用；取消後本契約不生效力。'),
    },
    {
      title: '個人資料之蒐集、處理及利用',
      body:
        p('依個人資料保護法第八條，貸與人告知借款人下列事項：') +
        ol([
          `蒐集者：${esc(t.lender.name)}。`,
          '蒐集目的：消費性貸款之審核、訂約、撥款、帳務及債權管理、身分驗證、防制詐欺與洗錢，及依法令辦理之事項。',
          '個人資料類別：姓名、身分證統一編號、出生日期、性別、聯絡方式、地址、職業及收入、身分證影像及人臉比對結果、銀行帳戶、借款與還款紀錄、電子簽名及簽署時之網路位址與裝置資訊。',
          '利用期間：自蒐集之日起至借款契約關係消滅後，依法令規定或契約履行所需之保存期間屆滿為止。',
          '利用地區：中華民國境內。',
          '利用對象及方式：貸與人，及受貸與人委託處理撥款、收款、簡訊通知或資料保存之廠商（受貸與人監督）；依法有權調閱之機關。以自動化或其他非自動化方式利用。',
          '借款人之權利：借款人得依個人資料保護法第三條向貸與人查詢或請求閱覽、製給複製本、補充或更正、停止蒐集、處理或利用及請求刪除，可於本服務「我的」頁面或經客服行使；依法應保存之借款紀錄於保存期間屆滿前予以保留。',
          '借款人得自由選擇是否提供個人資料；不提供審核所需之資料時，貸與人將無法辦理本借款。',
        ]),
    },
    {
      title: '契約之成立、生效及保存',
      body:
        p('本契約經借款人以電子簽名簽署後成立，並於貸與人審核通過且撥款時生效；審核未通過者，本契約不生效力，雙方互不負任何義務。') +
        p('借款人簽署之契約全文（含簽名）連同其 SHA-256 雜湊值、簽署時間、網路位址及裝置資訊一併保存，借款人得隨時於本服務查看及下載。'),
    },
    {
      title: '通知',
      body: p('貸與人之通知以簡訊傳送至借款人留存之行動電話，或於本服務內通知；借款人聯絡方式變更時，應於本服務更新。'),
    },
    {
      title: '管轄法院',
      body: p(
        '因本契約涉訟時，雙方同意以臺灣臺北地方法院為第一審管轄法院；但不排除消費者保護法第四十七條、民事訴訟法第二十八條第二項及第四百三十六條之九等保護消費者規定之適用。',
      ),
    },
    {
      title: '其他',
      body: p(
        '本契約未約定之事項，依中華民國民法、消費者保護法及其他相關法令辦理。本契約條款如有疑義，應為有利於借款人之解釋（消費者保護法第十一條第二項）。',
      ),
    },
  );
  return list;
}

function signatureSection(t: ContractTerms, signing: ContractSigning | null): string {
  const lender = p(`貸與人：${esc(t.lender.name)}（統一編號：${esc(t.lender.registrationNo)}，地址：${esc(t.lender.address)}）`);
  const borrower = p(`借款人：${esc(t.borrower.name)}（身分證統一編號：${esc(t.borrower.maskedIdNumber)}）`);
  if (!signing) return `<section class="signature"><h2>簽署</h2>${lender}${borrower}${p('借款人簽名：（簽署後顯示）')}</section>`;
  return (
    `<section class="signature"><h2>簽署</h2>${lender}${borrower}` +
    p('借款人簽名：') +
    `<p><img alt="借款人簽名" src="${esc(signing.signatureDataUri)}"></p>` +
    p(`簽署時間：${esc(formatTaipeiDateTime(signing.signedAt))}（臺北時間）`) +
    p(`契約編號：${esc(signing.contractNo)}`) +
    `</section>`
  );
}

function render(t: ContractTerms, signing: ContractSigning | null): string {
  const meta = `契約編號：${signing ? esc(signing.contractNo) : '簽署後產生'}${GAP}訂單編號：${esc(t.orderNo)}${GAP}範本版本：${VERSION}`;
  const parties =
    `<section><h2>立契約書人</h2>` +
    p(
      `貸與人：${esc(t.lender.name)}（以下稱「貸與人」），統一編號：${esc(t.lender.registrationNo)}，地址：${esc(t.lender.address)}，客服電話：${esc(t.lender.servicePhone)}（${esc(t.lender.serviceHours)}）。`,
    ) +
    p(
      `借款人：${esc(t.borrower.name)}（以下稱「借款人」），身分證統一編號：${esc(t.borrower.maskedIdNumber)}，行動電話：${esc(t.borrower.maskedMobile)}。`,
    ) +
    p('雙方同意依下列條款訂立本借款契約。') +
    `</section>`;
  const review =
    `<section><h2>契約審閱期間</h2>` +
    p(
      `本契約於 ${date(t.offeredOn)} 提供借款人審閱，審閱期間至少 ${esc(t.reviewDays)} 日（消費者保護法第十一條之一）。審閱期間內借款人得隨時閱覽本契約全文，亦得不簽署，無須負擔任何費用；借款人於審閱期間屆滿前自行決定簽署者，不影響其依法得主張之權利。`,
    ) +
    `</section>`;
  const numbered = articles(t)
    .map((article, i) => `<section><h2>第${chineseNumber(i + 1)}條${GAP}${article.title}</h2>${article.body}</section>`)
    .join('');
  const pendingNotice = signing ? '' : p('本契約尚未簽署。請閱讀全文至最後，確認內容後再簽名。', 'notice');
  return (
    `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>借款契約</title>` +
    `<style>${STYLE}</style></head><body>` +
    `<article class="loan-contract" data-template="${VERSION}">` +
    `<h1>借款契約</h1>${p(meta, 'meta')}${pendingNotice}` +
    `<section><h2>重要借款條件</h2>${factsTable(t)}</section>` +
    parties +
    review +
    numbered +
    signatureSection(t, signing) +
    `</article></body></html>`
  );
}

export const LOAN_CONTRACT_V1: ContractTemplate = { version: VERSION, render };
