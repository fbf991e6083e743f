import { z } from 'zod';
import { messages, passwordText, requiredText } from './common.js';

const password = passwordText(256);

export const TokenRequest = z.object({ username: requiredText(), password }).meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const LoginTokens = z.object({ access: z.string(), refresh: z.string() }).meta({ id: 'LoginTokens' });
export type LoginTokens = z.infer<typeof LoginTokens>;

export const RefreshRequest = z.object({ refresh: requiredText(messages.required, 4096) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const AccessToken = z.object({ access: z.string() }).meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof AccessToken>;

/** Claims of an access token; `exp` is in seconds since the epoch (spec §4). */
export const AccessTokenClaims = z.object({
  token_type: z.literal('access'),
  user_id: z.number(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

export const username = requiredText(messages.required, 150).regex(
  /^[\w.@+-]+$/,
  'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
);

export const registrationEmail = requiredText(messages.required, 254).pipe(
  z.email({ error: messages.invalidEmail }),
);

/** Adds the spec's "password2 must equal password" rule, reported on password2. */
function withPasswordRepeat<T extends z.ZodType<{ password: string; password2: string }>>(schema: T) {
  return schema.refine((value) => value.password === value.password2, {
    message: messages.passwordRepeat,
    path: ['password2'],
  });
}

export const RegisterRequest = withPasswordRepeat(
  z.object({
    username,
    email: registrationEmail,
    first_name: requiredText(messages.required, 150),
    last_name: requiredText(messages.required, 150),
    password,
    password2: password,
    invitation_token: requiredText(messages.required, 200)
      .optional()
      .describe(
        "An invitation link's token: the account joins its organisation; the e-mail must be the invited one",
      ),
  }),
).meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const ConfirmRegistrationRequest = z
  .object({ uid: requiredText(), token: requiredText(messages.required, 512) })
  .meta({ id: 'ConfirmRegistrationRequest' });
export type ConfirmRegistrationRequest = z.infer<typeof ConfirmRegistrationRequest>;

export const PasswordResetEmailRequest = z
  .object({ email: registrationEmail })
  .meta({ id: 'PasswordResetEmailRequest' });
export type PasswordResetEmailRequest = z.infer<typeof PasswordResetEmailRequest>;

export const ResetPasswordRequest = withPasswordRepeat(
  z.object({
    user_id: z.union([requiredText(), z.number().int()]).transform(String),
    token: requiredText(messages.required, 512),
    password,
    password2: password,
  }),
).meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** The reset screen's own form (§5 "Set new password"): uid and token come from the link. */
export const SetNewPasswordForm = withPasswordRepeat(z.object({ password, password2: password }));
export type SetNewPasswordForm = z.infer<typeof SetNewPasswordForm>;

export const ChangePasswordRequest = withPasswordRepeat(
  z.object({ old_password: password, password, password2: password }),
).meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * DELETE /api/user/delete/ takes no body in the spec; the current password is an optional, additive
 * field that our web app always sends and the server checks whenever it is present, so a client
 * written from the spec alone keeps working (architecture.md §3).
 */
export const DeleteAccountRequest = z
  .object({
    password: passwordText(256)
      .optional()
      .describe(
        'The current password. Optional for clients written from the spec; when sent, the account is deleted only if it is right (400 on `password` otherwise). The web app always sends it.',
      ),
  })
  // Absent, as the spec sends it (Fastify hands a missing body over as null).
  .nullish()
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** A password change signs out every other session; the fresh tokens keep this one signed in. */
export const PasswordChanged = z
  .object({ message: z.string(), access: z.string(), refresh: z.string() })
  .meta({ id: 'PasswordChanged' });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/**
 * The server's password rules (apps/api features/auth/password-rules.ts) in a user's words, shown
 * under every new-password field before anything is submitted.
 */
export const PASSWORD_RULES_HINT =
  'At least 8 characters, not only digits, not a common password, and not containing your username, your name or a part of your e-mail address.';
