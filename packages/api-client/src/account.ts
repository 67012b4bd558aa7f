// Account controls in Settings: password, sessions, data export, account deletion.
export const accountMessages = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordSame: 'The new password must be different from the current one',
  passwordRequired: 'Please enter your password to confirm',
  passwordIncorrect: 'Password is incorrect',
  sessionNotFound: 'Session not found',
} as const;

// The api-client's fallbacks when a call fails without an `error` from the server.
export const accountFallbacks = {
  changePassword: 'Failed to change password',
  revokeSession: 'Failed to sign out the session',
  signOutEverywhere: 'Failed to sign out everywhere',
  deleteAccount: 'Failed to delete account',
} as const;
