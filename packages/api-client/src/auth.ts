// The server's answers to sign-in and registration; the app translates them through Lingui.
import { apiErrors } from './errors.ts';
export const authMessages = {
  usernameTaken: apiErrors.USERNAME_TAKEN,
  emailTaken: apiErrors.EMAIL_TAKEN,
  // An older account may have a username that is an e-mail address: it would shadow this one at sign-in.
  emailIsUsername: apiErrors.EMAIL_IS_USERNAME,
  invalidCredentials: apiErrors.INVALID_CREDENTIALS,
  tooManyAttempts: apiErrors.TOO_MANY_LOGIN_ATTEMPTS,
  tooManyRegistrations: apiErrors.TOO_MANY_REGISTRATIONS,
  notAuthenticated: apiErrors.NOT_AUTHENTICATED,
} as const;
