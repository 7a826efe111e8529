import type { BodySpec, ParamSpec, SuccessSpec } from '../operationSpec';
import type { Operation } from '../operations';
import type { TypeName, TypeRegistry } from '../types';
import type { Page } from './paging';
import type { RequestOptions } from './options';

/*
 * Types derived from the `as const` catalogue. Every type here looks at one entry at a time, and
 * `OperationById` indexes the entries by id in one pass, so tsc's work grows linearly with the
 * catalogue. Optional fields of an entry (pathParams, queryParams, body) are probed with
 * `extends { field: infer X }`, never indexed, so entries without them are simply "no such argument".
 */

type NoArguments = Record<never, never>;

/** Each operation of `Ops` under its id. */
export type OperationsById<Ops extends { readonly operationId: string }> = {
  [Op in Ops as Op['operationId']]: Op;
};

export type OperationById = OperationsById<Operation>;

type ParamValue<P extends ParamSpec> = P extends { readonly enum: readonly (infer Choice extends string)[] }
  ? P extends { readonly type: 'string[]' }
    ? readonly Choice[]
    : Choice
  : P['type'] extends 'integer'
    ? number
    : P['type'] extends 'boolean'
      ? boolean
      : P['type'] extends 'string[]'
        ? readonly string[]
        : P['type'] extends 'integer[]'
          ? readonly number[]
          : string;

export type ParamsOf<Op, Field extends 'pathParams' | 'queryParams'> = Op extends {
  readonly [F in Field]: readonly (infer P extends ParamSpec)[];
}
  ? P
  : never;

/** A URL cannot be built without every placeholder, so every path parameter is required. */
type PathArgs<Op> = { [P in ParamsOf<Op, 'pathParams'> as P['name']]: ParamValue<P> };

type QueryArgs<Op> = {
  [
    P in ParamsOf<Op, 'queryParams'> as P extends { readonly required: true } ? P['name'] : never
  ]: ParamValue<P>;
} & {
  [
    P in ParamsOf<Op, 'queryParams'> as P extends { readonly required: true } ? never : P['name']
  ]?: ParamValue<P>;
};

/** A file upload takes a `Blob` (a `File` carries its name); a text body a string. */
type BodyValue<B extends BodySpec> = B['type'] extends TypeName
  ? TypeRegistry[B['type']]
  : B['type'] extends 'file'
    ? Blob
    : string;

type BodyArgs<Op> = Op extends { readonly body: infer B extends BodySpec }
  ? B extends { readonly required: true }
    ? { body: BodyValue<B> }
    : { body?: BodyValue<B> }
  : NoArguments;

type Flatten<T> = { [K in keyof T]: T[K] };

/** The one argument object of an operation: path and query parameters by name, and `body`. */
export type OperationArgs<Op> = Flatten<PathArgs<Op> & QueryArgs<Op> & BodyArgs<Op>>;

type SuccessValue<S extends SuccessSpec> = S extends { readonly content: 'text' | 'html' | 'form' }
  ? string
  : S extends { readonly content: 'binary' }
    ? Uint8Array
    : S extends { readonly content: 'empty' }
      ? void
      : S extends { readonly type: infer T extends TypeName }
        ? S extends { readonly list: true }
          ? TypeRegistry[T][]
          : TypeRegistry[T]
        : S extends { readonly content: 'json' }
          ? unknown
          : void;

/** What the operation's promise resolves to. */
export type OperationResult<Op> = Op extends { readonly success: infer S extends SuccessSpec }
  ? SuccessValue<S>
  : never;

/** `(args?, options?)` when no argument is required, `(args, options?)` otherwise. */
export type OperationParameters<Op, Options = RequestOptions> =
  NoArguments extends OperationArgs<Op>
    ? [args?: OperationArgs<Op>, options?: Options]
    : [args: OperationArgs<Op>, options?: Options];

export type OperationMethod<Op> = (...parameters: OperationParameters<Op>) => Promise<OperationResult<Op>>;

/** One method per operation of `Ops`, named by its id. */
export type ApiMethodsOf<Ops extends { readonly operationId: string }> = {
  readonly [Op in Ops as Op['operationId']]: OperationMethod<Op>;
};

export type ApiMethods = ApiMethodsOf<Operation>;

/**
 * Ids of the operations that answer a list, which `page` and `paginate` accept. Filtered over the union
 * (linear): a mapped type indexed by its own keys made tsc's work grow with the square of the catalogue.
 */
export type ListOperationId = Extract<
  Operation,
  { readonly success: { readonly list: true } }
>['operationId'];

export type ListItem<Op> = OperationResult<Op> extends readonly (infer Item)[] ? Item : never;

export type PageOf<Op> = Page<ListItem<Op>>;

/** Options of `paginate`, besides the per-request ones. */
export interface PaginateOptions extends RequestOptions {
  readonly maxPages?: number;
}
