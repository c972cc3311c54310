import { permanentRedirect } from 'next/navigation'

/** The section has no page of its own: its index is the materials list. */
export default function HealthIndex() {
  permanentRedirect('/health/additionals/')
}
