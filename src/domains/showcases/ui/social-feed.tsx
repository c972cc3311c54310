'use client'

import { useEffect, useRef, useState } from 'react'
import { postForm } from '@/lib/ajax-client'

interface Post {
  link: string
  img: string
  text?: string
}

/**
 * The community feed: posts come from POST /ajax/vkontakte/ (GET=Y), which serves our stored copies,
 * loaded when the block nears the screen. A failure leaves the block empty (the spec logs only).
 */
export function SocialFeed({ limit = 6 }: { limit?: number }) {
  const [posts, setPosts] = useState<Post[]>([])
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = root.current
    if (!el) return
    let done = false
    const load = () => {
      if (done) return
      done = true
      postForm<Post[]>('/ajax/vkontakte/', { GET: 'Y' })
        .then((list) => setPosts(Array.isArray(list) ? list.slice(0, limit) : []))
        .catch((error: unknown) => console.warn('social feed', error))
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: '400px' })
    observer.observe(el)
    return () => observer.disconnect()
  }, [limit])

  return (
    <div ref={root} data-block="social-feed" className="min-h-10">
      {posts.length > 0 && (
        <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-5 md:grid-cols-6">
          {posts.map((p) => (
            <li key={p.link}>
              <a href={p.link} target="_blank" rel="noopener noreferrer" className="group block overflow-hidden rounded-xl" title={p.text}>
                <img src={p.img} alt={p.text ?? 'Пост сообщества'} loading="lazy" className="aspect-square w-full object-cover transition-transform group-hover:scale-105" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
