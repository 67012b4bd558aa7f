import { apiErrors } from '@scribe/api-client';
import { z } from 'zod';

/** A numeric id in a path: anything else is a 400, never a database error. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, apiErrors.INVALID_ID)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, apiErrors.INVALID_ID);

export const idParams = z.object({ id: idParam });
