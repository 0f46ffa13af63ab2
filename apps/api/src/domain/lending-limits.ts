/** Legal cap of the APR (總費用年百分率, Civil Code art. 205), shown with every quote. */
export const APR_CAP_PERCENT = 16;
