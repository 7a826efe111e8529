import type { FieldIndex } from '../../types';
import type { APIError, APIForbiddenError, APINotFound, APIValidationError, BindingError } from '../error';
import { resourceFields } from '../fieldKinds';

/** Field index of error bodies. */
export const errorFields = {
  APIError: resourceFields<APIError>({
    message: 'string',
    url: 'string',
  }),
  APIValidationError: resourceFields<APIValidationError>({
    message: 'string',
    url: 'string',
  }),
  APIForbiddenError: resourceFields<APIForbiddenError>({
    message: 'string',
    url: 'string',
  }),
  APINotFound: resourceFields<APINotFound>({
    message: 'string',
    url: 'string',
    errors: 'array',
  }),
  BindingError: resourceFields<BindingError>({
    fieldNames: 'array',
    classification: 'string',
    message: 'string',
  }),
} satisfies Partial<FieldIndex>;
