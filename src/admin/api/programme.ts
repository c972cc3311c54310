import { z } from 'zod'
import { db } from '@/db/client'
import {
  programmePatch,
  programmeView,
  recipeInput,
  recipeList,
  recipePatch,
  recipeView,
} from '@/domains/landings/programme-admin.schema'
import {
  createRecipe,
  listRecipes,
  programme,
  recipeById,
  updateProgramme,
  updateRecipe,
} from '@/domains/landings/programme-admin.server'
import { mealPlanPatch, mealPlanView } from '@/domains/landings/programme-meal-plan-admin.schema'
import { mealPlan, updateMealPlan } from '@/domains/landings/programme-meal-plan-admin.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** The weight-loss programme's products and the meal plan's recipes (issue 20, ADR 202). */
const id = z.object({ id: wire.id })
const TAG = 'Программа похудения'

export const readProgrammeEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/programme',
  permission: 'catalog.read',
  summary: 'Программа похудения: вступление, фильтры и товары по этапам',
  tag: TAG,
  response: programmeView,
  handle: () => programme(db()),
})

export const updateProgrammeEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/programme',
  permission: 'content.write',
  summary: 'Изменить вступление или список товаров программы (коды, фильтры, этап)',
  tag: TAG,
  body: programmePatch,
  response: programmeView,
  handle: ({ body, actor }) => updateProgramme(db(), actor, body),
})

export const readMealPlanEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/meal-plan',
  permission: 'catalog.read',
  summary: 'Меню программы: этапы (блюда и видео) и эксперты, по порядку на странице, и все рецепты',
  tag: TAG,
  response: mealPlanView,
  handle: () => mealPlan(db()),
})

export const updateMealPlanEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/meal-plan',
  permission: 'content.write',
  summary:
    'Изменить меню программы: вступление, три этапа (блюда с рецептами по коду, видео YouTube, Rutube, VK Видео или файл сайта) и экспертов; порядок списков — порядок на странице',
  tag: TAG,
  body: mealPlanPatch,
  response: mealPlanView,
  handle: ({ body, actor }) => updateMealPlan(db(), actor, body),
})

export const listRecipesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/recipes',
  permission: 'catalog.read',
  summary: 'Рецепты меню программы',
  tag: TAG,
  response: recipeList,
  handle: () => listRecipes(db()),
})

export const createRecipeEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/recipes',
  permission: 'content.write',
  summary: 'Добавить рецепт',
  tag: TAG,
  body: recipeInput,
  response: recipeView,
  handle: ({ body, actor }) => createRecipe(db(), actor, body),
})

export const readRecipeEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/recipes/{id}',
  permission: 'catalog.read',
  summary: 'Рецепт',
  tag: TAG,
  params: id,
  response: recipeView,
  handle: ({ params }) => recipeById(db(), params.id),
})

export const updateRecipeEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/recipes/{id}',
  permission: 'content.write',
  summary: 'Изменить или скрыть рецепт (скрытый пропадает из меню)',
  tag: TAG,
  params: id,
  body: recipePatch,
  response: recipeView,
  handle: ({ params, body, actor }) => updateRecipe(db(), actor, params.id, body),
})

export const programmeEndpoints = [
  readProgrammeEndpoint,
  updateProgrammeEndpoint,
  readMealPlanEndpoint,
  updateMealPlanEndpoint,
  listRecipesEndpoint,
  createRecipeEndpoint,
  readRecipeEndpoint,
  updateRecipeEndpoint,
]
