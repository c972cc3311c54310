import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RichText } from './article-blocks'

describe('RichText', () => {
  it('cleans stored HTML again as it renders it, so an old or hand-edited row cannot run script', () => {
    const html = renderToStaticMarkup(<RichText html={'<p onclick="steal()">Текст</p><script>steal()</script><img src=x onerror=steal()>'} />)
    expect(html).toContain('<p>Текст</p>')
    expect(html).not.toMatch(/script|onclick|onerror/)
  })
})
