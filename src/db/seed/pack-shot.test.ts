import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { packShotSvg, storePackShot } from './pack-shot'

describe('pack shots', () => {
  it('draws an SVG with the brand, name and size, escaping markup', () => {
    const svg = packShotSvg({
      brand: 'Эвалар',
      name: 'Омега-3 <1000> мг',
      subTitle: 'Для сердца',
      size: '60 капсул',
      color: '#2e7d32',
      form: 'capsules',
    })
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg).toContain('ЭВАЛАР')
    expect(svg).toContain('60 капсул')
    expect(svg).toContain('&#60;1000&#62;')
    expect(svg).not.toContain('<1000>')
  })

  it('stores the drawing as an 800 px WebP', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pack-shot-'))
    try {
      const file = path.join(dir, 'omega-1.webp')
      await storePackShot(file, { brand: 'Эвалар', name: 'Омега-3', subTitle: 'Для сердца', size: '60 капсул', color: '#2e7d32', form: 'powder' })
      const meta = await sharp(file).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 800])
      // The drawing, not a blank: the label's colour is in it.
      const { dominant } = await sharp(file).stats()
      expect(dominant).not.toEqual({ r: 255, g: 255, b: 255 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
