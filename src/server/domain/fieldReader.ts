/**
 * Typed reads of a request's fields, as a service needs them without knowing HTTP (http/bodyFields.ts
 * implements it): absent → undefined, a wrong type → a 422 naming the field.
 */
export interface FieldReader {
  has(name: string): boolean;
  string(name: string): string | undefined;
  boolean(name: string): boolean | undefined;
  integer(name: string): number | undefined;
  stringArray(name: string): string[] | undefined;
}
