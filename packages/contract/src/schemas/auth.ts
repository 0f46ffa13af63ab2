import { z } from 'zod';
import { normalizeTaiwanMobile } from '../validators/mobile.ts';
import {
  PASSWORD_DIGIT,
  PASSWORD_LETTER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TYPED_PASSWORD_MAX_LENGTH,
} from '../validators/password.ts';
import { VERIFY_CODE_PATTERN } from '../validators/verify-code.ts';
import { INVALID_MOBILE, PASSWORD_RULE } from '../messages/accounts.ts';

/** A Taiwan mobile number, normalised to `09xxxxxxxx`. */
export const ZTaiwanMobileSchema = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const mobile = normalizeTaiwanMobile(value);
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: INVALID_MOBILE });
      return z.NEVER;
    }
    return mobile;
  });

export const ZVerifyCodeSchema = z.string().regex(VERIFY_CODE_PATTERN);

/** A new password: the rule of validators/password.ts, which forms check with `isValidPassword`. */
export const ZPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_RULE)
  .regex(PASSWORD_LETTER, PASSWORD_RULE)
  .regex(PASSWORD_DIGIT, PASSWORD_RULE);

/** A password typed to prove who one is (login, change with the old one). */
const ZTypedPasswordSchema = z.string().min(1).max(TYPED_PASSWORD_MAX_LENGTH);

/** Why a code is sent: login, account deletion, password change. */
export const VERIFY_CODE_PURPOSES = ['login', 'destroy', 'password'] as const;

/** POST /auth/v3.1/user/sendVerifiyCode — same answer whether the number is registered or not. */
export const ZSendVerifyCodeRequestSchema = z.object({
  mobile: ZTaiwanMobileSchema,
  purpose: z.enum(VERIFY_CODE_PURPOSES).default('login'),
});
export const ZSendVerifyCodeResponseSchema = z.object({
  /** Seconds before another code may be requested for this number. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});

/** POST /auth/v3/user/login — phone + code, or phone + password. */
export const ZLoginRequestSchema = z.union([
  z.object({ mobile: ZTaiwanMobileSchema, code: ZVerifyCodeSchema }),
  z.object({ mobile: ZTaiwanMobileSchema, password: ZTypedPasswordSchema }),
]);
export type TLoginRequest = z.input<typeof ZLoginRequestSchema>;
export const ZLoginResponseSchema = z.object({
  token: z.string(),
  userId: z.string(),
  uuId: z.string(),
  isNewUser: z.boolean(),
  hasPassword: z.boolean(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

/** POST /api/v3/user/init/password — set once. */
export const ZInitPasswordRequestSchema = z.object({ password: ZPasswordSchema });

/** POST /api/v3/user/edit/password — with the old password, or with a fresh code. */
export const ZEditPasswordRequestSchema = z.union([
  z.object({ oldPassword: ZTypedPasswordSchema, newPassword: ZPasswordSchema }),
  z.object({ code: ZVerifyCodeSchema, newPassword: ZPasswordSchema }),
]);

/** POST /auth/v3/user/destroy — needs a fresh code sent with purpose 'destroy'. */
export const ZDestroyRequestSchema = z.object({ code: ZVerifyCodeSchema });

export { ZOkResponseSchema } from './common.ts';
