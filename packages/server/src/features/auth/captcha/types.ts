/** A captcha check, chosen by CAPTCHA_PROVIDER. */
export interface CaptchaVerifier {
  readonly provider: 'altcha' | 'recaptcha';
  /** True when the token proves a solved captcha that was not used before. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}
