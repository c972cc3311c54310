import { signIn, signOut, whoAmI } from '@/admin/api/session'

export const GET = whoAmI
export const POST = signIn
export const DELETE = signOut
