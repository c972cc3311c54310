import { createRecipeEndpoint, listRecipesEndpoint } from '@/admin/api/programme'

export const GET = listRecipesEndpoint.serve
export const POST = createRecipeEndpoint.serve
