import type { FieldProblem } from '@storefront/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** About 50,000 passwords from public leaks (zxcvbn-ts's list), compared case-insensitively. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/**
 * The reasons a password is too weak, in Django's wording (the storefront's client knows it);
 * empty when it is acceptable.
 */
export function passwordProblems(password: string, username: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const lower = password.toLowerCase();
  if ([...password].length < 8) {
    problems.push({
      code: 'password_too_short',
      message: 'This password is too short. It must contain at least 8 characters.',
    });
  }
  if (username && (lower.includes(username.toLowerCase()) || username.toLowerCase().includes(lower))) {
    problems.push({ code: 'password_too_similar', message: 'The password is too similar to the username.' });
  }
  if (commonPasswords().has(lower)) {
    problems.push({ code: 'password_too_common', message: 'This password is too common.' });
  }
  if (/^\d+$/.test(password)) {
    problems.push({ code: 'password_entirely_numeric', message: 'This password is entirely numeric.' });
  }
  return problems;
}
