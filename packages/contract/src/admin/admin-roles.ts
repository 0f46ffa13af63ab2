/** The back office's roles: each route and each console page names the roles it admits. */
export const OPERATOR_ROLES = ['administrator', 'reviewer', 'finance', 'support'] as const;
export type TOperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS: Record<TOperatorRole, string> = {
  administrator: '系統管理員',
  reviewer: '審核人員',
  finance: '財務人員',
  support: '客服人員',
};
