import { describe, expect, it } from 'vitest';
import { accountsServerPerFile } from '../../test/accounts-test-kit.ts';
import { createBorrower, randomNationalId } from '../../test/lending-test-kit.ts';
import { findUserIdByIdNumber } from './index.ts';

const { database, server } = accountsServerPerFile();

describe('findUserIdByIdNumber (the back office’s exact search)', () => {
  it('finds the holder through the blind index, as typed (spaces, lower case), and nobody for another number', async () => {
    const borrower = await createBorrower(server, database.handle, { stopBefore: 'contacts' });
    const db = server.app.db;
    expect(await findUserIdByIdNumber({ db, idNumber: borrower.idNumber })).toBe(Number(borrower.userId));
    expect(await findUserIdByIdNumber({ db, idNumber: ` ${borrower.idNumber.toLowerCase()} ` })).toBe(Number(borrower.userId));
    expect(await findUserIdByIdNumber({ db, idNumber: randomNationalId() })).toBeNull();
  });
});
