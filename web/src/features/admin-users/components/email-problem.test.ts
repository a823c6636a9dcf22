import { describe, expect, it } from 'vitest';
import { AdminUserCreateSchema } from '@atrium/contract/forms';
import { emailProblem } from './email-problem';

const refused = (email: string) => !AdminUserCreateSchema.shape.emailAddress.safeParse(email).success;

describe('why an email address is refused', () => {
  it.each([
    ['lin local@example.test', 'spaces'],
    ['lin.example.test', 'noAt'],
    ['lin@local@example.test', 'manyAt'],
    ['@example.test', 'noName'],
    ['lin@example', 'domain'],
    ['lin@example.c', 'domain'],
    ['lin@exa_mple.test', 'badCharacters'],
    ['li(n)@example.test', 'badCharacters'],
  ] as const)('%s: %s', (email, problem) => {
    // only for what the contract refuses
    expect(refused(email)).toBe(true);
    expect(emailProblem(email)).toBe(problem);
  });
});
