import { afterEach, describe, expect, it } from 'vitest';
import { addVisitorToken, setVisitorToken, visitorToken } from './visitor-token';

const Jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';

describe('visitor token', () => {
  afterEach(() => {
    setVisitorToken(null);
  });

  it('adds the token to visitor calls only, and only a compact JWS', () => {
    expect(setVisitorToken(Jwt)).toBe(true);
    expect(setVisitorToken(Jwt)).toBe(false);
    const visitor = new Headers({ SessionIdentifier: '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b' });
    addVisitorToken(visitor);
    expect(visitor.get('X-Visitor-Token')).toBe(Jwt);
    const person = new Headers({ Authorization: 'Bearer x' });
    addVisitorToken(person);
    expect(person.has('X-Visitor-Token')).toBe(false);

    expect(setVisitorToken('not a token')).toBe(true);
    expect(visitorToken()).toBeNull();
    const after = new Headers({ SessionIdentifier: 'x' });
    addVisitorToken(after);
    expect(after.has('X-Visitor-Token')).toBe(false);
  });
});
