import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'letmein1',
  'abc12345',
  'admin123',
  'passw0rd',
  '11111111',
  '00000000',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'dragon12',
  'monkey12',
  'asdfghjkl',
  'zaq12wsx',
]);

/**
 * The one password-strength rule, shared by sign-up, reset and change on both sides: long enough,
 * not absurdly long (scrypt cost), not a well-known password, and not one repeated character.
 */
export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return false;
  if (new Set(password).size < 4) return false;
  return true;
}

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password`;
