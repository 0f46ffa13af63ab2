import { useMemo, useState } from 'react';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { CLOSE } from '@app/contract/messages/app-shell.ts';
import { BANK_BRANCH_EMPTY, BANK_BRANCH_LABEL, BANK_BRANCH_SEARCH, bankBranchCount } from '@app/contract/messages/bank-accounts.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import type { BankBranchList } from '../api/bank-branch-list.ts';

type Branch = BankBranchList['branches'][number];

/** 台 and 臺 are one character to a searcher; spaces and case do not count. */
function searchForm(text: string): string {
  return text.normalize('NFKC').replace(/台/g, '臺').toLowerCase().replace(/\s+/g, '');
}

/** The county and district an address starts with (新北市板橋區…), shown under the branch. */
export function districtOf(address: string): string {
  const match = /^(.{2,3}?[縣市])(.{1,4}?[區鄉鎮市])/.exec(address.replace(/\s+/g, ''));
  return match ? `${match[1]}${match[2]}` : '';
}

/** A branch matches when its name, its 7-digit code or its address (the district) contains every word typed. */
export function branchMatches(branch: Branch, keyword: string): boolean {
  const words = keyword.split(/\s+/).map(searchForm).filter(Boolean);
  const haystack = searchForm(`${branch.name} ${branch.code} ${branch.address}`);
  return words.every((word) => haystack.includes(word));
}

/**
 * The branch of a bank, chosen from a search list in a bottom popup (a bank can have 170
 * branches: typed 板橋, the one wanted is the first rows, not 115 turns of a wheel). The
 * form value is the 7-digit code.
 */
export function BranchSearchInput({
  value,
  onChange,
  branches,
  disabled,
  placeholder,
}: {
  value?: string;
  onChange?: (code: string) => void;
  branches: readonly Branch[];
  disabled?: boolean;
  placeholder: string;
}) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const chosen = branches.find((b) => b.code === value);
  // Branches named by what was typed come first (板橋分行 before the other branches in 板橋區).
  const found = useMemo(() => {
    const named = (b: Branch) => (keyword.trim() !== '' && searchForm(b.name).includes(searchForm(keyword)) ? 0 : 1);
    return branches.filter((b) => branchMatches(b, keyword)).sort((a, b) => named(a) - named(b));
  }, [branches, keyword]);

  return (
    <>
      <button type="button" className="branch-value" disabled={disabled} onClick={() => setOpen(true)} data-testid="branch-field">
        {chosen ? (
          <span className="picker-value">
            <span className="bank-code">{chosen.code}</span> {chosen.name}
          </span>
        ) : (
          <span className="picker-placeholder">{placeholder}</span>
        )}
      </button>
      <Popup
        visible={open}
        position="bottom"
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="branch-popup"
        bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
      >
        <div role="dialog" aria-label={BANK_BRANCH_LABEL} className="branch-popup-inner">
          <div className="branch-popup-head">
            <h2>{BANK_BRANCH_LABEL}</h2>
            <button type="button" className="branch-popup-close" onClick={() => setOpen(false)}>
              {CLOSE}
            </button>
          </div>
          <div className="branch-popup-search">
            <SearchBar placeholder={BANK_BRANCH_SEARCH} value={keyword} onChange={setKeyword} aria-label={BANK_BRANCH_SEARCH} />
            <p className="branch-popup-count" aria-live="polite">
              {bankBranchCount(found.length)}
            </p>
          </div>
          <div className="branch-popup-list">
            {found.length === 0 ? (
              <EmptyState title={BANK_BRANCH_EMPTY} />
            ) : (
              <List>
                {found.map((branch) => (
                  <List.Item
                    key={branch.code}
                    data-testid={`branch-${branch.code}`}
                    description={districtOf(branch.address)}
                    extra={<span className="bank-code">{branch.code}</span>}
                    onClick={() => {
                      onChange?.(branch.code);
                      setOpen(false);
                      setKeyword('');
                    }}
                  >
                    {branch.name}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
        </div>
      </Popup>
    </>
  );
}
