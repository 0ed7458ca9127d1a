/** Storage keys are "<shape>/<id>-<width>.webp": nothing else is ever read or written. */
const SAFE_KEY = /^[a-z]+\/[A-Za-z0-9_-]{1,80}-[0-9]{2,4}\.webp$/;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key);
}
