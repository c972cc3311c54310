import { describe, expect, it } from 'vitest'
import { MAX_PICTURE_BYTES, PICTURE_FILE_NAME, PICTURE_SIZE_NAMES, PICTURE_SIZES, pictureFileName, sniffPicture } from './media'

const bytes = (...b: number[]) => new Uint8Array(b)
const ascii = (s: string) => new TextEncoder().encode(s)

describe('sniffPicture', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffPicture(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg')
    expect(sniffPicture(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png')
    expect(sniffPicture(new Uint8Array([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]))).toBe('webp')
  })

  it('refuses a program, an SVG, a GIF, a WAV in RIFF and anything cut short, whatever the name says', () => {
    expect(sniffPicture(new Uint8Array([...ascii('MZ'), 0x90, 0, 3, 0, 0, 0]))).toBeNull()
    expect(sniffPicture(ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull()
    expect(sniffPicture(ascii('GIF89a'))).toBeNull()
    expect(sniffPicture(new Uint8Array([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WAVEfmt ')]))).toBeNull()
    expect(sniffPicture(bytes(0xff, 0xd8))).toBeNull()
    expect(sniffPicture(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull()
    expect(sniffPicture(new Uint8Array(0))).toBeNull()
  })
})

describe('picture sizes', () => {
  it('are the storefront\u2019s three, each large enough for where it shows at 2×', () => {
    expect(PICTURE_SIZE_NAMES).toEqual(['thumb', 'card', 'gallery'])
    // Thumbnails 84 px and cart lines 96 px; cards about 240 px; the main slide 530 px high.
    expect(PICTURE_SIZES.thumb).toBeGreaterThanOrEqual(2 * 96)
    expect(PICTURE_SIZES.card).toBeGreaterThanOrEqual(2 * 240)
    expect(PICTURE_SIZES.gallery).toBeGreaterThanOrEqual(2 * 530)
    expect(MAX_PICTURE_BYTES).toBe(10 * 1024 * 1024)
  })

  it('name each file by its content hash, in the pattern the serving route accepts', () => {
    const name = pictureFileName('0123456789abcdef'.repeat(4))
    expect(name).toBe('0123456789abcdef0123456789abcdef.webp')
    expect(PICTURE_FILE_NAME.test(name)).toBe(true)
    expect(PICTURE_FILE_NAME.test('../session-secret')).toBe(false)
    expect(PICTURE_FILE_NAME.test('0123456789abcdef0123456789abcdef.svg')).toBe(false)
  })
})
