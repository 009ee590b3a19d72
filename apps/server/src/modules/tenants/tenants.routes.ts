import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import {
  createScopeBody,
  customerMessages,
  customerQuotas,
  customerQuotasQuery,
  customerQuotaUse,
  customerQuotaUseList,
  customersPage,
  customersQuery,
  hierarchyNode,
  IMAGE_MAX_BYTES,
  rootTenantResponse,
  scope,
  scopeIdResponse,
  serverMessages,
  updateScopeBody,
  uploadImagesResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/access.ts';
import type { CustomersService, UploadedImages } from './customers.service.ts';
import type { QuotasService } from './quotas.service.ts';

/** A scope's fields are short: 16 KiB is plenty. */
const SCOPE_BODY_LIMIT = 16 * 1024;

/** The image parts of the upload and where each goes. */
const IMAGE_PARTS = { logoFile: 'logo', favIconFile: 'favIcon' } as const;
type ImagePart = keyof typeof IMAGE_PARTS;

const uploadFields = z.object({
  scopeId: z.string().min(1).max(100),
  /** Which images the form included; informational (the parts themselves say which were sent). */
  includedFiles: z.string().max(200).optional(),
});

/** The tenant calls of spec 000 section 7 (paths as written, typos included) and the customers list. */
export const tenantsRoutes: FastifyPluginAsyncZod<{
  customers: CustomersService;
  quotas: QuotasService;
}> = async (app, { customers, quotas }) => {
  app.get(
    '/api/hirarchy',
    {
      config: { access: 'HIERARCHY_READ' },
      schema: {
        tags: ['tenants'],
        summary: "The caller's own scope and everything below it, as a tree",
        response: { 200: hierarchyNode },
      },
    },
    async (request) => customers.ownHierarchy(principalOf(request)),
  );

  app.get(
    '/api/hierarchy/scope',
    {
      config: { access: 'HIERARCHY_READ' },
      schema: {
        tags: ['tenants'],
        summary: 'A reachable scope and everything below it, with gateway counts per scope',
        querystring: z.object({ scopeId: z.string().min(1).max(100) }),
        response: { 200: hierarchyNode },
      },
    },
    async (request) => customers.hierarchy(principalOf(request), request.query.scopeId),
  );

  // HIERARCHY_READ, which every user holds: the same record is in the hierarchy calls already, so a
  // stricter permission here would protect nothing (and the shell reads its own scope with it).
  app.get(
    '/api/scope/:id',
    {
      config: { access: 'HIERARCHY_READ' },
      schema: {
        tags: ['tenants'],
        summary: 'One reachable scope',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: scope },
      },
    },
    async (request) => customers.scope(principalOf(request), request.params.id),
  );

  app.get(
    '/api/getRootTenantId/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tenants'],
        summary: 'Id of the root (admin) tenant',
        response: { 200: rootTenantResponse },
      },
    },
    async () => {
      const id = await customers.rootTenantId();
      return { rootScopeId: id, rootTenantId: id };
    },
  );

  app.get(
    '/api/customers',
    {
      config: { access: 'TOP_LEVEL_SCOPE_READ' },
      schema: {
        tags: ['tenants'],
        summary: 'Customers (every tenant but the root one), searched, sorted and paged',
        querystring: customersQuery,
        response: { 200: customersPage },
      },
    },
    async (request) => customers.customers(principalOf(request), request.query),
  );

  app.get(
    '/api/customers/csv',
    {
      config: { access: 'TOP_LEVEL_SCOPE_READ' },
      schema: {
        tags: ['tenants'],
        summary: 'Customers.csv: the customers list for the same search and sort, unpaged',
        querystring: customersQuery,
      },
    },
    async (request, reply) => {
      const csv = await customers.customersCsv(principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="Customers.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // Quotas (docs/quotas.md): root only; the service answers 403 to others and 404 for a scope out of reach.
  app.get(
    '/api/customers/quotas',
    {
      config: { access: 'TOP_LEVEL_SCOPE_READ' },
      schema: {
        tags: ['tenants'],
        summary: 'Quotas of these customers and their use (root only; ids comma-separated, at most 100)',
        querystring: customerQuotasQuery,
        response: { 200: customerQuotaUseList },
      },
    },
    async (request) => quotas.quotasOf(principalOf(request), request.query.ids),
  );

  app.get(
    '/api/customers/:id/quotas',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tenants'],
        summary:
          "A customer's quotas and its use: root for any customer, a customer's users for their own and those below it",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: customerQuotaUse },
      },
    },
    async (request) => quotas.quotasOfCustomer(principalOf(request), request.params.id),
  );

  app.put(
    '/api/customers/:id/quotas',
    {
      config: { access: 'SCOPE_UPDATE' },
      schema: {
        tags: ['tenants'],
        summary: "Set a customer's quotas (root only; null: unlimited); answers them with their use",
        params: z.object({ id: z.string().min(1).max(100) }),
        body: customerQuotas,
        response: { 200: customerQuotaUse },
      },
    },
    async (request) => quotas.setQuotas(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/createScope',
    {
      config: { access: 'SCOPE_WRITE' },
      bodyLimit: SCOPE_BODY_LIMIT,
      schema: {
        tags: ['tenants'],
        summary: "Create a customer below a reachable scope (default: the caller's own)",
        body: createScopeBody,
        response: { 201: scopeIdResponse },
      },
    },
    async (request, reply) => {
      const created = await customers.create(principalOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/updateScope',
    {
      config: { access: 'SCOPE_UPDATE' },
      bodyLimit: SCOPE_BODY_LIMIT,
      schema: {
        tags: ['tenants'],
        summary: 'Update a reachable scope: colours, e-mail domain, customer id (the label is read-only)',
        body: updateScopeBody,
        response: { 200: scope },
      },
    },
    async (request) => customers.update(principalOf(request), request.body),
  );

  // Multipart only for this plugin's routes; files are read by the handler, at most IMAGE_MAX_BYTES each.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 5, fieldSize: 1000, parts: 7, headerPairs: 20 },
  });

  app.post(
    '/v1/auth-service/upload-images-files',
    {
      config: { access: 'SCOPE_UPDATE' },
      schema: {
        tags: ['tenants'],
        summary: 'Logo and/or favicon of a reachable scope (multipart: logoFile, favIconFile, scopeId)',
        consumes: ['multipart/form-data'],
        response: { 200: uploadImagesResponse },
      },
    },
    async (request) => {
      const fields: Record<string, string> = {};
      const images: Omit<UploadedImages, 'scopeId'> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const target = IMAGE_PARTS[part.fieldname as ImagePart] as 'logo' | 'favIcon' | undefined;
        if (!target || images[target]) {
          part.file.resume();
          throw new AppError('VALIDATION_ERROR', `Unexpected file part '${part.fieldname}'.`);
        }
        images[target] = await readImage(part);
      }
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', serverMessages.scopeIdRequired);
      return customers.uploadImages(principalOf(request), { scopeId: parsed.data.scopeId, ...images });
    },
  );
};

/** The part's bytes, refused once they pass IMAGE_MAX_BYTES (the parser stops reading there). */
async function readImage(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    chunks.push(chunk);
  }
  if (part.file.truncated || size > IMAGE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', customerMessages.imageTooLarge);
  return Buffer.concat(chunks);
}
