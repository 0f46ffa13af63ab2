import type { ContractTemplate } from './contract-terms.ts';
import { LOAN_CONTRACT_V1 } from './templates/loan-contract-v1.ts';

/**
 * The template new signatures use. A signed contract keeps its own HTML and the version
 * it came from, so a new version is added beside this one, never edited into it.
 */
export const CURRENT_CONTRACT_TEMPLATE: ContractTemplate = LOAN_CONTRACT_V1;
