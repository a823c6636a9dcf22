// Images counted by their pixels before any decoding, and re-encoded smaller in their own format.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { blackPng, icoOf, makePng } from '../test/upload-fixtures.js';
import { AppError } from './errors.js';
import { checkIcon, fitImage, ImageUnreadableError } from './images.js';

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
};

describe('fitImage', () => {
  it('refuses the 20000 × 20000 PNG (400 kB, 1.2 GB decoded) with 413 from its header alone', async () => {
    const bomb = blackPng(20000, 20000);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const e = await refusal(fitImage(bomb, { maxSide: 512, what: 'avatar' }));
    expect(e).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: 'The avatar is 20000 × 20000 pixels, more than the limit of 50 megapixels.',
      details: [{ field: 'file', message: 'At most 50 megapixels' }],
    });
  });

  it('keeps an image that fits as it was uploaded', async () => {
    const png = await makePng(300, 200);
    const fitted = await fitImage(png, { maxSide: 512, what: 'image' });
    expect(fitted).toMatchObject({ width: 300, height: 200, resized: false });
    expect(fitted.data.equals(png)).toBe(true);
  });

  it('re-encodes a larger one within the side, in its own format', async () => {
    const png = await fitImage(blackPng(6000, 3000), { maxSide: 1024, what: 'logo' });
    expect(png).toMatchObject({ width: 1024, height: 512, resized: true });
    expect(await sharp(png.data).metadata()).toMatchObject({ format: 'png', width: 1024, height: 512 });

    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const fitted = await fitImage(jpeg, { maxSide: 512, what: 'avatar' });
    expect(await sharp(fitted.data).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 341 });
  });

  it('counts every frame of an animation and keeps the frames when it re-encodes', async () => {
    // frames of different colours: the GIF encoder merges identical ones
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 800, height: 800, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const fitted = await fitImage(gif, { maxSide: 200, what: 'avatar' });
    expect(await sharp(fitted.data).metadata()).toMatchObject({ format: 'gif', width: 200, pages: 3 });
    expect(fitted).toMatchObject({ width: 200, height: 200 });
  });

  it('says when the bytes do not decode', async () => {
    const png = await makePng(50, 50);
    await expect(fitImage(png.subarray(0, 20), { maxSide: 512, what: 'image' })).rejects.toBeInstanceOf(ImageUnreadableError);
  });
});

describe('checkIcon', () => {
  it('takes icon-sized images, PNG or BMP', async () => {
    const bmp = Buffer.alloc(40 + 16 * 16 * 4 + 64);
    bmp.writeUInt32LE(40, 0);
    bmp.writeInt32LE(16, 4);
    bmp.writeInt32LE(32, 8);
    expect(() =>
      checkIcon(
        icoOf([
          { data: bmp, side: 16 },
          { data: blackPng(256, 256), side: 256 },
        ]),
        'favicon',
      ),
    ).not.toThrow();
  });

  it('refuses an ICO whose PNG is larger than its directory says, by the PNG’s own header', () => {
    let e: unknown;
    try {
      checkIcon(icoOf([{ data: blackPng(20000, 20000), side: 256 }]), 'favicon');
    } catch (err) {
      e = err;
    }
    expect(e).toMatchObject({ status: 413, message: 'The favicon holds an image of 20000 × 20000 pixels; icons may be at most 256 × 256.' });
  });

  it('says when an ICO is malformed', () => {
    expect(() => checkIcon(Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(40, 1)]), 'favicon')).toThrow(ImageUnreadableError);
  });
});
