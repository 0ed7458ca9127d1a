/** What makes a password acceptable; messages in the words the sign-up form shows. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const COMMON = new Set([
  "12345678", "123456789", "1234567890", "senha123", "password", "password1", "qwerty123",
  "abcd1234", "11111111", "00000000", "senha1234", "brasil123", "iloveyou", "admin123",
]);

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `A senha precisa ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  if (COMMON.has(password.toLowerCase()) || /^(.)\1+$/.test(password)) {
    return "Essa senha é fácil demais de adivinhar. Misture letras, números ou símbolos.";
  }
  return null;
}
