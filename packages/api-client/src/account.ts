// Account controls in Settings: password, sessions, data export, account deletion.
import { apiErrors } from './errors.ts';
export const accountMessages = {
  currentPasswordRequired: apiErrors.CURRENT_PASSWORD_REQUIRED,
  currentPasswordIncorrect: apiErrors.CURRENT_PASSWORD_INCORRECT,
  newPasswordSame: apiErrors.NEW_PASSWORD_SAME,
  passwordRequired: apiErrors.PASSWORD_REQUIRED,
  passwordIncorrect: apiErrors.PASSWORD_INCORRECT,
  sessionNotFound: apiErrors.SESSION_NOT_FOUND,
} as const;

// The api-client's fallbacks when a call fails without an `error` from the server.
export const accountFallbacks = {
  changePassword: apiErrors.CHANGE_PASSWORD_FAILED,
  revokeSession: apiErrors.REVOKE_SESSION_FAILED,
  signOutEverywhere: apiErrors.SIGN_OUT_EVERYWHERE_FAILED,
  deleteAccount: apiErrors.DELETE_ACCOUNT_FAILED,
} as const;
