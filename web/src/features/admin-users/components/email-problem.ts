// Why an email address is refused, in words that point at the wrong part. Whether it is refused is the contract's
// schema's call (AdminUserCreateSchema, the server's); this only picks which explanation fits what was typed.
export type EmailProblem = 'spaces' | 'noAt' | 'manyAt' | 'noName' | 'domain' | 'badCharacters';

export function emailProblem(value: string): EmailProblem {
  const email = value.trim();
  if (/\s/.test(email)) return 'spaces';
  const at = email.split('@');
  if (at.length === 1) return 'noAt';
  if (at.length > 2) return 'manyAt';
  const [name, domain] = at as [string, string];
  if (name === '') return 'noName';
  if (!/^[^.]+(\.[^.]+)*\.[A-Za-z]{2,}$/.test(domain)) return 'domain';
  return 'badCharacters';
}
