/** Contracts: the loan contract, its signature and its download. */

/** An unknown order, another user's order, or an order that has no contract to show. */
export const CONTRACT_NOT_FOUND = '找不到此合約';
/** Signing an order that is not awaiting signature (cancelled, or already decided). */
export const CONTRACT_NOT_SIGNABLE = '此訂單目前無法簽署合約';
export const CONTRACT_ALREADY_SIGNED = '此合約已簽署，無須重複簽署';
/** The signature upload is missing, someone else's, or not a PNG image. */
export const CONTRACT_SIGNATURE_INVALID = '找不到您的簽名圖片，請重新簽名';
export const CONTRACT_SIGNATURE_TOO_LARGE = '簽名圖片過大，請重新簽名';
/** A PDF is made of the signed text only. */
export const CONTRACT_PDF_UNSIGNED = '合約簽署後才能下載';
/** The personal-data list's line (how many signed contracts are kept). */
export const CONTRACT_DATA_LIST_COUNT = '已簽署的借款契約';
