import { findUnstorableText } from '@cloudbox/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Any input, held to the domain's storable-text rule: the issue names the field whose text PostgreSQL cannot store. */
const storableInput = z.unknown().superRefine((input, context) => {
  const path = findUnstorableText(input);
  if (path) context.addIssue({ code: 'custom', path, message: 'textUnstorable' });
});

/**
 * The validator of every route's body, query and parameters: the route's zod schema, behind the
 * storable-text rule. Applied here rather than in each schema, no route can forget it, and a NUL
 * in any text answers 400 with that field's message instead of reaching the database.
 */
export const validateInput: FastifySchemaCompiler<z.ZodType> = (route) => validatorCompiler({ ...route, schema: storableInput.pipe(route.schema) });
