import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import IndexBar from 'antd-mobile/es/components/index-bar';
import List from 'antd-mobile/es/components/list';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { BANK_SELECT_EMPTY, BANK_SELECT_SEARCH } from '@app/contract/messages/bank-accounts.ts';
import { BANK_PAGE_POPULAR, bankCodeGroup } from '@app/contract/messages/onboarding-pages.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { useBankList, type Bank } from '../api/bank-list.ts';
import { useBankChoice } from '../store/bank-choice-store.ts';
import './bank.css';

/** The banks most people are paid to, offered first (post office, the largest retail banks). */
const POPULAR_CODES = ['700', '004', '822', '013', '808', '812', '012', '006', '005', '007', '008', '009'];

interface Group {
  index: string;
  title: string;
  banks: Bank[];
}

/** Popular banks first, then every bank by the first digit of its code (as on a transfer slip). */
function groupBanks(banks: Bank[]): Group[] {
  const popular = POPULAR_CODES.map((code) => banks.find((b) => b.code === code)).filter((b): b is Bank => Boolean(b));
  const byDigit = new Map<string, Bank[]>();
  for (const bank of [...banks].sort((a, b) => a.code.localeCompare(b.code))) {
    const digit = bank.code.charAt(0);
    byDigit.set(digit, [...(byDigit.get(digit) ?? []), bank]);
  }
  return [
    ...(popular.length > 0 ? [{ index: '★', title: BANK_PAGE_POPULAR, banks: popular }] : []),
    ...[...byDigit].map(([digit, list]) => ({ index: digit, title: bankCodeGroup(digit), banks: list })),
  ];
}

function matches(bank: Bank, keyword: string): boolean {
  const k = keyword.trim().replaceAll('台', '臺');
  return k === '' || bank.code.includes(k) || bank.name.replaceAll('台', '臺').includes(k);
}

/** /pages/me/bankSelect (empty title) — the Taiwan bank list, searchable, with an index bar. */
export default function BankSelectPage() {
  const navigate = useNavigate();
  const banks = useBankList();
  const choose = useBankChoice((s) => s.choose);
  const [keyword, setKeyword] = useState('');
  const groups = useMemo(() => groupBanks(banks.data?.banks ?? []), [banks.data]);
  const found = useMemo(() => (banks.data?.banks ?? []).filter((b) => matches(b, keyword)), [banks.data, keyword]);

  function pick(bank: Bank) {
    choose(bank);
    void navigate(-1);
  }

  const row = (bank: Bank) => (
    <List.Item key={bank.code} onClick={() => pick(bank)} prefix={<span className="bank-code">{bank.code}</span>}>
      {bank.name}
    </List.Item>
  );

  return (
    <div className="page bank-select-page">
      <NavBar title="" />
      <div className="bank-search">
        <SearchBar placeholder={BANK_SELECT_SEARCH} value={keyword} onChange={setKeyword} />
      </div>
      <main className="bank-select-body">
        <QueryState query={banks}>
          {() =>
            keyword.trim() !== '' ? (
              found.length === 0 ? (
                <EmptyState title={BANK_SELECT_EMPTY} />
              ) : (
                <List className="bank-results">{found.map(row)}</List>
              )
            ) : (
              <IndexBar sticky>
                {groups.map((group) => (
                  <IndexBar.Panel key={group.index} index={group.index} title={group.title}>
                    <List>{group.banks.map(row)}</List>
                  </IndexBar.Panel>
                ))}
              </IndexBar>
            )
          }
        </QueryState>
      </main>
    </div>
  );
}
