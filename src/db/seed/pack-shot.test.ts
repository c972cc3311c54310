import { describe, expect, it } from 'vitest'
import { packShotSvg } from './pack-shot'

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
})
