import { describe, expect, it } from 'vitest';
import { AllowedOriginMessage, JwksUrlMessage, MaxAllowedOrigins, PublicEndpointNameMessage, VisitorSecretMessage } from '@atrium/contract';
// the server's schema (not in the browser's entry of the contract): the form's rules must agree with it
import { PublicEndpointConfigurationSchema } from '../../../../../contract/src/public-chat/public-endpoints.schemas';
import {
  embedSnippet,
  endpointConfigOf,
  endpointProblems,
  endpointValuesOf,
  newIdentitySecret,
  originProblem,
  publicChatLinks,
  sameEndpoint,
  splitEndpointIssues,
  type PublicEndpointValues,
} from './public-endpoint-values';

const on = (change: Partial<PublicEndpointValues> = {}): PublicEndpointValues => ({
  ...endpointValuesOf(null),
  hasEndpoint: true,
  endpointName: 'admissions-help',
  ...change,
});

describe('public endpoint form values', () => {
  it('switched off is null in the draft; switched on starts from the contract defaults, which the schema takes as they are', () => {
    expect(endpointConfigOf(endpointValuesOf(null))).toBeNull();
    const config = endpointConfigOf(on());
    expect(config).toEqual({
      endpointName: 'admissions-help',
      isEnabled: true,
      allowedOrigins: [],
      questionsPerVisitorPerDay: 50,
      questionsPerEndpointPerDay: 10_000,
      questionsPerAddressPerDay: 500,
      maxQuestionLength: 2_000,
      maxConcurrentStreams: 20,
      requireGuidelinesConsent: true,
      showCitations: true,
      requireBotCheck: false,
      brandKey: null,
    });
    expect(PublicEndpointConfigurationSchema.parse(config)).toEqual(config);
    expect(endpointProblems(on())).toEqual({});
  });

  it('reads a saved configuration back as it was', () => {
    const saved = PublicEndpointConfigurationSchema.parse({
      endpointName: 'it-help',
      isEnabled: false,
      allowedOrigins: ['https://www.example.edu'],
      maxQuestionLength: 500,
      showCitations: false,
      requireBotCheck: true,
      brandKey: 'campus',
    });
    const values = endpointValuesOf(saved);
    expect(values).toMatchObject({ hasEndpoint: true, endpointName: 'it-help', isEnabled: false, brandKey: 'campus', showCitations: false });
    expect(values.limits.maxQuestionLength).toBe('500');
    expect(endpointConfigOf(values)).toEqual(saved);
    expect(sameEndpoint(saved, { ...saved })).toBe(true);
    expect(sameEndpoint(saved, { ...saved, isEnabled: true })).toBe(false);
    expect(sameEndpoint(null, undefined)).toBe(true);
  });

  it('refuses the names, origins and limits the server refuses, with the contract messages', () => {
    for (const bad of ['', 'A-Help', 'x', '-help', 'help-', 'two--hyphens', 'a'.repeat(65), 'spaces here']) {
      expect(endpointProblems(on({ endpointName: bad })).endpointName).toBe(PublicEndpointNameMessage);
      expect(PublicEndpointConfigurationSchema.safeParse({ endpointName: bad }).success).toBe(false);
    }
    expect(endpointProblems(on({ endpointName: 'ab' })).endpointName).toBeUndefined();
    expect(endpointProblems(on({ endpointName: 'a'.repeat(64) })).endpointName).toBeUndefined();

    const limits = on().limits;
    const problems = endpointProblems(
      on({ limits: { ...limits, questionsPerVisitorPerDay: '0', maxQuestionLength: '32001', maxConcurrentStreams: '2.5', questionsPerEndpointPerDay: '' } }),
    );
    expect(problems).toEqual({
      questionsPerVisitorPerDay: 'Use a whole number from 1 to 100,000',
      maxQuestionLength: 'Use a whole number from 1 to 32,000',
      maxConcurrentStreams: 'Use a whole number from 1 to 1,000',
      questionsPerEndpointPerDay: 'Use a whole number from 1 to 10,000,000',
    });
    // the same numbers the schema refuses, with its words
    const refused = PublicEndpointConfigurationSchema.safeParse({ endpointName: 'ab', questionsPerVisitorPerDay: 0 });
    expect(refused.error?.issues[0]?.message).toBe('Use a whole number from 1 to 100,000');
    expect(endpointProblems(on({ limits: { ...limits, maxQuestionLength: '32000' } }))).toEqual({});
    // switched off, nothing is checked
    expect(endpointProblems({ ...on({ endpointName: '' }), hasEndpoint: false })).toEqual({});
  });

  it('adds an origin as the server keeps it, once, and refuses paths, other schemes and too many', () => {
    expect(originProblem(' https://WWW.Example.edu/ ', [])).toBeNull();
    expect(originProblem('http://localhost:8080', [])).toBeNull();
    expect(originProblem('https://www.example.edu/admissions', [])).toBe(AllowedOriginMessage);
    expect(originProblem('ftp://example.edu', [])).toBe(AllowedOriginMessage);
    expect(originProblem('www.example.edu', [])).toBe(AllowedOriginMessage);
    expect(originProblem('https://www.example.edu/', ['https://www.example.edu'])).toBe('This origin is already in the list');
    const full = Array.from({ length: MaxAllowedOrigins }, (_, i) => `https://site${i}.example.edu`);
    expect(originProblem('https://one-more.example.edu', full)).toBe(`At most ${MaxAllowedOrigins} origins`);
    expect(endpointProblems(on({ allowedOrigins: ['https://ok.example.edu', 'https://bad.example.edu/path'] })).allowedOrigins).toBe(AllowedOriginMessage);
  });

  it("puts the server's issues about the endpoint at their fields and leaves the rest", () => {
    const { fields, section, rest } = splitEndpointIssues([
      { property: 'config.publicEndpointConfiguration.endpointName', message: 'Another agent has this endpoint name.' },
      { property: 'body.publicEndpointConfiguration.allowedOrigins.1', message: AllowedOriginMessage },
      { property: 'publicEndpointConfiguration.maxQuestionLength', message: 'Too long' },
      { property: 'config.publicEndpointConfiguration', message: 'Public endpoints are off in HIPAA mode.' },
      { property: 'deploymentName', message: 'The deployment x does not exist or is disabled.' },
    ]);
    expect(fields).toEqual({
      endpointName: 'Another agent has this endpoint name.',
      allowedOrigins: AllowedOriginMessage,
      maxQuestionLength: 'Too long',
    });
    expect(section).toEqual(['Public endpoints are off in HIPAA mode.']);
    expect(rest).toEqual([{ property: 'deploymentName', message: 'The deployment x does not exist or is disabled.' }]);
  });

  it('gives the embed snippet and the direct links', () => {
    expect(embedSnippet('https://atrium.example.edu', 'admissions-help')).toBe(
      '<script src="https://atrium.example.edu/embed.js" data-endpoint="admissions-help" async></script>',
    );
    expect(publicChatLinks('https://atrium.example.edu', 'admissions-help')).toEqual({
      page: 'https://atrium.example.edu/public-chat/admissions-help',
      popup: 'https://atrium.example.edu/public-chat/admissions-help/true',
    });
  });

  it('saves signed-identity settings as the schema takes them: a typed secret only, none kept in the form, none while off', () => {
    const secret = newIdentitySecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(newIdentitySecret()).not.toBe(secret);
    const base = on();
    const hs = on({ identity: { ...base.identity, mode: 'HS256', secret, issuer: ' https://www.example.edu ', required: true } });
    const config = endpointConfigOf(hs)!;
    expect(config.identity).toEqual({ mode: 'HS256', secret, jwksUrl: null, issuer: 'https://www.example.edu', audience: null, required: true });
    expect(PublicEndpointConfigurationSchema.parse(config).identity).toMatchObject({ mode: 'HS256', secret, required: true });
    expect(endpointProblems(hs)).toEqual({});

    // read back from the server: no secret, hasSecret; saving again sends none (the server keeps the one set)
    const saved = endpointValuesOf({ ...PublicEndpointConfigurationSchema.parse(config), identity: { mode: 'HS256', hasSecret: true, required: true } });
    expect(saved.identity).toMatchObject({ mode: 'HS256', secret: '', hasSecret: true, required: true });
    expect(endpointConfigOf(saved)!.identity).not.toHaveProperty('secret');
    expect(endpointProblems(saved)).toEqual({});

    // off: no identity at all
    expect(endpointConfigOf(on())).not.toHaveProperty('identity');
  });

  it('finds the identity settings’ problems the server would', () => {
    const base = on().identity;
    const problems = (identity: Partial<PublicEndpointValues['identity']>) => endpointProblems(on({ identity: { ...base, ...identity } }));
    expect(problems({ mode: 'HS256' }).secret).toBe('Set a secret of 32 characters or more');
    expect(problems({ mode: 'HS256', secret: 'short' }).secret).toBe(VisitorSecretMessage);
    expect(problems({ mode: 'HS256', secret: 'x'.repeat(32) })).toEqual({});
    expect(problems({ mode: 'RS256' }).jwksUrl).toBe(JwksUrlMessage);
    expect(problems({ mode: 'RS256', jwksUrl: 'http://www.example.edu/jwks.json' }).jwksUrl).toBe(JwksUrlMessage);
    expect(problems({ mode: 'RS256', jwksUrl: 'https://www.example.edu/.well-known/jwks.json' })).toEqual({});
    expect(problems({ mode: 'RS256', jwksUrl: 'https://www.example.edu/jwks', audience: 'a'.repeat(501) }).audience).toBeTruthy();
    // the schema agrees on the JWKS address
    expect(
      PublicEndpointConfigurationSchema.safeParse({ endpointName: 'ab', identity: { mode: 'RS256', jwksUrl: 'http://www.example.edu/jwks.json' } }).success,
    ).toBe(false);
    const { fields } = splitEndpointIssues([
      { property: 'config.publicEndpointConfiguration.identity.secret', message: 'Set a secret of 32 characters or more' },
    ]);
    expect(fields).toEqual({ secret: 'Set a secret of 32 characters or more' });
  });

  it('adds the visitor token attribute to the snippet when identity is on', () => {
    expect(embedSnippet('https://atrium.example.edu', 'admissions-help', true)).toBe(
      '<script src="https://atrium.example.edu/embed.js" data-endpoint="admissions-help" data-visitor-token="{token your site signs}" async></script>',
    );
  });
});
