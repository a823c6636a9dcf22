// The talking avatar (docs/speech.md, "Avatar"), without zod so that the browser bundle can use it: what the server
// holds per open avatar and the limits of its calls.

/** An open avatar that has had no call and said nothing for this long is closed (Azure ends idle ones after 5 min). */
export const AvatarIdleMs = 4 * 60_000;
/** Avatars one person may have open at once (one per conversation); a further connect closes their oldest. */
export const AvatarMaxPerPerson = 2;
/** Connects one person may make in a minute (each opens a paid avatar session); beyond, 429 with Retry-After. */
export const AvatarConnectsPerMinute = 10;
/** The longest SDP offer accepted (a browser's offer with its ICE candidates is a few kilobytes). */
export const AvatarSdpMaxChars = 64 * 1024;
/** The avatar Azure AI Speech shows: one of its standard characters and a style of it. */
export const AvatarCharacter = 'lisa';
export const AvatarStyle = 'casual-sitting';
