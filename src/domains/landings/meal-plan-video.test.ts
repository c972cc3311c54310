import { describe, expect, it } from 'vitest'
import { VIDEO_FRAME_ORIGINS, videoSource } from './meal-plan-video'

describe('meal-plan video addresses (ADR 209)', () => {
  it('plays a YouTube, Rutube or VK Video page in that host’s embed player', () => {
    const yt = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toEqual({
      kind: 'embed',
      host: 'youtube',
      src: yt,
    })
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ')).toEqual({ kind: 'embed', host: 'youtube', src: yt })
    expect(videoSource('https://youtube.com/shorts/dQw4w9WgXcQ')?.kind).toBe('embed')
    expect(videoSource('https://rutube.ru/video/0123456789abcdef0123456789abcdef/')).toEqual({
      kind: 'embed',
      host: 'rutube',
      src: 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef?autoplay=1',
    })
    expect(videoSource('https://vkvideo.ru/video-22822305_456242110')).toEqual({
      kind: 'embed',
      host: 'vk',
      src: 'https://vkvideo.ru/video_ext.php?oid=-22822305&id=456242110&autoplay=1',
    })
    expect(videoSource('https://vk.com/video_ext.php?oid=-1&id=2&hash=x')?.kind).toBe('embed')
    for (const s of [yt, 'https://rutube.ru/x', 'https://vkvideo.ru/x'])
      expect(VIDEO_FRAME_ORIGINS.some((o) => s.startsWith(`${o}/`))).toBe(true)
  })

  it('plays a file of the site with <video>, and an empty address shows the placeholder', () => {
    expect(videoSource('/video/turbo/step-1.mp4')).toEqual({ kind: 'file', src: '/video/turbo/step-1.mp4' })
    expect(videoSource('')).toEqual({ kind: 'none' })
  })

  it('refuses any other host, a plain-http or look-alike address, a script and a path out of the site', () => {
    for (const bad of [
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://rutube.ru/video/not-an-id/',
      'https://vk.com/id1',
      'javascript:alert(1)',
      '//evil.example/a.mp4',
      '/video/../secret.mp4',
      '/video/clip.exe',
      'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
    ])
      expect(videoSource(bad), bad).toBeNull()
  })
})
