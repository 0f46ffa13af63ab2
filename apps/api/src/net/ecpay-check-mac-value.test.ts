import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import {
  CHECK_MAC_VALUE_FIELD,
  checkMacSource,
  ecpayCheckMacValue,
  ecpayUrlEncode,
  hasValidEcpayCheckMacValue,
  signEcpayFields,
} from './ecpay-check-mac-value.ts';

/** ECPay's public test merchant 3002607 (全方位金流 測試介接資訊), the one its documented examples use. */
const STAGE = { hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' };

/** 全方位金流 附錄 / 檢查碼機制 (https://developers.ecpay.com.tw/?p=2902): AioCheckOut's example order. */
const DOCUMENTED_ORDER = {
  TradeDesc: '促銷方案',
  PaymentType: 'aio',
  MerchantTradeDate: '2023/03/12 15:30:23',
  MerchantTradeNo: 'ecpay20230312153023',
  MerchantID: '3002607',
  ReturnURL: 'https://www.ecpay.com.tw/receive.php',
  ItemName: 'Apple iphone 15',
  TotalAmount: '30000',
  ChoosePayment: 'ALL',
  EncryptType: '1',
};

describe('ECPay CheckMacValue, as documented', () => {
  it('gives the documented CheckMacValue of the documented AioCheckOut example, through each documented step', () => {
    const source = checkMacSource(DOCUMENTED_ORDER, STAGE);
    // Steps (1)-(2): sorted A-Z, HashKey before and HashIV after.
    expect(source).toBe(
      'HashKey=pwFHCqoQZGmho4w6&ChoosePayment=ALL&EncryptType=1&ItemName=Apple iphone 15&MerchantID=3002607&MerchantTradeDate=2023/03/12 15:30:23&MerchantTradeNo=ecpay20230312153023&PaymentType=aio&ReturnURL=https://www.ecpay.com.tw/receive.php&TotalAmount=30000&TradeDesc=促銷方案&HashIV=EkRm7iFT261dpevs',
    );
    // Steps (3)-(4): URL-encoded and lower-cased.
    expect(ecpayUrlEncode(source)).toBe(
      'hashkey%3dpwfhcqoqzgmho4w6%26choosepayment%3dall%26encrypttype%3d1%26itemname%3dapple+iphone+15%26merchantid%3d3002607%26merchanttradedate%3d2023%2f03%2f12+15%3a30%3a23%26merchanttradeno%3decpay20230312153023%26paymenttype%3daio%26returnurl%3dhttps%3a%2f%2fwww.ecpay.com.tw%2freceive.php%26totalamount%3d30000%26tradedesc%3d%e4%bf%83%e9%8a%b7%e6%96%b9%e6%a1%88%26hashiv%3dekrm7ift261dpevs',
    );
    // Steps (5)-(6): SHA256, upper case.
    expect(ecpayCheckMacValue(DOCUMENTED_ORDER, STAGE)).toBe('6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840');
  });

  it('gives the documented MD5 CheckMacValue of the documented notification example (附錄 / 檢查碼機制, ?p=38242)', () => {
    const fields = {
      RtnCode: '1',
      RtnMsg: '',
      IA_Allow_No: '1909181313013546',
      IA_Invoice_No: 'UV11100019',
      IA_Date: '2019-09-18 13:13:23',
      IIS_Remain_Allowance_Amt: '0',
    };
    const keys = { hashKey: 'ejCk326UnaZWKisg', hashIv: 'q9jcZX8Ib9LM8wYk' };
    expect(checkMacSource(fields, keys)).toBe(
      'HashKey=ejCk326UnaZWKisg&IA_Allow_No=1909181313013546&IA_Date=2019-09-18 13:13:23&IA_Invoice_No=UV11100019&IIS_Remain_Allowance_Amt=0&RtnCode=1&RtnMsg=&HashIV=q9jcZX8Ib9LM8wYk',
    );
    expect(ecpayCheckMacValue(fields, keys, 'md5')).toBe('50A276E71DAE26343013958B405EEEA0');
  });

  // ECPay's own test vectors: github.com/ECPay/ECPay-API-Skill, test-vectors/checkmacvalue.json and url-encode-comparison.json.
  it.each([
    [
      { MerchantID: '3002607', ItemName: "Tom's Shop", TotalAmount: '100' },
      'CF0A3D4901D99459D8641516EC57210700E8A5C9AB26B1D021301E9CB93EF78D',
    ],
    [
      { MerchantID: '3002607', ItemName: 'Test~Product', TotalAmount: '200' },
      'CEEAE01D2F9A8E74D4AC0DCE7735B046D73F35A5EC99558A31A2EE03159DA1C9',
    ],
    [
      { MerchantID: '3002607', ItemName: 'My Test Product', TotalAmount: '300' },
      '7712A5E6EDC3B57086063C88568084C66CE882A21D40E74DE5ACA3B478C6F316',
    ],
    [
      {
        MerchantID: '3002607',
        MerchantTradeNo: 'Test1234567890',
        RtnCode: '1',
        RtnMsg: 'Succeeded',
        TradeNo: '2301011234567890',
        TradeAmt: '100',
        PaymentDate: '2025/01/01 12:05:00',
        PaymentType: 'Credit_CreditCard',
        TradeDate: '2025/01/01 12:00:00',
        SimulatePaid: '0',
      },
      '2AB536D86AFF8E1086744D59175040A32538C96B1C28C4135B551BD728E913B8',
    ],
  ])("matches ECPay's published vector %#", (fields, expected) => {
    expect(ecpayCheckMacValue(fields, STAGE)).toBe(expected);
  });

  it('encodes as the documented table says: space as +, ~ and apostrophe encoded, !*() and -_. kept, hex in lower case', () => {
    expect(ecpayUrlEncode('Items (Special)~Test')).toBe('items+(special)%7etest');
    expect(ecpayUrlEncode("Tom's Shop!")).toBe('tom%27s+shop!');
    expect(ecpayUrlEncode('price=100&item=test*2')).toBe('price%3d100%26item%3dtest*2');
    expect(ecpayUrlEncode('file_name-v2.0')).toBe('file_name-v2.0');
    expect(ecpayUrlEncode('@#$%^+;?/\\><`[]{}:",|')).toBe('%40%23%24%25%5e%2b%3b%3f%2f%5c%3e%3c%60%5b%5d%7b%7d%3a%22%2c%7c');
  });

  it('sorts names as PHP strcasecmp does and leaves CheckMacValue out', () => {
    const source = checkMacSource({ b: '2', CheckMacValue: 'X', A: '1', Desc_1: 'd', desc: 'e' }, { hashKey: 'K', hashIv: 'V' });
    expect(source).toBe('HashKey=K&A=1&b=2&desc=e&Desc_1=d&HashIV=V');
  });

  it('verifies in constant time: the signed fields pass, any change, another key or a malformed value fails', () => {
    const signed = signEcpayFields(DOCUMENTED_ORDER, STAGE);
    expect(hasValidEcpayCheckMacValue(signed, STAGE)).toBe(true);
    expect(hasValidEcpayCheckMacValue({ ...signed, [CHECK_MAC_VALUE_FIELD]: signed.CheckMacValue!.toLowerCase() }, STAGE)).toBe(true);
    expect(hasValidEcpayCheckMacValue({ ...signed, TotalAmount: '1' }, STAGE)).toBe(false);
    expect(hasValidEcpayCheckMacValue({ ...signed, Extra: '' }, STAGE)).toBe(false);
    expect(hasValidEcpayCheckMacValue(signed, { ...STAGE, hashIv: 'EkRm7iFT261dpevt' })).toBe(false);
    for (const value of ['', 'not-hex', signed.CheckMacValue!.slice(1), `${signed.CheckMacValue!}00`]) {
      expect(hasValidEcpayCheckMacValue({ ...signed, CheckMacValue: value }, STAGE)).toBe(false);
    }
    expect(hasValidEcpayCheckMacValue(DOCUMENTED_ORDER, STAGE)).toBe(false);
    // No UTF-8 form, so nothing can have signed it.
    expect(hasValidEcpayCheckMacValue({ ...signed, ItemName: '\ud800' }, STAGE)).toBe(false);
  });
});

/** ECPay's Node SDK (npm ecpay_aio_nodejs 1.2.2), its CheckMacValue helper. */
interface SdkHelper {
  gen_chk_mac_value(params: Record<string, string>, mode?: number): string;
}
const require = createRequire(import.meta.url);
const SdkApiHelper = require('ecpay_aio_nodejs/lib/ecpay_payment/helper.js') as new (options: {
  OperationMode: string;
  MercProfile: { MerchantID: string; HashKey: string; HashIV: string };
  IgnorePayment: string[];
  IsProjectContractor: boolean;
}) => SdkHelper;

const sdk = new SdkApiHelper({
  OperationMode: 'Test',
  MercProfile: { MerchantID: '3002607', HashKey: STAGE.hashKey, HashIV: STAGE.hashIv },
  IgnorePayment: [],
  IsProjectContractor: false,
});

/** The SDK prints every string it hashes; kept out of the test output. */
function sdkCheckMacValue(fields: Record<string, string>): string {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    return sdk.gen_chk_mac_value({ ...fields });
  } finally {
    log.mockRestore();
  }
}

/**
 * Values as a Taiwan form carries them. Left out, because the SDK builds its string
 * through JSON.stringify and lower-cases it before encoding (checked in the next test):
 * `"` and `\` (JSON-escaped), `{` and `}` (a value ending in `{` or starting with `}`
 * is taken for JSON's own punctuation), control characters, and letters with a case
 * outside ASCII. The encoding of all of them is checked above against ECPay's table.
 */
const PIECES = [
  ...'abcXYZ0189',
  ..." !#$%&'()*+,-./:;<=>?@[]^_`|~",
  ...'還款超商代碼虛擬帳號臺北市中正區測試',
  ...'，。「」（）！？：；、～　',
  'é',
  'ß',
  '😀',
  '%2d',
  '%20',
  '%',
  '+',
  ' ',
];
const NAMES = [
  'MerchantID',
  'MerchantTradeNo',
  'TradeAmt',
  'RtnCode',
  'RtnMsg',
  'PaymentNo',
  'ExpireDate',
  'vAccount',
  'BankCode',
  'CustomField1',
  'Desc_1',
];

function randomValue(): string {
  return Array.from({ length: randomInt(0, 24) }, () => PIECES[randomInt(0, PIECES.length)] ?? '').join('');
}

function randomName(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `Z${Array.from({ length: randomInt(1, 10) }, () => alphabet[randomInt(0, alphabet.length)]).join('')}`;
}

describe("ECPay CheckMacValue against ECPay's Node SDK", () => {
  it('agrees on 2,000 random field sets (Chinese, spaces, symbols, empty values)', () => {
    const disagreements: Array<Record<string, string>> = [];
    for (let run = 0; run < 2000; run += 1) {
      const fields: Record<string, string> = {};
      const count = randomInt(1, 16);
      while (Object.keys(fields).length < count) {
        const name = randomInt(0, 2) === 0 ? (NAMES[randomInt(0, NAMES.length)] ?? 'X') : randomName();
        // Names equal but for case have no defined order in either; ECPay never sends two.
        if (!Object.keys(fields).some((known) => known !== name && known.toLowerCase() === name.toLowerCase()))
          fields[name] = randomValue();
      }
      if (ecpayCheckMacValue(fields, STAGE) !== sdkCheckMacValue(fields)) disagreements.push(fields);
    }
    expect(disagreements).toEqual([]);
  });

  it("differs only where the SDK's JSON shortcut departs from ECPay's rule (PHP urlencode, then lower case)", () => {
    // The SDK JSON-escapes a quote, takes a trailing { for JSON, and lower-cases É before
    // encoding it; ECPay's PHP SDK (the documented rule) encodes the value as it is.
    expect(ecpayCheckMacValue({ ItemName: 'a"b' }, STAGE)).not.toBe(sdkCheckMacValue({ ItemName: 'a"b' }));
    expect(ecpayCheckMacValue({ ItemName: 'a{' }, STAGE)).not.toBe(sdkCheckMacValue({ ItemName: 'a{' }));
    expect(ecpayUrlEncode('É')).toBe('%c3%89');
    expect(ecpayCheckMacValue({ ItemName: 'É' }, STAGE)).not.toBe(sdkCheckMacValue({ ItemName: 'É' }));
    expect(ecpayCheckMacValue({ ItemName: 'é' }, STAGE)).toBe(sdkCheckMacValue({ ItemName: 'é' }));
  });
});
