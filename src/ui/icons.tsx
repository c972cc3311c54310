import type { SVGProps } from 'react'

/** Line icons drawn for the shop (24×24, currentColor). */
type IconProps = SVGProps<SVGSVGElement> & { size?: number }

function Icon({ size = 24, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  )
}

export const CartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.7a1 1 0 0 0 1-.8L21 8H6.2" />
    <circle cx="9" cy="20" r="1.3" />
    <circle cx="17" cy="20" r="1.3" />
  </Icon>
)
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon {...p} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9Z" />
  </Icon>
)
export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
)
export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
)
export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
)
export const ChevronIcon = ({ direction = 'right', ...p }: IconProps & { direction?: 'left' | 'right' | 'down' | 'up' }) => {
  const d = { right: 'm9 5 7 7-7 7', left: 'm15 5-7 7 7 7', down: 'm5 9 7 7 7-7', up: 'm5 15 7-7 7 7' }[direction]
  return (
    <Icon {...p}>
      <path d={d} />
    </Icon>
  )
}
export const LeafLogo = (p: IconProps) => (
  <svg width={p.size ?? 32} height={p.size ?? 32} viewBox="0 0 32 32" aria-hidden="true" className={p.className}>
    <circle cx="16" cy="16" r="16" fill="#2f9e5b" />
    <path d="M9 20c0-7 5-11 14-11-1 8-5 13-12 13l-2 2" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    <path d="M12 19c2-3 5-5 8-6" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
)
