// The server's answers to sign-in and registration; the app translates them through Lingui.
export const authMessages = {
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  // An older account may have a username that is an e-mail address: it would shadow this one at sign-in.
  emailIsUsername: 'This email address is already used as a username',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  tooManyRegistrations: 'Too many accounts were created from your network. Please try again later.',
  notAuthenticated: 'Not authenticated',
} as const;
