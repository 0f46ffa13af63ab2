import type { IdCardField } from '@app/contract/schemas/identity-document.ts';

/**
 * The seam between the ID-card step and whatever reads the card. The built-in reader is
 * tesseract.js on this server (tesseract-ocr-engine.ts); a hosted KYC provider would
 * implement the same interface (send the photo, map its answer to these fields).
 */

export interface ProposedValue<T extends string = string> {
  /** null when the field could not be read (or, for the ID number, failed the checksum). */
  value: T | null;
  /** 0-1: how sure the reader is. */
  confidence: number;
  /**
   * A field read but for one detail the reader cannot settle (the ID number's first letter,
   * O, D or Q, which weigh alike in the checksum): `value` is null and these are the whole
   * values it may be (each passes the checksum), for the user to pick one.
   */
  choices?: T[];
}

export interface IdCardFrontReading {
  fields: {
    name: ProposedValue;
    idNumber: ProposedValue;
    /** AD `YYYY-MM-DD` (the card's ROC date converted). */
    birthDate: ProposedValue;
    gender: ProposedValue<'male' | 'female'>;
    issueDate: ProposedValue;
  };
  /** Something shaped like an ID number was read but failed the checksum (never proposed). */
  idNumberRejected: boolean;
  /** The card's 性別 and the ID number's gender digit disagree. */
  genderConflict: boolean;
  /** 性別 was not read on the card: the gender proposed is the ID number's second digit's. */
  genderFromIdNumber: boolean;
}

export interface IdCardReader {
  /** A short name stored with each reading (which engine and model proposed it). */
  readonly engine: string;
  /** Reads the front; throws when the engine cannot run (the caller fails closed). */
  readFront(image: Buffer): Promise<IdCardFrontReading>;
}

export type { IdCardField };
