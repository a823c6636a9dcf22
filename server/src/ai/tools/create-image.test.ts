// What the image tool lets through from a model and an image provider: titles that cannot break out of
// the markdown, and only bytes that are really PNG, JPEG, WebP or GIF.
import { describe, expect, it } from 'vitest';
import { cleanImageTitle, sniffImageType } from './create-image.js';
import { FakeImagePng } from '../../test/fake-upstreams.js';

describe('cleanImageTitle', () => {
  it('keeps one plain line that cannot end the alt text or start HTML', () => {
    expect(cleanImageTitle('Lighthouse at dusk')).toBe('Lighthouse at dusk');
    expect(cleanImageTitle('x](https://attacker.example/a.png) ![y')).toBe('x (https://attacker.example/a.png) ! y');
    expect(cleanImageTitle('<img src=x onerror=alert(1)>\nsecond line')).toBe('img src=x onerror=alert(1) second line');
    expect(cleanImageTitle('   ')).toBe('Generated image');
    expect(cleanImageTitle(undefined)).toBe('Generated image');
    expect(Array.from(cleanImageTitle('🌅'.repeat(300)))).toHaveLength(100);
  });
});

describe('sniffImageType', () => {
  it('names the type the bytes show and refuses anything else', async () => {
    expect(sniffImageType(await FakeImagePng())).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<html>'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
