import { z } from 'zod';
import { id, messages, requiredText } from './common.js';
import { username } from './auth.js';

export const User = z
  .object({
    id,
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
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
