import { redirect } from 'next/navigation'

/** The content area opens on its first list. */
export default function ContentPage() {
  redirect('/admin/content/articles/')
}
