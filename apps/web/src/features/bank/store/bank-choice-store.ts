import { create } from 'zustand';
import type { Bank } from '../api/bank-list.ts';

/**
 * The bank picked on /pages/me/bankSelect, read by the add-card form when the user comes
 * back. In memory; the form's draft (shared/store/form-drafts.ts) keeps it, with what
 * the user typed, through a reload.
 */
interface BankChoiceState {
  bank: Bank | null;
  choose: (bank: Bank) => void;
  clear: () => void;
}

export const useBankChoice = create<BankChoiceState>((set) => ({
  bank: null,
  choose: (bank) => set({ bank }),
  clear: () => set({ bank: null }),
}));
