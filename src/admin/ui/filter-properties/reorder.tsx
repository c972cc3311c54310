'use client'

import { useState, type DragEvent } from 'react'
import { ui } from '../styles'

/**
 * Drag-to-reorder for one list (native drag and drop, as the sections' list does, ADR 192): the row
 * dragged onto another takes its place. `move` sends the whole new order; the list shows the server's
 * order after it, never a guess.
 */
export function useDragOrder(move: (from: number, to: number) => void, locked: boolean) {
  const [dragged, setDragged] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const rowProps = (i: number) => ({
    draggable: !locked,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move'
      e.dataTransfer.setData('text/plain', String(i))
      setDragged(i)
    },
    onDragEnd: () => {
      setDragged(null)
      setOver(null)
    },
    onDragOver: (e: DragEvent) => {
      if (dragged === null) return
      e.preventDefault()
      setOver(i)
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault()
      const from = dragged
      setDragged(null)
      setOver(null)
      if (from !== null && from !== i) move(from, i)
    },
  })
  const rowClass = (i: number) => `${dragged === i ? 'opacity-50' : ''} ${over === i && dragged !== i ? 'bg-brand-50' : ''}`
  return { rowProps, rowClass }
}

/** The new order of ids after moving one from `from` to `to`. */
export function moved(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

export function DragHandle() {
  return (
    <span aria-hidden="true" className="cursor-grab text-lg leading-none text-ink-600 select-none" title="Перетащите, чтобы изменить порядок">
      ⠿
    </span>
  )
}

/** ↑ ↓ for the keyboard; each names the row it moves. */
export function MoveButtons({ index, count, name, locked, move }: { index: number; count: number; name: string; locked: boolean; move: (from: number, to: number) => void }) {
  return (
    <div className="flex gap-1.5">
      <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label={`Выше: ${name}`} title="Выше" disabled={locked || index === 0} onClick={() => move(index, index - 1)}>
        ↑
      </button>
      <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label={`Ниже: ${name}`} title="Ниже" disabled={locked || index === count - 1} onClick={() => move(index, index + 1)}>
        ↓
      </button>
    </div>
  )
}
