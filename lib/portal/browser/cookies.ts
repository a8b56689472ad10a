// The portal's preference cookies (language, environment), written in the browser. Neither is a
// secret nor trusted: the server checks production access on every request.

export { ENV_COOKIE_NAME } from '@/lib/shared/model';

export function setCookie(name: string, value: string) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
