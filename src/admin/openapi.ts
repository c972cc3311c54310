import { z } from 'zod'
import type { Endpoint } from './endpoint'

/**
 * The OpenAPI 3.1 document of the back office's API, built from the endpoint definitions and their
 * zod schemas (draft 2020-12 JSON Schema, which OpenAPI 3.1 takes as is). Nothing here is written by
 * hand but the frame.
 */
type JsonSchema = Record<string, unknown>

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return []
  const described = jsonSchema(schema, 'input')
  const properties = (described.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((described.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    }
  })
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const ERROR = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] }
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } })

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/admin\//, '')
    .split(/[/{}.-]+/)
    .filter(Boolean)
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('')
}

export function openApiDocument(endpoints: readonly Endpoint[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const { spec } of endpoints) {
    const ok =
      spec.response === 'csv'
        ? { description: 'CSV (UTF-8 с BOM, разделитель «;»)', content: { 'text/csv': { schema: { type: 'string' } } } }
        : spec.response === 'pdf'
          ? { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } }
          : spec.response === 'xlsx'
            ? { description: 'Книга Excel (XLSX)', content: { [XLSX_TYPE]: { schema: { type: 'string', contentMediaType: XLSX_TYPE } } } }
            : { description: 'Готово', content: { 'application/json': { schema: jsonSchema(spec.response, 'input') } } }
    paths[spec.path] ??= {}
    paths[spec.path]![spec.method.toLowerCase()] = {
      operationId: operationId(spec.method, spec.path),
      summary: spec.summary,
      tags: [spec.tag],
      'x-permission': spec.permission,
      parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } } } : {}),
      ...(spec.upload
        ? { requestBody: { required: true, content: Object.fromEntries(spec.upload.mediaTypes.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])) } }
        : {}),
      responses: {
        '200': ok,
        '400': errorAnswer('Неверные данные'),
        '401': errorAnswer('Нет сессии или токена'),
        '403': errorAnswer('Недостаточно прав'),
        '404': errorAnswer('Не найдено'),
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API панели управления',
      version: '1.0.0',
      description: 'Всё, что делает панель управления /admin/, доступно интеграциям: токен API (его выпускает владелец) с ролью или сессия сотрудника.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }, { staffSession: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        staffSession: { type: 'apiKey', in: 'cookie', name: 'admin_session' },
      },
      schemas: { Error: ERROR },
    },
    paths,
  }
}
