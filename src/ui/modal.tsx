'use client'

import { useEffect, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'

/**
 * Accessible modal on the native <dialog>: focus trap, Escape and backdrop close, page scroll locked
 * while open and restored after.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  className = '',
  size = 'md',
}: {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  className?: string
  size?: 'sm' | 'md' | 'lg' | 'full'
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      const previous = document.body.style.overflow
      document.body.style.overflow = 'hidden'
      return () => {
        document.body.style.overflow = previous
      }
    }
    if (!open && dialog.open) dialog.close()
  }, [open])
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', full: 'max-w-none h-full' }[size]
  return (
    <dialog
      ref={ref}
      aria-label={typeof title === 'string' ? title : undefined}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className={`m-auto w-[calc(100%-1rem)] ${width} rounded-2xl p-0 backdrop:bg-black/50 ${className}`}
    >
      {open && (
        <div className="p-5 sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 className="text-xl font-bold">{title}</h2>
            <button type="button" onClick={onClose} aria-label="Закрыть" className="-m-2 rounded-full p-2 hover:bg-surface">
              <CloseIcon />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
