// Error bodies.

/** An api error with a message */
export interface APIError {
  message: string;
  url: string;
}

/** The 422 body of current Gitea; v1.3 answered an array of BindingError instead */
export interface APIValidationError {
  message: string;
  url: string;
}

/** A 403 body */
export interface APIForbiddenError {
  message: string;
  url: string;
}

/** A 404 body of current Gitea; v1.3 often answered 404 with an empty body */
export interface APINotFound {
  message: string;
  url: string;
  errors?: string[];
}

/** One element of the v1.3 validation error array (go-macaron binding), answered with 422 */
export interface BindingError {
  fieldNames: string[];
  /** e.g. `RequiredError` */
  classification: string;
  message: string;
}
