import { createHttp, type ApiClientOptions } from './http.ts';
import type {
  LoginRequest,
  OkResponse,
  Preferences,
  PublicConfig,
  RegisterRequest,
  User,
} from './schemas.ts';

/** Paths of the API, one place. */
export const paths = {
  config: '/api/config',
  health: '/api/health',
  captchaChallenge: '/api/captcha/challenge',
  login: '/api/auth/login',
  register: '/api/auth/register',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  preferences: '/api/user/preferences',
} as const;

export function createApiClient(options: ApiClientOptions = {}) {
  const http = createHttp(options);
  return {
    http,
    read: http.read,
    config: () => http.read<PublicConfig>(paths.config),
    auth: {
      me: () => http.read<User>(paths.me),
      login: (body: LoginRequest) => http.send<User>('POST', paths.login, body, 'Login failed'),
      register: (body: RegisterRequest) =>
        http.send<User>('POST', paths.register, body, 'Registration failed'),
      logout: () => http.send<OkResponse>('POST', paths.logout, undefined, 'Logout failed'),
    },
    preferences: {
      get: () => http.read<Preferences>(paths.preferences),
      save: (body: Preferences) =>
        http.send<Preferences>('POST', paths.preferences, body, 'Failed to save preferences'),
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
