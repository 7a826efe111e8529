import type { TypeName, TypeRegistry } from '../types';

/** The JSON kind of a field's value. */
export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** One field of a type, as the runtime index describes it. */
export interface FieldInfo {
  readonly name: string;
  readonly kind: FieldKind;
  /** A request body must carry it (option types only). */
  readonly required?: boolean;
  /** The values the API accepts (option types only). */
  readonly enum?: readonly string[];
}

/**
 * The fields of `T`. The phantom `describes` property lets the index check, at compile time, that each entry
 * was built for the type it is filed under.
 */
export type FieldList<T> = readonly FieldInfo[] & { readonly describes?: T };

/** The runtime index: every registered type with its fields. */
export type FieldIndex = { readonly [K in TypeName]: FieldList<TypeRegistry[K]> };

/** Field names of an object type; none for scalars, arrays and maps. */
type KnownKeys<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? string extends keyof T
      ? never
      : Extract<keyof T, string>
    : never;

/** The kinds a value of type `V` may be declared as (a TS number is an integer or a number). */
type KindOf<V> = [V] extends [never]
  ? FieldKind
  : [V] extends [string]
    ? 'string'
    : [V] extends [number]
      ? 'integer' | 'number'
      : [V] extends [boolean]
        ? 'boolean'
        : [V] extends [readonly unknown[]]
          ? 'array'
          : 'object';

type Kind<T, P extends keyof T> = KindOf<NonNullable<T[P]>>;
type Values<T, P extends keyof T> = readonly NonNullable<T[P]>[];

/** A required body field must say so; an optional one may not. Enum values must belong to the field's type. */
type BodyFieldSpec<T, P extends keyof T> = undefined extends T[P]
  ? Kind<T, P> | { readonly kind: Kind<T, P>; readonly enum: Values<T, P> }
  : { readonly kind: Kind<T, P>; readonly required: true; readonly enum?: Values<T, P> };

/** Every field of `T` must be listed, and no other: a missing or misspelled field is a compile error. */
type ResourceSpec<T> = { readonly [P in KnownKeys<T>]-?: Kind<T, P> };
type BodySpec<T> = { readonly [P in KnownKeys<T>]-?: BodyFieldSpec<T, P> };

function toList<T>(spec: object): FieldList<T> {
  return Object.entries(spec).map(([name, info]: [string, FieldKind | Omit<FieldInfo, 'name'>]) =>
    typeof info === 'string' ? { name, kind: info } : { name, ...info },
  );
}

/** The fields of a response/resource type. */
export function resourceFields<T>(spec: ResourceSpec<T>): FieldList<T> {
  return toList<T>(spec);
}

/** The fields of a request body type, with what a body must carry. */
export function bodyFields<T>(spec: BodySpec<T>): FieldList<T> {
  return toList<T>(spec);
}

/** Scalars, arrays and maps have no fields. */
export function noFields<T>(): FieldList<T> {
  return [];
}
