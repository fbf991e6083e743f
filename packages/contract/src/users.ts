import { z } from 'zod';
import { id, messages, requiredText } from './common.js';
import { ConfirmRegistrationRequest, username } from './auth.js';

export const User = z
  .object({
    id,
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    pending_email: z
      .string()
      .optional()
      .describe(
        'An address the user asked to change to, while the confirmation link sent to it is open; `email` changes only when it is opened',
      ),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const UserUpdateRequest = z
  .object({
    username,
    email: requiredText(messages.required, 254).pipe(z.email({ error: messages.invalidEmailProfile })),
    first_name: requiredText(messages.required, 150),
    last_name: requiredText(messages.required, 150),
  })
  .meta({ id: 'UserUpdateRequest' });
export type UserUpdateRequest = z.infer<typeof UserUpdateRequest>;

/** The uid and token of the link sent to a new address: the registration link's shape. */
export const ConfirmEmailChangeRequest = ConfirmRegistrationRequest.meta({ id: 'ConfirmEmailChangeRequest' });
export type ConfirmEmailChangeRequest = z.infer<typeof ConfirmEmailChangeRequest>;
