import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { EmailMaxLength, EmailPattern, isEmailAddress } from './admin-users.constants.js';

describe('local users email addresses', () => {
  it("follow zod's email rule, which the server applied before the browser shared it", () => {
    expect(EmailPattern.source).toBe(z.regexes.email.source);
    expect(EmailPattern.flags).toBe(z.regexes.email.flags);
  });

  it('are taken trimmed and in any case, up to the stored length', () => {
    expect(isEmailAddress('  Ada.Lovelace@Example.org ')).toBe(true);
    expect(isEmailAddress('ada@localhost')).toBe(false);
    expect(isEmailAddress('ada@@example.org')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(EmailMaxLength)}@example.org`)).toBe(false);
  });
});
