/**
 * Whether the holder name typed for an account is the verified name of step 1. Only the
 * way it is typed may differ: width (NFKC), spaces, the middle dot of indigenous and
 * foreign names (・·‧•), and the case of Latin letters.
 */
export function isSameHolderName(typed: string, verified: string): boolean {
  const form = (name: string) =>
    name
      .normalize('NFKC')
      .replace(/[\s]/g, '')
      .replace(/[・·‧•･]/g, '·')
      .toLowerCase();
  return form(typed) !== '' && form(typed) === form(verified);
}
