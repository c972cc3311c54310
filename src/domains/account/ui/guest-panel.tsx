import type { ReactNode } from 'react'

/** Frame of the guest's account pages: login, registration, recovery. */
export function GuestPanel({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,28rem)_minmax(0,20rem)] md:gap-12">
        <div className="rounded-2xl border border-line bg-white p-4 sm:p-6">{children}</div>
        {aside ? <aside className="rounded-2xl bg-surface p-4 sm:p-6 md:self-start">{aside}</aside> : null}
      </div>
    </div>
  )
}
